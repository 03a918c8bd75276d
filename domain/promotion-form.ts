import { studioHourOn } from "./backup-schedule.ts";
import { normalizeCode, PROMOTION_KINDS, type PromotionKind } from "./discounts.ts";
import { STUDIO_TIME_ZONE } from "./tax.ts";

/**
 * The admin's discount form (Admin → Discounts), checked field by field: the server parses every
 * post with it, the page shows the same problems next to the fields.
 */
export type PromotionInput = {
  name: string;
  code: string | null;
  kind: PromotionKind;
  percentBp: number;
  amountCents: number | null;
  categoryIds: string[] | null;
  /** Item slugs as typed; the service turns them into ids (and refuses unknown ones). */
  itemSlugs: string[] | null;
  includesCustomPrints: boolean;
  minSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerBuyer: number | null;
  firstOrderOnly: boolean;
  combinesWithCode: boolean;
};

export type PromotionFieldError =
  | "nameRequired"
  | "codeInvalid"
  | "codeTaken"
  | "kindInvalid"
  | "percentInvalid"
  | "amountInvalid"
  | "dateInvalid"
  | "endsBeforeStart"
  | "countInvalid"
  | "itemsUnknown"
  | "categoriesUnknown";

export type PromotionForm = Record<string, string | string[] | undefined>;

const MAX_CENTS = 100_000_000;
const MAX_COUNT = 1_000_000;

/** "10", "10.5", "10,50" → 1050; null when it is not an amount of dollars with at most 2 decimals. */
export function dollarsToCents(text: string): number | null {
  const clean = text.trim().replace(/\s|\$/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** "15" or "12,5" → basis points (1 500, 1 250); null outside 0 < p ≤ 100 or with more than 2 decimals. */
export function percentToBp(text: string): number | null {
  const clean = text.trim().replace(",", ".").replace(/\s*%$/, "");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bp > 0 && bp <= 10_000 ? bp : null;
}

/** "2026-12-06T23:59" (or with a space) on the studio's clock → the instant; null when it is not one. */
export function studioDateTimeToDate(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, day, hour, minute] = match;
  if (Number(hour) > 23 || Number(minute) > 59 || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return null;
  return new Date(studioHourOn(day!, Number(hour), STUDIO_TIME_ZONE).getTime() + Number(minute) * 60_000);
}

function text(form: PromotionForm, name: string, max = 200): string {
  const value = form[name];
  return (Array.isArray(value) ? (value[0] ?? "") : (value ?? "")).slice(0, max).trim();
}

function list(form: PromotionForm, name: string): string[] {
  const value = form[name];
  return (Array.isArray(value) ? value : value ? [value] : []).slice(0, 200).map((v) => v.slice(0, 100));
}

export function parsePromotionForm(
  form: PromotionForm,
): { ok: true; value: PromotionInput } | { ok: false; errors: Record<string, PromotionFieldError> } {
  const errors: Record<string, PromotionFieldError> = {};
  const name = text(form, "name", 300);
  if (!name || name.length > 100) errors.name = "nameRequired";
  const codeText = text(form, "code", 100);
  const code = codeText ? normalizeCode(codeText) : null;
  if (codeText && !code) errors.code = "codeInvalid";
  const kind = PROMOTION_KINDS.find((k) => k === text(form, "kind"));
  if (!kind) errors.kind = "kindInvalid";
  const valueText = text(form, "value", 50);
  let percentBp = 0;
  let amountCents: number | null = null;
  if (kind === "percent") {
    const bp = percentToBp(valueText);
    if (bp === null) errors.value = "percentInvalid";
    else percentBp = bp;
  } else if (kind === "fixed" || (kind === "free_shipping" && valueText)) {
    const cents = dollarsToCents(valueText);
    if (cents === null || cents <= 0 || cents > MAX_CENTS) errors.value = "amountInvalid";
    else amountCents = cents;
  }
  const minText = text(form, "minSubtotal", 50);
  const minSubtotalCents = minText ? dollarsToCents(minText) : 0;
  if (minSubtotalCents === null || minSubtotalCents > MAX_CENTS) errors.minSubtotal = "amountInvalid";
  const date = (field: string) => {
    const value = text(form, field, 50);
    if (!value) return null;
    const parsed = studioDateTimeToDate(value);
    if (!parsed) errors[field] = "dateInvalid";
    return parsed;
  };
  const startsAt = date("startsAt");
  const endsAt = date("endsAt");
  if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt = "endsBeforeStart";
  const count = (field: string) => {
    const value = text(form, field, 50);
    if (!value) return null;
    if (!/^\d{1,7}$/.test(value) || Number(value) < 1 || Number(value) > MAX_COUNT) {
      errors[field] = "countInvalid";
      return null;
    }
    return Number(value);
  };
  const maxUses = count("maxUses");
  const maxUsesPerBuyer = count("maxUsesPerBuyer");
  const categoryIds = list(form, "categoryIds");
  const itemSlugs = text(form, "items", 2000)
    .split(",")
    .map((slug) => slug.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, 100);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      code,
      kind: kind!,
      percentBp,
      amountCents,
      categoryIds: categoryIds.length > 0 ? categoryIds : null,
      itemSlugs: itemSlugs.length > 0 ? itemSlugs : null,
      includesCustomPrints: form.includesCustomPrints === "on",
      minSubtotalCents: minSubtotalCents!,
      startsAt,
      endsAt,
      maxUses,
      maxUsesPerBuyer,
      firstOrderOnly: form.firstOrderOnly === "on",
      combinesWithCode: code === null && form.combinesWithCode === "on",
    },
  };
}
