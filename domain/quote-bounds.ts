// The bounds of every number a buyer's file or options can drive, checked where it enters (the
// upload, the options, the slicer's answer) so that nothing past them reaches a column (issue 20,
// docs/security.md). Pure TypeScript: used by the browser and the server.
import { estimateFigures, optionsProblem, price, type PriceTerms, type QuoteOptions } from "./quote-pricing.ts";

/**
 * The longest print the studio takes on one printer, and the heaviest part: beyond, the part is
 * "too big for our printers" whatever the slicer says.
 */
export const MAX_PRINT_SECONDS = 90 * 86_400;
export const MAX_PART_GRAMS = 100_000;

/**
 * The most one quote may cost online ($100,000 in cents). Beyond, a person prices it (the buyer
 * asks for a review). Keeps every cents column of quotes and orders far within 2³¹.
 */
export const MAX_QUOTE_TOTAL_CENTS = 10_000_000;

/**
 * Volume and area of a model are kept as measured, in bigint columns, up to 2⁵³ (exact in a
 * JavaScript number). A model past that, a cube over 200 m a side, fits no printer at any scale
 * offered; its figure is kept at the ceiling and its quote fails as too big.
 */
export const MAX_MEASURE = Number.MAX_SAFE_INTEGER;

export function storedMeasure(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(Math.round(value), 0), MAX_MEASURE) : MAX_MEASURE;
}

/** Why figures for one part, or a price, cannot be given automatically; null when within bounds. */
export function boundsProblem(
  figures: { grams: number; seconds: number },
  totalCents?: number,
): "too-big" | "over-limit" | null {
  const within = (value: number, max: number) => Number.isFinite(value) && value >= 0 && value <= max;
  if (!within(figures.grams, MAX_PART_GRAMS) || !within(figures.seconds, MAX_PRINT_SECONDS)) return "too-big";
  if (totalCents !== undefined && !within(totalCents, MAX_QUOTE_TOTAL_CENTS)) return "over-limit";
  return null;
}

/** The instant estimate from geometry, or null when the options are not offered or it is out of bounds. */
export function boundedEstimate(
  terms: PriceTerms,
  options: QuoteOptions,
  geometry: { volumeMm3: number; areaMm2: number },
) {
  if (optionsProblem(terms, options)) return null;
  const figures = estimateFigures(terms, options, geometry);
  const quoted = price(terms, options, figures);
  if (boundsProblem(figures, quoted.totalCents)) return null;
  return {
    totalCents: quoted.totalCents,
    unitCents: quoted.unitCents,
    grams: figures.grams,
    seconds: figures.seconds,
    minimumApplies: quoted.minimumApplies,
  };
}
