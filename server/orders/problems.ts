/** Why an order line could not be reserved (localised by the caller). */
export type LineProblem =
  | { itemId: string; kind: "notAvailable"; name: { en: string; fr: string } | null }
  | {
      itemId: string;
      kind: "insufficientStock";
      name: { en: string; fr: string };
      available: number;
      requested: number;
    };

/** Placing the order failed on one or more lines; nothing was reserved. */
export class StockConflict extends Error {
  readonly problems: LineProblem[];
  constructor(problems: LineProblem[]) {
    super("Some items are no longer available in the quantity requested");
    this.problems = problems;
  }
}
