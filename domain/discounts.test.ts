import { describe, expect, it } from "vitest";
import {
  choosePromotions,
  computeDiscount,
  normalizeCode,
  refusal,
  spreadOver,
  type DiscountableLine,
  type Promotion,
  type UseContext,
} from "./discounts.ts";

function promotion(over: Partial<Promotion> = {}): Promotion {
  return {
    id: "p1",
    code: "CON15",
    kind: "percent",
    percentBp: 1500,
    amountCents: null,
    categoryIds: null,
    itemIds: null,
    includesCustomPrints: true,
    minSubtotalCents: 0,
    startsAt: null,
    endsAt: null,
    status: "active",
    maxUses: null,
    maxUsesPerBuyer: null,
    firstOrderOnly: false,
    combinesWithCode: false,
    ...over,
  };
}

const line = (key: string, totalCents: number, over: Partial<DiscountableLine> = {}): DiscountableLine => ({
  key,
  itemId: key,
  categoryId: "figurines",
  customPrint: false,
  totalCents,
  ...over,
});

const now = new Date("2026-11-27T15:00:00Z");
const fresh: UseContext = { now, usesTotal: 0, usesByBuyer: 0, hasOrdered: false };
const sum = (shares: Map<string, number>) => [...shares.values()].reduce((a, b) => a + b, 0);

describe("normalizeCode", () => {
  it("takes a code in any case, trimmed", () => {
    expect(normalizeCode(" con15 ")).toBe("CON15");
  });
  it("refuses anything but 3 to 32 letters and digits", () => {
    expect(normalizeCode("CON-15")).toBeNull();
    expect(normalizeCode("AB")).toBeNull();
    expect(normalizeCode("A".repeat(33))).toBeNull();
    expect(normalizeCode(15)).toBeNull();
  });
});

describe("computeDiscount", () => {
  it("takes a percentage off the lines, half-up to the cent", () => {
    const discount = computeDiscount(promotion(), [line("a", 3333)], 1000);
    expect(discount.goodsCents).toBe(500); // 499.95
    expect(discount.shippingCents).toBe(0);
  });

  it("takes a fixed amount, never more than the goods it applies to", () => {
    expect(computeDiscount(promotion({ kind: "fixed", amountCents: 1000 }), [line("a", 2500)], 0).goodsCents).toBe(
      1000,
    );
    expect(computeDiscount(promotion({ kind: "fixed", amountCents: 5000 }), [line("a", 2500)], 0).goodsCents).toBe(
      2500,
    );
  });

  it("gives free shipping up to its cap", () => {
    const capped = computeDiscount(promotion({ kind: "free_shipping", amountCents: 1500 }), [line("a", 2500)], 2200);
    expect(capped).toMatchObject({ goodsCents: 0, shippingCents: 1500, totalCents: 1500 });
    const uncapped = computeDiscount(promotion({ kind: "free_shipping" }), [line("a", 2500)], 2200);
    expect(uncapped.shippingCents).toBe(2200);
  });

  it("applies only to the categories, items and custom prints it names", () => {
    const lines = [
      line("a", 1000, { categoryId: "cosplay" }),
      line("b", 2000, { categoryId: "decor" }),
      line("c", 4000, { itemId: "lamp", categoryId: "decor" }),
      line("q", 8000, { itemId: null, categoryId: null, customPrint: true }),
    ];
    const discount = computeDiscount(
      promotion({ categoryIds: ["cosplay"], itemIds: ["lamp"], includesCustomPrints: false, percentBp: 1000 }),
      lines,
      0,
    );
    expect(Object.fromEntries(discount.lines)).toEqual({ a: 100, c: 400 });
  });

  it("spreads a discount so that the lines add up exactly to it", () => {
    const lines = [line("a", 1000), line("b", 1000), line("c", 1000)];
    const discount = computeDiscount(promotion({ kind: "fixed", amountCents: 1000 }), lines, 0);
    expect(Object.fromEntries(discount.lines)).toEqual({ a: 334, b: 333, c: 333 });
    expect(sum(discount.lines)).toBe(discount.goodsCents);
  });
});

describe("spreadOver", () => {
  it("adds up to the amount and never gives a line more than its total, whatever the figures", () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + random(6) }, (_, i) => line(`l${i}`, 1 + random(50_000)));
      const total = lines.reduce((s, l) => s + l.totalCents, 0);
      const amount = random(total + 1);
      const shares = spreadOver(amount, lines);
      expect(sum(shares)).toBe(amount);
      for (const l of lines) expect(shares.get(l.key) ?? 0).toBeLessThanOrEqual(l.totalCents);
    }
  });
});

describe("refusal", () => {
  const lines = [line("a", 4000)];
  it("accepts a code whose conditions hold", () => {
    expect(refusal(promotion(), fresh, lines, 0)).toBeNull();
  });
  it("says why a code is refused", () => {
    expect(refusal(null, fresh, lines, 0)).toEqual({ reason: "unknown" });
    expect(refusal(promotion({ status: "paused" }), fresh, lines, 0)).toEqual({ reason: "unknown" });
    expect(refusal(promotion({ status: "ended" }), fresh, lines, 0)).toEqual({ reason: "expired" });
    expect(refusal(promotion({ endsAt: now }), fresh, lines, 0)).toEqual({ reason: "expired" });
    expect(refusal(promotion({ startsAt: new Date(now.getTime() + 1) }), fresh, lines, 0)).toEqual({
      reason: "not_yet_valid",
    });
    expect(refusal(promotion({ maxUses: 1 }), { ...fresh, usesTotal: 1 }, lines, 0)).toEqual({ reason: "used_up" });
    expect(refusal(promotion({ maxUsesPerBuyer: 1 }), { ...fresh, usesTotal: 1, usesByBuyer: 1 }, lines, 0)).toEqual({
      reason: "already_used",
    });
    expect(refusal(promotion({ firstOrderOnly: true }), { ...fresh, hasOrdered: true }, lines, 0)).toEqual({
      reason: "first_order_only",
    });
    expect(refusal(promotion({ categoryIds: ["other"] }), fresh, lines, 0)).toEqual({ reason: "applies_to_nothing" });
    expect(refusal(promotion({ kind: "free_shipping" }), fresh, lines, 0)).toEqual({ reason: "applies_to_nothing" });
  });
  it("says by how much a minimum is not met", () => {
    expect(refusal(promotion({ minSubtotalCents: 5000 }), fresh, lines, 0)).toEqual({
      reason: "minimum_not_met",
      shortCents: 1000,
    });
  });
});

describe("choosePromotions", () => {
  const lines = [line("a", 6000), line("b", 4000)];
  const automatic = promotion({ id: "auto", code: null, kind: "fixed", amountCents: 500 });

  it("takes the best automatic promotion that applies", () => {
    const better = promotion({ id: "auto2", code: null, percentBp: 1000 });
    const choice = choosePromotions({
      automatic: [
        { promotion: automatic, context: fresh },
        { promotion: better, context: fresh },
      ],
      code: null,
      lines,
      shippingCents: 0,
    });
    expect(choice.applied.map((d) => d.promotionId)).toEqual(["auto2"]);
    expect(choice.totalCents).toBe(1000);
  });

  it("takes the code over an automatic discount worth less, and says when the automatic one is better", () => {
    const withCode = choosePromotions({
      automatic: [{ promotion: automatic, context: fresh }],
      code: { promotion: promotion(), context: fresh },
      lines,
      shippingCents: 0,
    });
    expect(withCode.applied.map((d) => d.promotionId)).toEqual(["p1"]);
    expect(withCode.totalCents).toBe(1500);
    const small = promotion({ kind: "fixed", amountCents: 100 });
    const replaced = choosePromotions({
      automatic: [{ promotion: automatic, context: fresh }],
      code: { promotion: small, context: fresh },
      lines,
      shippingCents: 0,
    });
    expect(replaced).toMatchObject({ codeReplaced: true, codeRefusal: null, totalCents: 500 });
  });

  it("applies a combining automatic discount first and the code on what is left", () => {
    const choice = choosePromotions({
      automatic: [{ promotion: { ...automatic, combinesWithCode: true }, context: fresh }],
      code: { promotion: promotion(), context: fresh },
      lines,
      shippingCents: 0,
    });
    // 500 off 10 000, then 15 % of 9 500.
    expect(choice.totalCents).toBe(500 + 1425);
    expect(sum(choice.lines)).toBe(choice.goodsCents);
  });

  it("keeps an automatic discount when the code typed is refused", () => {
    const choice = choosePromotions({
      automatic: [{ promotion: automatic, context: fresh }],
      code: { promotion: null, context: fresh },
      lines,
      shippingCents: 0,
    });
    expect(choice.codeRefusal).toEqual({ reason: "unknown" });
    expect(choice.totalCents).toBe(500);
  });
});
