import { useRootData } from "~/root";
import { intlLocale, type Locale } from "../../../domain/locale.ts";
import { formatMoney } from "../../../domain/money.ts";
import { useLocale } from "../i18n/use-locale";

// One time zone on the server and in the browser (the studio's), so the page hydrates unchanged.
const TIME_ZONE = "America/Toronto";

// Building an Intl formatter costs more than formatting with it: one of each per language.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "dateTime" | "time", locale: Locale): Intl.DateTimeFormat {
  const key = `${kind} ${locale}`;
  let kept = formatters.get(key);
  if (!kept) {
    const style =
      kind === "dateTime" ? ({ dateStyle: "medium", timeStyle: "short" } as const) : { timeStyle: "short" as const };
    kept = new Intl.DateTimeFormat(intlLocale(locale), { ...style, timeZone: TIME_ZONE });
    formatters.set(key, kept);
  }
  return kept;
}

export function formatDateTime(iso: string, locale: Locale): string {
  return formatter("dateTime", locale).format(new Date(iso));
}

export function formatTime(iso: string, locale: Locale): string {
  return formatter("time", locale).format(new Date(iso));
}

/** Money and dates in the page's language and the shop's currency. */
export function useFormatters() {
  const locale = useLocale();
  const { currency } = useRootData();
  return {
    locale,
    money: (cents: number, inCurrency: string = currency) => formatMoney(cents, inCurrency, locale),
    dateTime: (iso: string) => formatDateTime(iso, locale),
    time: (iso: string) => formatTime(iso, locale),
  };
}
