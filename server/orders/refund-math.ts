import type { RefundedLine, RefundedTax } from "../db/schema.ts";
import type { TaxCode } from "../../domain/tax.ts";
import type { RefundRequest } from "../../domain/refund-form.ts";

export type { RefundRequest };

/**
 * What a refund gives back (decision 035), pure: integer cents throughout. Taxes are given back in
 * proportion to the taxable amount refunded, per tax line, rounded half-up on the running total
 * of what was refunded so far, so the refunds of an order always add up to exactly its taxes.
 */

export type PaidOrder = {
  totalCents: number;
  /**
   * The goods as sold, net of the studio's discounts: with shippingCents, the taxable base every
   * tax line was computed on (0 taxes on older orders).
   */
  subtotalCents: number;
  shippingCents: number;
  /** discountCents: the line's share of the order's discount (decision 080); 0 before it or without one. */
  lines: { id: number; unitPriceCents: number; quantity: number; discountCents?: number }[];
  taxes: { code: TaxCode; jurisdiction: string; ratePpm: number; taxableBaseCents: number; amountCents: number }[];
};

export type PastRefund = { amountCents: number; shippingCents: number; lines: RefundedLine[]; taxes: RefundedTax[] };

export type RefundPlan = { amountCents: number; shippingCents: number; lines: RefundedLine[]; taxes: RefundedTax[] };

export type RefundProblem =
  | { code: "refund.nothing_chosen" }
  | { code: "refund.too_many_units"; orderLineId: number; left: number }
  | { code: "refund.shipping_already_refunded" }
  | { code: "refund.invalid_amount" }
  | { code: "refund.exceeds_paid"; leftCents: number };

/** a × b / c rounded half-up, for non-negative integers (BigInt: no floating-point drift). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  const product = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(product / (BigInt(c) * 2n));
}

/**
 * What the buyer paid for a line's units from `from` to `to` (counted in the order they are given
 * back): the line's price less its discount, spread over its units on the running total, so that
 * refunding every unit, one at a time or all at once, returns exactly what the line was sold for.
 */
export function paidForUnits(line: PaidOrder["lines"][number], from: number, to: number): number {
  const sold = line.unitPriceCents * line.quantity - (line.discountCents ?? 0);
  return mulDivHalfUp(sold, to, line.quantity) - mulDivHalfUp(sold, from, line.quantity);
}

/** What is left to refund on an order after its past refunds. */
export function refundable(order: PaidOrder, past: readonly PastRefund[]) {
  const units = new Map(order.lines.map((line) => [line.id, line.quantity]));
  let amountCents = order.totalCents;
  let shippingCents = order.shippingCents;
  for (const refund of past) {
    amountCents -= refund.amountCents;
    shippingCents -= refund.shippingCents;
    for (const line of refund.lines) units.set(line.orderLineId, (units.get(line.orderLineId) ?? 0) - line.quantity);
  }
  return { amountCents, shippingCents, units };
}

function taxesSoFar(past: readonly PastRefund[], tax: PaidOrder["taxes"][number]) {
  let taxableCents = 0;
  let amountCents = 0;
  for (const refund of past) {
    for (const given of refund.taxes) {
      if (given.code === tax.code && given.jurisdiction === tax.jurisdiction) {
        taxableCents += given.taxableCents;
        amountCents += given.amountCents;
      }
    }
  }
  return { taxableCents, amountCents };
}

/** Each tax line's share of a refunded taxable amount (`share(base)` gives the taxable part of one line). */
function taxesFor(
  order: PaidOrder,
  past: readonly PastRefund[],
  share: (tax: PaidOrder["taxes"][number], before: number) => number,
): RefundedTax[] {
  return order.taxes.map((tax) => {
    const before = taxesSoFar(past, tax);
    const taxableCents = Math.min(share(tax, before.taxableCents), tax.taxableBaseCents - before.taxableCents);
    const through = mulDivHalfUp(tax.amountCents, before.taxableCents + taxableCents, tax.taxableBaseCents);
    const amountCents = Math.min(through - before.amountCents, tax.amountCents - before.amountCents);
    return { code: tax.code, jurisdiction: tax.jurisdiction, ratePpm: tax.ratePpm, taxableCents, amountCents };
  });
}

export function planRefund(
  order: PaidOrder,
  past: readonly PastRefund[],
  request: RefundRequest,
): RefundPlan | RefundProblem {
  const left = refundable(order, past);
  if (left.amountCents <= 0) return { code: "refund.exceeds_paid", leftCents: 0 };
  let plan: RefundPlan;

  if (request.kind === "everything") {
    // The exact remainder: what was paid less what was given back, line by line and tax by tax.
    plan = {
      amountCents: left.amountCents,
      shippingCents: Math.max(0, left.shippingCents),
      lines: order.lines
        .map((line) => ({ orderLineId: line.id, quantity: Math.max(0, left.units.get(line.id) ?? 0), amountCents: 0 }))
        .filter((line) => line.quantity > 0)
        .map((line) => {
          const sold = order.lines.find((l) => l.id === line.orderLineId)!;
          return { ...line, amountCents: paidForUnits(sold, sold.quantity - line.quantity, sold.quantity) };
        }),
      taxes: order.taxes.map((tax) => {
        const before = taxesSoFar(past, tax);
        return {
          code: tax.code,
          jurisdiction: tax.jurisdiction,
          ratePpm: tax.ratePpm,
          taxableCents: tax.taxableBaseCents - before.taxableCents,
          amountCents: tax.amountCents - before.amountCents,
        };
      }),
    };
    return plan;
  }

  if (request.kind === "amount") {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
      return { code: "refund.invalid_amount" };
    if (request.amountCents > left.amountCents) return { code: "refund.exceeds_paid", leftCents: left.amountCents };
    // An amount includes its taxes: each tax line gives back its share of the amount.
    const taxes = taxesFor(order, past, (tax) =>
      mulDivHalfUp(tax.taxableBaseCents, request.amountCents, order.totalCents),
    );
    return { amountCents: request.amountCents, shippingCents: 0, lines: [], taxes };
  }

  const lines: RefundedLine[] = [];
  for (const wanted of request.lines) {
    if (wanted.quantity === 0) continue;
    const line = order.lines.find((l) => l.id === wanted.orderLineId);
    const unitsLeft = left.units.get(wanted.orderLineId) ?? 0;
    if (!line || !Number.isSafeInteger(wanted.quantity) || wanted.quantity < 0 || wanted.quantity > unitsLeft) {
      return { code: "refund.too_many_units", orderLineId: wanted.orderLineId, left: Math.max(0, unitsLeft) };
    }
    const given = line.quantity - unitsLeft;
    lines.push({
      orderLineId: line.id,
      quantity: wanted.quantity,
      amountCents: paidForUnits(line, given, given + wanted.quantity),
    });
  }
  if (request.shipping && left.shippingCents <= 0) return { code: "refund.shipping_already_refunded" };
  const shippingCents = request.shipping ? left.shippingCents : 0;
  if (lines.length === 0 && shippingCents === 0) return { code: "refund.nothing_chosen" };
  const goodsCents = lines.reduce((sum, line) => sum + line.amountCents, 0) + shippingCents;
  const taxes = taxesFor(order, past, (tax) =>
    mulDivHalfUp(tax.taxableBaseCents, goodsCents, order.subtotalCents + order.shippingCents),
  );
  const amountCents = goodsCents + taxes.reduce((sum, tax) => sum + tax.amountCents, 0);
  if (amountCents > left.amountCents) return { code: "refund.exceeds_paid", leftCents: left.amountCents };
  return { amountCents, shippingCents, lines, taxes };
}

/** Whether the order has nothing left to give back after these refunds. */
export function fullyRefunded(order: PaidOrder, refunds: readonly PastRefund[]): boolean {
  return refundable(order, refunds).amountCents <= 0;
}

/**
 * A refund of `amountCents` made outside the site (at the processor, or a dispute lost): its
 * amount is given, not computed. The lines it gives back are chosen as the studio would, in
 * `preference` order (what is not yet made or shipped first): whole units, as many as the amount
 * pays for with their taxes. Taxes are given back in proportion to the amount, as for an amount
 * refund; an amount that covers everything left is the exact remainder. Null when nothing is left.
 */
export function planOutsideRefund(
  order: PaidOrder,
  past: readonly PastRefund[],
  amountCents: number,
  preference: readonly number[],
): RefundPlan | null {
  const left = refundable(order, past);
  if (left.amountCents <= 0 || amountCents <= 0) return null;
  if (amountCents >= left.amountCents) {
    const everything = planRefund(order, past, { kind: "everything" });
    return "code" in everything ? null : everything;
  }
  const byAmount = planRefund(order, past, { kind: "amount", amountCents });
  if ("code" in byAmount) return null;
  const chosen: RefundedLine[] = [];
  let goodsCents = 0;
  const taxedBase = order.subtotalCents + order.shippingCents;
  // A unit's share of the amount: its price and the taxes charged on it.
  const withTaxes = (cents: number) => (taxedBase > 0 ? mulDivHalfUp(cents, order.totalCents, taxedBase) : cents);
  for (const lineId of preference) {
    const line = order.lines.find((l) => l.id === lineId);
    const unitsLeft = left.units.get(lineId) ?? 0;
    if (!line || unitsLeft <= 0) continue;
    const given = line.quantity - unitsLeft;
    let quantity = 0;
    let lineCents = 0;
    while (quantity < unitsLeft) {
      const unit = paidForUnits(line, given + quantity, given + quantity + 1);
      if (withTaxes(goodsCents + unit) > amountCents) break;
      quantity++;
      goodsCents += unit;
      lineCents += unit;
    }
    if (quantity > 0) chosen.push({ orderLineId: line.id, quantity, amountCents: lineCents });
  }
  return { ...byAmount, lines: chosen };
}
