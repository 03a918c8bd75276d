import { useLocation } from "react-router";
import { messagesFor } from "~/i18n";
import { localeFromPath, localizePath, type Locale } from "~/lib/locale";

export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

export function useMessages() {
  return messagesFor(useLocale());
}

/** Turns a spec path ("/store") into this page's language ("/fr/store" in French). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizePath(path, locale);
}
