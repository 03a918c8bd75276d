import { z } from "zod";
import { isCalendarDay } from "./calendar-day.ts";
import { percentToPpm, type TaxCode } from "./tax.ts";
import { PROVINCES, type Province } from "./provinces.ts";

/**
 * The admin's "Shipping and taxes" forms: one schema per form, used by the page and the server
 * (decision 029). Problems are codes; the `settings` catalogue gives their words.
 */
export const SETTINGS_LIMITS = {
  legalName: 120,
  pickupAddress: 300,
  pickupHours: 200,
  registrationNumber: 30,
  bands: 12,
  maxGrams: 100_000,
  priceCents: 100_000,
  thresholdCents: 10_000_000,
  printers: 100,
  hoursPerDay: 24,
  marginDays: 30,
} as const;

/** The production capacity of a new install: two printers, ten hours a working day, one day to finish and pack. */
export const DEFAULT_PRODUCTION_CAPACITY = { printers: 2, hoursPerDay: 10, marginDays: 1 } as const;
export type ProductionCapacity = { printers: number; hoursPerDay: number; marginDays: number };

export type SettingsFieldError =
  | "required"
  | "tooLong"
  | "invalidProvince"
  | "invalidAmount"
  | "invalidWeight"
  | "invalidPercent"
  | "invalidDate"
  | "dateInPast"
  | "invalidTax"
  | "duplicateWeight"
  | "duplicateDate"
  | "tooMany"
  | "noBands"
  | "invalidPrinters"
  | "invalidHours"
  | "invalidDays";

/** "12.50", "12,50 $", "12" → 1250; null when it is not an amount of dollars with at most two decimals. */
export function dollarsTextToCents(text: string): number | null {
  const clean = text.trim().replace(/\s|\$/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const text = (max: number) => z.string({ error: "required" }).trim().max(max, { error: "tooLong" });
const requiredText = (max: number) => text(max).min(1, { error: "required" });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "tooLong" })
    .optional()
    .transform((value) => (value ? value : null));

const province = z.enum(PROVINCES, {
  error: (issue) => (issue.input === undefined || issue.input === "" ? "required" : "invalidProvince"),
});

/** Dollars as typed; blank means "no free shipping". */
const optionalDollars = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value || !value.trim()) return null;
    const cents = dollarsTextToCents(value);
    if (cents === null || cents > SETTINGS_LIMITS.thresholdCents) {
      context.addIssue({ code: "custom", message: "invalidAmount" });
      return z.NEVER;
    }
    return cents;
  });

export const studioSettingsSchema = z.object({
  province,
  legalName: requiredText(SETTINGS_LIMITS.legalName),
  pickupAddress: requiredText(SETTINGS_LIMITS.pickupAddress),
  pickupHoursEn: requiredText(SETTINGS_LIMITS.pickupHours),
  pickupHoursFr: requiredText(SETTINGS_LIMITS.pickupHours),
  freeShippingThreshold: optionalDollars,
  gstHstNumber: optionalText(SETTINGS_LIMITS.registrationNumber),
  qstNumber: optionalText(SETTINGS_LIMITS.registrationNumber),
});
export type StudioSettingsInput = z.input<typeof studioSettingsSchema>;
export type StudioSettingsValue = z.output<typeof studioSettingsSchema>;

/** A whole number typed in a form, from `min` to `max`; `problem` otherwise ("required" when blank). */
const wholeNumber = (min: number, max: number, problem: SettingsFieldError) =>
  z.preprocess(
    // The JSON API may send a number; the form sends text.
    (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
    z
      .string({ error: "required" })
      .max(20, { error: problem })
      .transform((value, context) => {
        const clean = value.trim();
        if (!clean) {
          context.addIssue({ code: "custom", message: "required" });
          return z.NEVER;
        }
        const number = /^\d{1,4}$/.test(clean) ? Number(clean) : NaN;
        if (!(number >= min && number <= max)) {
          context.addIssue({ code: "custom", message: problem });
          return z.NEVER;
        }
        return number;
      }),
  );

/**
 * The studio's production capacity (issue 24): its printers, the hours each runs per working day,
 * and the working days of handling after printing. A quote's ready-by date is computed from them
 * (domain/lead-time.ts); no printer, or no hour, would promise no date at all, so both start at 1.
 */
export const productionCapacitySchema = z.object({
  printers: wholeNumber(1, SETTINGS_LIMITS.printers, "invalidPrinters"),
  hoursPerDay: wholeNumber(1, SETTINGS_LIMITS.hoursPerDay, "invalidHours"),
  marginDays: wholeNumber(0, SETTINGS_LIMITS.marginDays, "invalidDays"),
});
export type ProductionCapacityInput = z.input<typeof productionCapacitySchema>;

/** A zone's bands as the form posts them: rows of weight (grams) and price (dollars); blank rows are dropped. */
export const zoneBandsSchema = z
  .object({
    maxGrams: z.array(z.string().max(20, { error: "tooLong" })).max(SETTINGS_LIMITS.bands * 2, { error: "tooMany" }),
    price: z.array(z.string().max(20, { error: "tooLong" })).max(SETTINGS_LIMITS.bands * 2, { error: "tooMany" }),
  })
  .transform((rows, context) => {
    const bands: { maxGrams: number; priceCents: number }[] = [];
    const count = Math.max(rows.maxGrams.length, rows.price.length);
    for (let i = 0; i < count; i++) {
      const gramsText = (rows.maxGrams[i] ?? "").trim();
      const priceText = (rows.price[i] ?? "").trim();
      if (!gramsText && !priceText) continue;
      const grams = /^\d{1,6}$/.test(gramsText) ? Number(gramsText) : NaN;
      if (!(grams > 0 && grams <= SETTINGS_LIMITS.maxGrams)) {
        context.addIssue({ code: "custom", path: ["maxGrams", i], message: "invalidWeight" });
        continue;
      }
      const cents = dollarsTextToCents(priceText);
      if (cents === null || cents > SETTINGS_LIMITS.priceCents) {
        context.addIssue({ code: "custom", path: ["price", i], message: "invalidAmount" });
        continue;
      }
      if (bands.some((band) => band.maxGrams === grams)) {
        context.addIssue({ code: "custom", path: ["maxGrams", i], message: "duplicateWeight" });
        continue;
      }
      bands.push({ maxGrams: grams, priceCents: cents });
    }
    if (bands.length === 0 && context.issues.length === 0)
      context.addIssue({ code: "custom", path: ["bands"], message: "noBands" });
    if (bands.length > SETTINGS_LIMITS.bands) context.addIssue({ code: "custom", path: ["bands"], message: "tooMany" });
    return bands.sort((a, b) => a.maxGrams - b.maxGrams);
  });

/** Which tax each jurisdiction may have: a rate for GST in a province, say, is refused. */
export const TAX_JURISDICTIONS: Record<TaxCode, readonly string[]> = {
  GST: ["CA"],
  HST: ["ON", "NB", "NL", "NS", "PE"],
  QST: ["QC"],
  PST: ["BC", "SK", "MB"],
};

/** The provincial taxes that need the studio's registration (GST and HST are always collected). */
export const REGISTRABLE: readonly { jurisdiction: Province; code: TaxCode }[] = [
  { jurisdiction: "QC", code: "QST" },
  { jurisdiction: "BC", code: "PST" },
  { jurisdiction: "SK", code: "PST" },
  { jurisdiction: "MB", code: "PST" },
];

const isoDate = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .refine((value) => isCalendarDay(value), { error: "invalidDate" });

/** A new rate, from a date; `today` is the studio's day, so a rate never rewrites the past. */
export function newTaxRateSchema(today: string) {
  return z
    .object({
      tax: z.string({ error: "required" }).min(1, { error: "required" }).max(10, { error: "invalidTax" }),
      percent: z
        .string({ error: "required" })
        .max(20, { error: "invalidPercent" })
        .transform((value, context) => {
          const ppm = percentToPpm(value);
          if (ppm === null) {
            context.addIssue({ code: "custom", message: value.trim() ? "invalidPercent" : "required" });
            return z.NEVER;
          }
          return ppm;
        }),
      effectiveFrom: isoDate.refine((value) => value >= today, { error: "dateInPast" }),
    })
    .transform((value, context) => {
      // "GST-CA", "HST-NS", "QST-QC", "PST-BC": one select in the form.
      const [code, jurisdiction] = value.tax.split("-") as [TaxCode, string];
      if (!TAX_JURISDICTIONS[code]?.includes(jurisdiction)) {
        context.addIssue({ code: "custom", path: ["tax"], message: "invalidTax" });
        return z.NEVER;
      }
      return { code, jurisdiction, ratePpm: value.percent, effectiveFrom: value.effectiveFrom };
    });
}

/** The choices of the new-rate form's select. */
export const TAX_CHOICES: readonly string[] = (
  Object.entries(TAX_JURISDICTIONS) as [TaxCode, readonly string[]][]
).flatMap(([code, places]) => places.map((place) => `${code}-${place}`));

/** Zod's issues as the first problem of each field ("maxGrams.2" for a row). */
export function settingsErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, SettingsFieldError> {
  const errors: Record<string, SettingsFieldError> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message as SettingsFieldError;
  }
  return errors;
}
