import type { ScaleSuggestion } from "./mesh.ts";
import type { PrintabilityReport } from "./printability-report.ts";
import type { OrientationChoice, Rotation, Vec3 } from "./orientation.ts";
import type { PriceBreak, QuoteOptions } from "./quote-pricing.ts";
import type { ProductionStatus, QuoteStatus } from "./quote-states.ts";

/** Why a quote could not be priced automatically (each has a message in both languages). */
export type QuoteFailure =
  "not-manifold" | "too-big" | "over-limit" | "no-layers" | "slicer-failed" | "slicer-timeout" | "slicer-missing";

/** A quote as the server answers about it (GET /api/quotes/:id) and the quote page shows it. */
export type QuoteView = {
  id: string;
  status: QuoteStatus;
  file: {
    name: string;
    format: string;
    bytes: number;
    sizeMm: [number, number, number];
    volumeMm3: number;
    triangles: number;
    manifold: boolean;
  };
  scale: number;
  scaleSuggestion: ScaleSuggestion | null;
  options: QuoteOptions;
  /** How the part goes on the printer's bed; the server works it out, the buyer chooses between best and the file's own. */
  orientation: {
    choice: OrientationChoice;
    /** Whether "as in my file" is a choice: the file's own orientation fits the bed (else the part is turned to fit, whatever the choice). */
    offered: boolean;
    /** The rotation of the file's coordinates and the part's bounds once turned (unscaled); null for files uploaded before orientations were worked out. */
    placement: { rotation: Rotation; min: Vec3; max: Vec3 } | null;
    /** Area of the faces printed on supports (mm², at the quote's scale); null when not known. */
    supportAreaMm2: number | null;
  };
  termsVersion: number;
  currency: string;
  /** Null when nothing can be estimated: options not offered, out of bounds, or a part too big for every printer. */
  estimate: { totalCents: number; unitCents: number; grams: number; seconds: number; minimumApplies: boolean } | null;
  /** grams and seconds are null when the studio set the price by hand. */
  exact: {
    grams: number | null;
    seconds: number | null;
    unitCents: number;
    discountPercent: number;
    totalCents: number;
    /** The studio's minimum per part sets this price (never for a price the studio set by hand). */
    minimumApplies: boolean;
  } | null;
  /** The studio's minimum price per part, in the quote's terms. */
  minimumCentsPerPart: number;
  /** The price at 1 and at each quantity tier, from the slicer's figures once known, else the estimate's; null when the studio set the price by hand or nothing can be priced. */
  priceBreaks: { basis: "exact" | "estimate"; rows: PriceBreak[] } | null;
  failure: QuoteFailure | null;
  declineReason: string | null;
  expiresAt: string | null;
  productionStatus: ProductionStatus | null;
  /**
   * The day (YYYY-MM-DD, the studio's) its parts would be ready if ordered now: from the
   * production queue, the studio's capacity and working days (domain/lead-time.ts). An estimate
   * while the price is; null once in production, declined or lapsed, or when nothing is known.
   */
  readyBy: string | null;
  /** What a printer would make badly of the part at its scale; null until the server has looked (about a minute). */
  printability: PrintabilityReport | null;
  createdAt: string;
};

/** One of a buyer's custom prints as their profile lists it (newest first). */
export type CustomPrintListItem = {
  id: string;
  name: string;
  status: QuoteStatus;
  /** Taken out of a paid order and its money given back: "Refunded", not "Order cancelled". */
  refunded: boolean;
  quantity: number;
  /** The price to pay (the slicer's or the studio's); null until there is one. */
  totalCents: number | null;
  /** The instant estimate, while there is no price. */
  estimateCents: number | null;
  /** The studio set the price by hand after looking at the part. */
  pricedByStudio: boolean;
  /** What the studio wrote back (why it declined). */
  studioNote: string | null;
  /** What the buyer asked the studio. */
  buyerNote: string | null;
  /** When its price stops being held (a priced quote). */
  expiresAt: string | null;
  createdAt: string;
};
