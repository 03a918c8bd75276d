import { useLocation } from "react-router";
import { readMessages, type Feature, type Messages } from "~/i18n/catalogue";
import { localeFromPath, localizePath, type Locale } from "../../../domain/locale.ts";

export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/**
 * The catalogues of the features a component shows, in the page's language: `useMessages("store",
 * "cart")`. The browser downloads each one when first read (see app/i18n/catalogue.ts).
 */
export function useMessages<F extends Feature>(...features: F[]): Pick<Messages, F> {
  return readMessages(useLocale(), features);
}

/** Turns a spec path ("/store") into this page's language ("/fr/store" in French). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizePath(path, locale);
}
