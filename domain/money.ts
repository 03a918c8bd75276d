import { intlLocale, type Locale } from "./locale.ts";

const formatters = new Map<string, Intl.NumberFormat>();

/** Money is integer cents in one currency, formatted for the page's language. */
export function formatMoney(cents: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}
