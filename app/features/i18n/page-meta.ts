import { readMessages, type Feature, type Messages } from "~/i18n/catalogue";
import { localeFromPath } from "../../../domain/locale.ts";
import { savedSiteName, type MetaArgsLike } from "~/features/seo/site-name";

/** A page title in the page's language, for route `meta` exports: `pageTitle({ location, matches }, "auth", (m) => m.auth.loginTitle)`. */
export function pageTitle<F extends Feature>(
  args: MetaArgsLike,
  feature: F,
  title: (m: Pick<Messages, F | "common">) => string,
) {
  const m = readMessages(localeFromPath(args.location.pathname), [feature, "common"]);
  return [{ title: `${title(m)} · ${savedSiteName(args, m)}` }];
}
