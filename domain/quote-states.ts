/**
 * A custom print's way from upload to the studio's production queue, stated once. The workflow
 * (server/quotes/workflow.ts) moves a quote only along these arrows, each with a status
 * condition in the database, so that a stale page or a race can never skip one.
 *
 * - estimating, priced, failed: the buyer may still change the options (a new price follows);
 * - needs_review: a person at the studio prices it (priced) or declines it;
 * - accepted: frozen in a placed, unpaid order (options, quantity and price can no longer change);
 *   released back to priced when that order is cancelled or expires;
 * - ordered: paid, in the production queue; cancelled when its paid order is cancelled or fully
 *   refunded (it leaves the queue, and is kept as the studio's record).
 */
export const QUOTE_STATUSES = [
  "estimating",
  "priced",
  "failed",
  "needs_review",
  "declined",
  "accepted",
  "ordered",
  "cancelled",
  "expired",
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_MOVES: Record<QuoteStatus, readonly QuoteStatus[]> = {
  estimating: ["estimating", "priced", "failed", "needs_review"],
  priced: ["estimating", "failed", "needs_review", "accepted"],
  failed: ["estimating", "failed", "needs_review"],
  // Only stored by older versions; shown for a priced quote past its hold.
  expired: ["estimating", "failed", "needs_review"],
  needs_review: ["priced", "declined"],
  declined: [],
  accepted: ["priced", "ordered"],
  ordered: ["cancelled"],
  cancelled: [],
};

/** The statuses from which a quote may move to `to`: the condition of every update that moves it. */
export function quoteStatusesBefore(to: QuoteStatus): QuoteStatus[] {
  return QUOTE_STATUSES.filter((from) => QUOTE_MOVES[from].includes(to));
}

export function canMoveQuote(from: QuoteStatus, to: QuoteStatus): boolean {
  return QUOTE_MOVES[from].includes(to);
}

/** The buyer may change options or scale (which re-prices the quote). */
export const EDITABLE_QUOTE_STATUSES = quoteStatusesBefore("estimating");

/** A quote that belongs to an order (placed or paid): it is the studio's record and is never deleted. */
export const ORDER_QUOTE_STATUSES: readonly QuoteStatus[] = ["accepted", "ordered", "cancelled"];

export const PRODUCTION_STATUSES = ["queued", "printing", "post_processing", "done"] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];

/** queued → printing → post-processing → done, one step at a time. */
export const NEXT_PRODUCTION_STEP: Record<ProductionStatus, ProductionStatus | null> = {
  queued: "printing",
  printing: "post_processing",
  post_processing: "done",
  done: null,
};

/** Parts the studio has started to make: cancelling their order needs the admin's explicit word. */
export const STARTED_PRODUCTION: readonly ProductionStatus[] = ["printing", "post_processing", "done"];
