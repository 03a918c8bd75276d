import { intlLocale, LOCALES, type Locale } from "./locale.ts";

/**
 * How a language writes amounts of one currency, read once from Intl: what goes before and after
 * the digits (the symbol, the sign, their spaces), the separators and the number of decimals.
 * The server sends the site's currency's formats with the page (the root loader), so that the
 * browser formats prices without making an `Intl.NumberFormat` for a currency, which loads the
 * language's currency data: 15 ms of a phone's main thread in the middle of hydration.
 */
export type MoneyFormat = {
  positive: [before: string, after: string];
  negative: [before: string, after: string];
  group: string;
  /** The fewest digits of an integer part that is grouped (1234 or only 12345 and up). */
  groupFrom: number;
  decimal: string;
  digits: number;
};

const formats = new Map<string, MoneyFormat>();
const key = (locale: Locale, currency: string) => `${locale}:${currency}`;

export function moneyFormat(locale: Locale, currency: string): MoneyFormat {
  const known = formats.get(key(locale, currency));
  if (known) return known;
  const intl = new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency });
  const affixes = (value: number): [string, string] => {
    const parts = intl.formatToParts(value);
    const isNumber = (part: Intl.NumberFormatPart) => ["integer", "group", "decimal", "fraction"].includes(part.type);
    const first = parts.findIndex(isNumber);
    const last = parts.findLastIndex(isNumber);
    const text = (from: number, to?: number) =>
      parts
        .slice(from, to)
        .map((part) => part.value)
        .join("");
    return [text(0, first), text(last + 1)];
  };
  const partsOf = (value: number) => intl.formatToParts(value);
  const format: MoneyFormat = {
    positive: affixes(1234567.5),
    negative: affixes(-1234567.5),
    group: partsOf(1234567.5).find((part) => part.type === "group")?.value ?? "",
    groupFrom: partsOf(1234).some((part) => part.type === "group") ? 4 : 5,
    decimal: partsOf(1.5).find((part) => part.type === "decimal")?.value ?? ".",
    digits: intl.resolvedOptions().maximumFractionDigits ?? 2,
  };
  formats.set(key(locale, currency), format);
  return format;
}

/** The formats of a currency in every language of the site (sent with each page). */
export function moneyFormats(currency: string): Record<Locale, MoneyFormat> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, moneyFormat(locale, currency)])) as Record<
    Locale,
    MoneyFormat
  >;
}

/** Formats made elsewhere (the server's, in the page's data) taken as this currency's. */
export function rememberMoneyFormats(currency: string, byLocale: Record<Locale, MoneyFormat>): void {
  for (const locale of LOCALES)
    if (!formats.has(key(locale, currency))) formats.set(key(locale, currency), byLocale[locale]);
}

/** Money is integer cents in one currency, formatted for the page's language. */
export function formatMoney(cents: number, currency: string, locale: Locale): string {
  const format = moneyFormat(locale, currency);
  if (!Number.isInteger(cents))
    return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency }).format(cents / 100);
  const negative = cents < 0 || Object.is(cents, -0);
  // Cents to the currency's decimals, half away from zero as Intl rounds (a currency without cents).
  const scale = 10 ** Math.max(0, 2 - format.digits);
  const units = Math.round(Math.abs(cents) / scale);
  const shown = 10 ** Math.min(format.digits, 2);
  const integer = String(Math.floor(units / shown));
  const fraction =
    format.digits > 0
      ? String(units % shown)
          .padStart(Math.min(format.digits, 2), "0")
          .padEnd(format.digits, "0")
      : "";
  const grouped = integer.length >= format.groupFrom ? integer.replace(/\B(?=(\d{3})+$)/g, format.group) : integer;
  const [before, after] = negative ? format.negative : format.positive;
  return `${before}${grouped}${fraction ? format.decimal + fraction : ""}${after}`;
}
