import { Link, useLocation } from "react-router";
import { localizePath } from "../../../domain/locale.ts";
import { LOCALE_COOKIE, preferenceCookie } from "../../../domain/preferences.ts";
import { useLocale, useMessages } from "../i18n/use-locale";

/** Goes to the same page in the other language, and remembers the choice. */
export function LanguageToggle() {
  const m = useMessages("shell");
  const locale = useLocale();
  const location = useLocation();
  const other = locale === "en" ? "fr" : "en";
  return (
    <Link
      to={localizePath(location.pathname, other) + location.search + location.hash}
      className="icon-btn text-sm font-bold"
      hrefLang={other}
      lang={other}
      aria-label={`${other.toUpperCase()} – ${m.shell.languageSwitch}`}
      onClick={() => {
        document.cookie = preferenceCookie(LOCALE_COOKIE, other);
      }}
    >
      {other.toUpperCase()}
    </Link>
  );
}
