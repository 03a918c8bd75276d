/**
 * Promotions (decision 080): a code the buyer types or an automatic discount, what it gives
 * (a percentage, a fixed amount, free shipping up to a cap) and what it applies to. Pure and in
 * integer cents: the server prices an order with it, the page shows the same figures.
 */
export const PROMOTION_KINDS = ["percent", "fixed", "free_shipping"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_STATUSES = ["active", "paused", "ended"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const CODE_PATTERN = /^[A-Z0-9]{3,32}$/;
export const MAX_CODE_LENGTH = 32;

export type Promotion = {
  id: string;
  /** The code the buyer types, upper-cased; null for an automatic promotion. */
  code: string | null;
  kind: PromotionKind;
  /** percent: basis points (15 % = 1 500). */
  percentBp: number;
  /** fixed: the amount off; free_shipping: the cap (null = all of the shipping). */
  amountCents: number | null;
  /** null: every item; else only items of these categories or with these ids. */
  categoryIds: readonly string[] | null;
  itemIds: readonly string[] | null;
  includesCustomPrints: boolean;
  minSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  status: PromotionStatus;
  maxUses: number | null;
  maxUsesPerBuyer: number | null;
  firstOrderOnly: boolean;
  /** An automatic promotion that also applies beside a code (never two codes). */
  combinesWithCode: boolean;
};

/** One line of the cart as the server priced it. */
export type DiscountableLine = {
  key: string;
  itemId: string | null;
  categoryId: string | null;
  customPrint: boolean;
  totalCents: number;
};

export type Discount = {
  promotionId: string;
  /** The discount on each line, by key; lines it does not apply to are absent. */
  lines: Map<string, number>;
  goodsCents: number;
  shippingCents: number;
  totalCents: number;
};

/** "con15 " → "CON15"; null when it is not 3 to 32 letters and digits. */
export function normalizeCode(text: unknown): string | null {
  if (typeof text !== "string" || text.length > 100) return null;
  const code = text.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

export function appliesToLine(promotion: Promotion, line: DiscountableLine): boolean {
  if (line.customPrint) return promotion.includesCustomPrints;
  if (promotion.categoryIds === null && promotion.itemIds === null) return true;
  if (promotion.itemIds && line.itemId && promotion.itemIds.includes(line.itemId)) return true;
  return Boolean(promotion.categoryIds && line.categoryId && promotion.categoryIds.includes(line.categoryId));
}

/**
 * `amountCents` spread over the lines in proportion to their totals, rounded by largest remainder
 * so that the shares add up exactly to it and a line never gets more than its total.
 */
export function spreadOver(amountCents: number, lines: readonly DiscountableLine[]): Map<string, number> {
  const total = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const shares = new Map<string, number>();
  if (total <= 0 || amountCents <= 0) return shares;
  const amount = BigInt(Math.min(amountCents, total));
  const exact = lines.map((line, index) => {
    const product = amount * BigInt(line.totalCents);
    return { line, index, floor: product / BigInt(total), remainder: product % BigInt(total) };
  });
  let left = Number(amount) - exact.reduce((sum, share) => sum + Number(share.floor), 0);
  const byRemainder = [...exact].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Set<number>();
  for (const share of byRemainder) {
    if (left <= 0) break;
    extra.add(share.index);
    left -= 1;
  }
  for (const share of exact) {
    const cents = Number(share.floor) + (extra.has(share.index) ? 1 : 0);
    if (cents > 0) shares.set(share.line.key, cents);
  }
  return shares;
}

/** a × bp / 10 000, half-up. */
function percentOf(cents: number, bp: number): number {
  return Number((BigInt(cents) * BigInt(bp) * 2n + 10_000n) / 20_000n);
}

/** What a promotion gives on these lines and this shipping, its conditions aside (see `refusal`). */
export function computeDiscount(
  promotion: Promotion,
  lines: readonly DiscountableLine[],
  shippingCents: number,
): Discount {
  const eligible = lines.filter((line) => line.totalCents > 0 && appliesToLine(promotion, line));
  const eligibleCents = eligible.reduce((sum, line) => sum + line.totalCents, 0);
  let goods = 0;
  let shipping = 0;
  if (promotion.kind === "percent") goods = percentOf(eligibleCents, promotion.percentBp);
  else if (promotion.kind === "fixed") goods = Math.min(promotion.amountCents ?? 0, eligibleCents);
  else shipping = Math.min(shippingCents, promotion.amountCents ?? shippingCents);
  const spread = spreadOver(goods, eligible);
  return {
    promotionId: promotion.id,
    lines: spread,
    goodsCents: goods,
    shippingCents: shipping,
    totalCents: goods + shipping,
  };
}

export type Refusal =
  | { reason: "unknown" }
  | { reason: "not_yet_valid" }
  | { reason: "expired" }
  | { reason: "used_up" }
  | { reason: "already_used" }
  | { reason: "minimum_not_met"; shortCents: number }
  | { reason: "first_order_only" }
  | { reason: "applies_to_nothing" };
export type RefusalReason = Refusal["reason"];

/** What the server knows of the promotion's uses and of the buyer when it checks one. */
export type UseContext = {
  now: Date;
  /** Uses held or kept, every buyer. */
  usesTotal: number;
  /** Uses held or kept by this buyer (an account, or a guest's e-mail). */
  usesByBuyer: number;
  /** The buyer already has a paid order. */
  hasOrdered: boolean;
};

/** Why this promotion cannot apply to this cart now, or null when it can. */
export function refusal(
  promotion: Promotion | null,
  context: UseContext,
  lines: readonly DiscountableLine[],
  shippingCents: number,
): Refusal | null {
  if (!promotion || promotion.status === "paused") return { reason: "unknown" };
  if (promotion.status === "ended" || (promotion.endsAt && context.now >= promotion.endsAt))
    return { reason: "expired" };
  if (promotion.startsAt && context.now < promotion.startsAt) return { reason: "not_yet_valid" };
  if (promotion.maxUses !== null && context.usesTotal >= promotion.maxUses) return { reason: "used_up" };
  if (promotion.maxUsesPerBuyer !== null && context.usesByBuyer >= promotion.maxUsesPerBuyer)
    return { reason: "already_used" };
  if (promotion.firstOrderOnly && context.hasOrdered) return { reason: "first_order_only" };
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (subtotal < promotion.minSubtotalCents)
    return { reason: "minimum_not_met", shortCents: promotion.minSubtotalCents - subtotal };
  if (computeDiscount(promotion, lines, shippingCents).totalCents <= 0) return { reason: "applies_to_nothing" };
  return null;
}

/** The lines as they stand once a discount is taken off them (for a second promotion beside it). */
export function linesAfter(lines: readonly DiscountableLine[], discount: Discount): DiscountableLine[] {
  return lines.map((line) => ({ ...line, totalCents: line.totalCents - (discount.lines.get(line.key) ?? 0) }));
}

/** The discount worth most to the buyer; on a tie, the first given. */
export function bestOf(discounts: readonly Discount[]): Discount | null {
  let best: Discount | null = null;
  for (const discount of discounts)
    if (discount.totalCents > 0 && (!best || discount.totalCents > best.totalCents)) best = discount;
  return best;
}

export type Choice = {
  /** The discounts applied, in order (an automatic one first when it combines with the code). */
  applied: Discount[];
  /** The code typed, when it is refused or when a better automatic discount replaced it. */
  codeRefusal: Refusal | null;
  codeReplaced: boolean;
  lines: Map<string, number>;
  goodsCents: number;
  shippingCents: number;
  totalCents: number;
};

/**
 * The promotions an order gets: the best automatic one that applies, and the code typed (at most
 * one). An automatic one that combines with codes applies first and the code on what is left; one
 * that does not combine competes with the code, and the better for the buyer is taken.
 */
export function choosePromotions(input: {
  automatic: readonly { promotion: Promotion; context: UseContext }[];
  code: { promotion: Promotion | null; context: UseContext } | null;
  lines: readonly DiscountableLine[];
  shippingCents: number;
}): Choice {
  const { lines, shippingCents } = input;
  const usable = input.automatic.filter(({ promotion, context }) => !refusal(promotion, context, lines, shippingCents));
  const bestAutomatic = bestOf(usable.map(({ promotion }) => computeDiscount(promotion, lines, shippingCents)));
  const automaticPromotion = usable.find(({ promotion }) => promotion.id === bestAutomatic?.promotionId)?.promotion;
  let applied: Discount[] = bestAutomatic ? [bestAutomatic] : [];
  let codeRefusal: Refusal | null = null;
  let codeReplaced = false;
  if (input.code) {
    const { promotion, context } = input.code;
    codeRefusal = refusal(promotion, context, lines, shippingCents);
    if (!codeRefusal && promotion) {
      if (bestAutomatic && automaticPromotion?.combinesWithCode) {
        const after = linesAfter(lines, bestAutomatic);
        const shippingLeft = shippingCents - bestAutomatic.shippingCents;
        const second = computeDiscount(promotion, after, shippingLeft);
        if (second.totalCents > 0) applied = [bestAutomatic, second];
      } else {
        const byCode = computeDiscount(promotion, lines, shippingCents);
        if (bestAutomatic && bestAutomatic.totalCents > byCode.totalCents) codeReplaced = true;
        else applied = [byCode];
      }
    }
  }
  const merged = new Map<string, number>();
  for (const discount of applied)
    for (const [key, cents] of discount.lines) merged.set(key, (merged.get(key) ?? 0) + cents);
  const goodsCents = applied.reduce((sum, d) => sum + d.goodsCents, 0);
  const shipping = applied.reduce((sum, d) => sum + d.shippingCents, 0);
  return {
    applied,
    codeRefusal,
    codeReplaced,
    lines: merged,
    goodsCents,
    shippingCents: shipping,
    totalCents: goodsCents + shipping,
  };
}
