import { intlLocale, type Locale } from "../../../domain/locale.ts";

export function number(value: number, locale: Locale, digits = 1): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: digits }).format(value);
}

export function duration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** A scale factor as the buyer's language writes it (1.5, or 1,5 in French). */
export function factor(value: number, locale: Locale): string {
  return String(value).replace(".", locale === "fr" ? "," : ".");
}
