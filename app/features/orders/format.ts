import { useRootData } from "~/root";
import { intlLocale, type Locale } from "../../../domain/locale.ts";
import { formatMoney } from "../../../domain/money.ts";
import { useLocale } from "../i18n/use-locale";

// One time zone on the server and in the browser (the studio's), so the page hydrates unchanged.
const TIME_ZONE = "America/Toronto";

export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

export function formatTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: "short", timeZone: TIME_ZONE }).format(new Date(iso));
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
