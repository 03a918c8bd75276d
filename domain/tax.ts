import type { Locale } from "./locale.ts";
import type { Province } from "./provinces.ts";

/**
 * Canadian sales taxes on an order (decision 029). Pure: the browser shows the same figures as the
 * server, which recomputes them from its own tables.
 */
export const TAX_CODES = ["GST", "HST", "QST", "PST"] as const;
export type TaxCode = (typeof TAX_CODES)[number];

/** A rate in millionths (5 % = 50 000; QST 9.975 % = 99 750), in force from a date (YYYY-MM-DD, the studio's day). */
export type TaxRate = { jurisdiction: string; code: TaxCode; ratePpm: number; effectiveFrom: string };
/** A provincial tax (QST, PST) is charged only where the studio is registered to collect it. */
export type TaxRegistration = { jurisdiction: string; registered: boolean };

export type TaxLine = {
  code: TaxCode;
  jurisdiction: string;
  ratePpm: number;
  taxableBaseCents: number;
  amountCents: number;
};

export const FEDERAL = "CA";

/** The studio's calendar day: a rate "from 2025-04-01" applies from midnight in Eastern time. */
export const STUDIO_TIME_ZONE = "America/Toronto";

export function taxDate(at: Date | string): string {
  if (typeof at === "string") return at.slice(0, 10);
  return studioDay.format(at);
}

// Built once: building an Intl formatter costs more than formatting with it.
const studioDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: STUDIO_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const percentFormats = {
  en: new Intl.NumberFormat("en-CA", { maximumFractionDigits: 4 }),
  fr: new Intl.NumberFormat("fr-CA", { maximumFractionDigits: 4 }),
};

/** The rate of one tax in force on a date: the row with the latest effective date not after it. */
export function rateOn(
  rates: readonly TaxRate[],
  jurisdiction: string,
  code: TaxCode,
  day: string,
): TaxRate | undefined {
  let found: TaxRate | undefined;
  for (const rate of rates) {
    if (rate.jurisdiction !== jurisdiction || rate.code !== code || rate.effectiveFrom > day) continue;
    if (!found || rate.effectiveFrom > found.effectiveFrom) found = rate;
  }
  return found;
}

/**
 * The taxes of a sale whose place of supply is `province`: the province's HST alone where it has
 * one; else GST, plus the province's QST or PST when the studio is registered for it.
 */
export function taxesFor(
  province: Province,
  rates: readonly TaxRate[],
  registrations: readonly TaxRegistration[],
  at: Date | string,
): TaxRate[] {
  const day = taxDate(at);
  const hst = rateOn(rates, province, "HST", day);
  if (hst) return [hst];
  const taxes: TaxRate[] = [];
  const gst = rateOn(rates, FEDERAL, "GST", day);
  if (gst) taxes.push(gst);
  const registered = registrations.some((r) => r.jurisdiction === province && r.registered);
  if (registered) {
    for (const code of ["QST", "PST"] as const) {
      const provincial = rateOn(rates, province, code, day);
      if (provincial) taxes.push(provincial);
    }
  }
  return taxes;
}

/** base × rate, rounded half-up to the cent (integer arithmetic: no floating-point drift). */
export function taxAmount(baseCents: number, ratePpm: number): number {
  const product = BigInt(baseCents) * BigInt(ratePpm);
  return Number((product + 500_000n) / 1_000_000n);
}

/** One line per tax, each rounded once on the whole taxable base (goods and shipping). */
export function taxLines(taxableBaseCents: number, taxes: readonly TaxRate[]): TaxLine[] {
  return taxes.map((tax) => ({
    code: tax.code,
    jurisdiction: tax.jurisdiction,
    ratePpm: tax.ratePpm,
    taxableBaseCents,
    amountCents: taxAmount(taxableBaseCents, tax.ratePpm),
  }));
}

const TAX_NAMES: Record<Locale, Record<TaxCode, string>> = {
  en: { GST: "GST", HST: "HST", QST: "QST", PST: "PST" },
  fr: { GST: "TPS", HST: "TVH", QST: "TVQ", PST: "TVP" },
};

/** "5 %" / "9,975 %": millionths as a percentage in the page's language. */
export function formatRate(ratePpm: number, locale: Locale): string {
  const percent = percentFormats[locale === "fr" ? "fr" : "en"].format(ratePpm / 10_000);
  return locale === "fr" ? `${percent}\u00a0%` : `${percent}%`;
}

/** "GST (5%)", "TVH ON (13 %)", "PST BC (7%)": the name on a receipt. */
export function taxLabel(line: Pick<TaxLine, "code" | "jurisdiction" | "ratePpm">, locale: Locale): string {
  const name = TAX_NAMES[locale][line.code];
  const where = line.jurisdiction === FEDERAL || line.code === "QST" ? "" : ` ${line.jurisdiction}`;
  return `${name}${where} (${formatRate(line.ratePpm, locale)})`;
}

export function taxName(code: TaxCode, locale: Locale): string {
  return TAX_NAMES[locale][code];
}

/** "9.975" → 99 750; null when it is not a percentage between 0 and 100 with at most 4 decimals. */
export function percentToPpm(text: string): number | null {
  const clean = text.trim().replace(",", ".").replace(/\s*%$/, "");
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  const ppm = Number(whole) * 10_000 + Number(fraction.padEnd(4, "0"));
  return ppm <= 1_000_000 ? ppm : null;
}
