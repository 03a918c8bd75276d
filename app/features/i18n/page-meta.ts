import { messagesFor, type Messages } from "~/i18n";
import { localeFromPath } from "~/lib/locale";

/** A page title in the page's language, for route `meta` exports. */
export function pageTitle(pathname: string, title: (m: Messages) => string) {
  const m = messagesFor(localeFromPath(pathname));
  return [{ title: `${title(m)} · ${m.common.siteName}` }];
}
