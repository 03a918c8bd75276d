import { describe, expect, it } from "vitest";
import {
  fullyRefunded,
  mulDivHalfUp,
  planRefund,
  type PaidOrder,
  type PastRefund,
  type RefundPlan,
} from "./refund-math.ts";

// A Quebec delivery: 2 × 89.00 + 1 × 15.00, shipping 14.95. Taxable 207.95: GST 10.3975 → 10.40, QST 20.743… → 20.74.
const QC: PaidOrder = {
  totalCents: 20_795 + 1040 + 2074,
  subtotalCents: 19_300,
  shippingCents: 1495,
  lines: [
    { id: 1, unitPriceCents: 8900, quantity: 2 },
    { id: 2, unitPriceCents: 1500, quantity: 1 },
  ],
  taxes: [
    { code: "GST", jurisdiction: "CA", ratePpm: 50_000, taxableBaseCents: 20_795, amountCents: 1040 },
    { code: "QST", jurisdiction: "QC", ratePpm: 99_750, taxableBaseCents: 20_795, amountCents: 2074 },
  ],
};

function plan(order: PaidOrder, past: PastRefund[], request: Parameters<typeof planRefund>[2]): RefundPlan {
  const result = planRefund(order, past, request);
  if ("code" in result) throw new Error(`refused: ${result.code}`);
  return result;
}

describe("a refund's taxes", () => {
  it("rounds a × b / c half-up in integers", () => {
    expect(mulDivHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivHalfUp(5, 1, 2)).toBe(3);
    expect(mulDivHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivHalfUp(2, 1, 3)).toBe(1);
    expect(mulDivHalfUp(2_000_000_000, 2_000_000_000, 4_000_000_000)).toBe(1_000_000_000);
    expect(mulDivHalfUp(7, 3, 0)).toBe(0);
  });

  it("gives back each tax in proportion to the goods refunded", () => {
    const one = plan(QC, [], { kind: "lines", lines: [{ orderLineId: 1, quantity: 1 }], shipping: false });
    // 8900 / 20795 of each tax: GST 445.1… → 445, QST 887.6… → 888.
    expect(one.taxes.map((t) => [t.code, t.taxableCents, t.amountCents])).toEqual([
      ["GST", 8900, 445],
      ["QST", 8900, 888],
    ]);
    expect(one).toMatchObject({
      amountCents: 8900 + 445 + 888,
      shippingCents: 0,
      lines: [{ orderLineId: 1, quantity: 1, amountCents: 8900 }],
    });
  });

  it("shipping is taxed like the goods and refunded once", () => {
    const shipping = plan(QC, [], { kind: "lines", lines: [], shipping: true });
    expect(shipping.shippingCents).toBe(1495);
    // 1495 × 5 % = 74.75 → 75 on the order's rounding: 1040 × 1495 / 20795 = 74.77 → 75; QST 149.1 → 149.
    expect(shipping.taxes.map((t) => t.amountCents)).toEqual([75, 149]);
    expect(planRefund(QC, [shipping], { kind: "lines", lines: [], shipping: true })).toEqual({
      code: "refund.shipping_already_refunded",
    });
  });

  it("rounds half-up on the running total, so partial refunds add up to exactly the tax charged", () => {
    const order: PaidOrder = {
      totalCents: 105,
      subtotalCents: 100,
      shippingCents: 0,
      lines: [{ id: 7, unitPriceCents: 50, quantity: 2 }],
      taxes: [{ code: "GST", jurisdiction: "CA", ratePpm: 50_000, taxableBaseCents: 100, amountCents: 5 }],
    };
    const first = plan(order, [], { kind: "lines", lines: [{ orderLineId: 7, quantity: 1 }], shipping: false });
    expect(first.taxes[0]!.amountCents).toBe(3); // 2.5 → 3
    const second = plan(order, [first], { kind: "lines", lines: [{ orderLineId: 7, quantity: 1 }], shipping: false });
    expect(second.taxes[0]!.amountCents).toBe(2);
    expect(first.amountCents + second.amountCents).toBe(105);
    expect(fullyRefunded(order, [first, second])).toBe(true);
  });

  it("every line, then the rest, adds up to the total paid and each tax line", () => {
    const past: PastRefund[] = [];
    for (const request of [
      { kind: "lines" as const, lines: [{ orderLineId: 1, quantity: 1 }], shipping: false },
      { kind: "lines" as const, lines: [{ orderLineId: 2, quantity: 1 }], shipping: true },
      { kind: "lines" as const, lines: [{ orderLineId: 1, quantity: 1 }], shipping: false },
    ]) {
      past.push(plan(QC, past, request));
    }
    expect(past.reduce((sum, r) => sum + r.amountCents, 0)).toBe(QC.totalCents);
    expect(past.reduce((sum, r) => sum + r.taxes[0]!.amountCents, 0)).toBe(1040);
    expect(past.reduce((sum, r) => sum + r.taxes[1]!.amountCents, 0)).toBe(2074);
    expect(fullyRefunded(QC, past)).toBe(true);
    expect(planRefund(QC, past, { kind: "amount", amountCents: 1 })).toEqual({
      code: "refund.exceeds_paid",
      leftCents: 0,
    });
  });

  it("an amount includes its taxes, in the order's proportions", () => {
    const amount = plan(QC, [], { kind: "amount", amountCents: 2000 });
    // 2000 / 23909 of the taxable 20795 = 1739.5… → 1740; GST 1040 × 1740 / 20795 = 87.0 → 87; QST 173.5… → 174.
    expect(amount.taxes.map((t) => [t.taxableCents, t.amountCents])).toEqual([
      [1740, 87],
      [1740, 174],
    ]);
    expect(amount).toMatchObject({ amountCents: 2000, lines: [], shippingCents: 0 });
  });

  it("an order without taxes (placed before them) refunds its lines alone", () => {
    const old: PaidOrder = {
      totalCents: 3000,
      subtotalCents: 3000,
      shippingCents: 0,
      lines: [{ id: 9, unitPriceCents: 1000, quantity: 3 }],
      taxes: [],
    };
    expect(plan(old, [], { kind: "lines", lines: [{ orderLineId: 9, quantity: 2 }], shipping: false })).toEqual({
      amountCents: 2000,
      shippingCents: 0,
      lines: [{ orderLineId: 9, quantity: 2, amountCents: 2000 }],
      taxes: [],
    });
  });
});

describe("a refund never exceeds what was paid", () => {
  it("per line quantity", () => {
    const first = plan(QC, [], { kind: "lines", lines: [{ orderLineId: 1, quantity: 2 }], shipping: false });
    expect(
      planRefund(QC, [first], { kind: "lines", lines: [{ orderLineId: 1, quantity: 1 }], shipping: false }),
    ).toEqual({ code: "refund.too_many_units", orderLineId: 1, left: 0 });
    expect(planRefund(QC, [], { kind: "lines", lines: [{ orderLineId: 2, quantity: 2 }], shipping: false })).toEqual({
      code: "refund.too_many_units",
      orderLineId: 2,
      left: 1,
    });
    // A line of another order, a negative or fractional quantity.
    expect(
      planRefund(QC, [], { kind: "lines", lines: [{ orderLineId: 99, quantity: 1 }], shipping: false }),
    ).toMatchObject({ code: "refund.too_many_units" });
    expect(
      planRefund(QC, [], { kind: "lines", lines: [{ orderLineId: 1, quantity: -1 }], shipping: false }),
    ).toMatchObject({ code: "refund.too_many_units" });
    expect(
      planRefund(QC, [], { kind: "lines", lines: [{ orderLineId: 1, quantity: 1.5 }], shipping: false }),
    ).toMatchObject({ code: "refund.too_many_units" });
  });

  it("in total: an amount, then lines that would pass it", () => {
    const big = plan(QC, [], { kind: "amount", amountCents: QC.totalCents - 100 });
    expect(planRefund(QC, [big], { kind: "lines", lines: [{ orderLineId: 2, quantity: 1 }], shipping: false })).toEqual(
      { code: "refund.exceeds_paid", leftCents: 100 },
    );
    expect(planRefund(QC, [big], { kind: "amount", amountCents: 101 })).toEqual({
      code: "refund.exceeds_paid",
      leftCents: 100,
    });
    const rest = plan(QC, [big], { kind: "everything" });
    expect(rest.amountCents).toBe(100);
    expect(big.taxes[0]!.amountCents + rest.taxes[0]!.amountCents).toBe(1040);
  });

  it("refuses nothing and a zero or negative amount", () => {
    expect(planRefund(QC, [], { kind: "lines", lines: [], shipping: false })).toEqual({
      code: "refund.nothing_chosen",
    });
    expect(planRefund(QC, [], { kind: "amount", amountCents: 0 })).toEqual({ code: "refund.invalid_amount" });
    expect(planRefund(QC, [], { kind: "amount", amountCents: -5 })).toEqual({ code: "refund.invalid_amount" });
  });
});

describe("a refund after a discount (decision 080)", () => {
  // 3 × 10.00 with 15 % off (4.50 spread on the line), pickup in Quebec: taxable 25.50, GST 1.28, QST 2.54.
  const DISCOUNTED: PaidOrder = {
    totalCents: 2550 + 128 + 254,
    subtotalCents: 2550,
    shippingCents: 0,
    lines: [{ id: 1, unitPriceCents: 1000, quantity: 3, discountCents: 450 }],
    taxes: [
      { code: "GST", jurisdiction: "CA", ratePpm: 50_000, taxableBaseCents: 2550, amountCents: 128 },
      { code: "QST", jurisdiction: "QC", ratePpm: 99_750, taxableBaseCents: 2550, amountCents: 254 },
    ],
  };

  it("gives back what the buyer paid for each unit, and the units add up to what the line was sold for", () => {
    const one = plan(DISCOUNTED, [], { kind: "lines", lines: [{ orderLineId: 1, quantity: 1 }], shipping: false });
    expect(one.lines).toEqual([{ orderLineId: 1, quantity: 1, amountCents: 850 }]);
    expect(one.taxes.map((t) => [t.taxableCents, t.amountCents])).toEqual([
      [850, 43],
      [850, 85],
    ]);
    const past: PastRefund[] = [one];
    const rest = plan(DISCOUNTED, past, { kind: "lines", lines: [{ orderLineId: 1, quantity: 2 }], shipping: false });
    expect(rest.lines[0]!.amountCents).toBe(1700);
    expect(one.amountCents + rest.amountCents).toBe(DISCOUNTED.totalCents);
    expect(fullyRefunded(DISCOUNTED, [one, rest])).toBe(true);
  });

  it("spreads an odd discount over the units on the running total", () => {
    const odd: PaidOrder = { ...DISCOUNTED, lines: [{ id: 1, unitPriceCents: 1000, quantity: 3, discountCents: 451 }] };
    const amounts = [1, 2, 3].map(
      (n) =>
        plan(odd, [], { kind: "lines", lines: [{ orderLineId: 1, quantity: n }], shipping: false }).lines[0]!
          .amountCents,
    );
    expect(amounts).toEqual([850, 1699, 2549]);
  });
});
