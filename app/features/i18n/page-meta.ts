import { readMessages, type Feature, type Messages } from "~/i18n/catalogue";
import { localeFromPath } from "../../../domain/locale.ts";

/** A page title in the page's language, for route `meta` exports: `pageTitle(pathname, "auth", (m) => m.auth.loginTitle)`. */
export function pageTitle<F extends Feature>(pathname: string, feature: F, title: (m: Pick<Messages, F | "common">) => string) {
  const m = readMessages(localeFromPath(pathname), [feature, "common"]);
  return [{ title: `${title(m)} · ${m.common.siteName}` }];
}
