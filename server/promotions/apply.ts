import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  choosePromotions,
  normalizeCode,
  type Choice,
  type DiscountableLine,
  type Promotion,
  type Refusal,
  type UseContext,
} from "../../domain/discounts.ts";
import { inventoryItems, orderContacts, orders, promotions, promotionUses } from "../db/schema.ts";
import type { Executor, Tx } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";

/** Whose use it is: an account, or a guest by their lower-cased e-mail (a guest is not a user). */
export type Buyer = { userId: string | null; email: string | null };

export function buyerKey(buyer: Buyer): string | null {
  if (buyer.userId) return `user:${buyer.userId}`;
  const email = buyer.email?.trim().toLowerCase();
  return email ? `email:${email}` : null;
}

type PromotionRow = typeof promotions.$inferSelect;

export function promotionOf(row: PromotionRow): Promotion {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentBp: row.percentBp,
    amountCents: row.amountCents,
    categoryIds: row.categoryIds,
    itemIds: row.itemIds,
    includesCustomPrints: row.includesCustomPrints,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: row.status,
    maxUses: row.maxUses,
    maxUsesPerBuyer: row.maxUsesPerBuyer,
    firstOrderOnly: row.firstOrderOnly,
    combinesWithCode: row.combinesWithCode,
  };
}

/** The key of an order's line in a discount: its item, or its custom print's quote. */
export const itemLineKey = (itemId: string) => `item:${itemId}`;
export const customLineKey = (quoteId: string) => `quote:${quoteId}`;

/** The lines as a promotion sees them: each item's category read from the catalogue. */
export async function discountableLines(
  db: Executor,
  items: readonly { itemId: string; totalCents: number }[],
  custom: readonly { quoteId: string; totalCents: number }[],
): Promise<DiscountableLine[]> {
  const ids = items.map((line) => line.itemId);
  const categories = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: inventoryItems.id, categoryId: inventoryItems.categoryId })
            .from(inventoryItems)
            .where(inArray(inventoryItems.id, ids))
        ).map((row) => [row.id, row.categoryId] as const),
  );
  return [
    ...items.map((line) => ({
      key: itemLineKey(line.itemId),
      itemId: line.itemId,
      categoryId: categories.get(line.itemId) ?? null,
      customPrint: false,
      totalCents: line.totalCents,
    })),
    ...custom.map((line) => ({
      key: customLineKey(line.quoteId),
      itemId: null,
      categoryId: null,
      customPrint: true,
      totalCents: line.totalCents,
    })),
  ];
}

export type PromotionChoice = Choice & {
  /** The code as the buyer typed it, normalised; null when none was typed. */
  code: string | null;
  /** The promotions applied, by id (their names and codes, for the page and the order). */
  promotions: Map<string, Promotion & { name: string }>;
};

/**
 * The promotions this cart gets. With `lock` (placing the order, inside its transaction) the rows
 * of the limited promotions in play are locked before their uses are counted, so that two orders
 * racing for the last use of a code are counted one after the other: the second finds it used up.
 */
export async function choosePromotionsFor(
  db: Executor,
  input: {
    code: unknown;
    buyer: Buyer;
    lines: readonly DiscountableLine[];
    shippingCents: number;
    now: Date;
    lock?: boolean;
  },
): Promise<PromotionChoice> {
  const typed = typeof input.code === "string" && input.code.trim() !== "" ? input.code : null;
  const code = typed === null ? null : normalizeCode(typed);
  const inPlay = and(
    eq(promotions.status, "active"),
    code === null ? isNull(promotions.code) : sql`(${promotions.code} is null or ${promotions.code} = ${code})`,
  );
  // A paused or ended code is still read, to say why it is refused.
  const where = code === null ? inPlay : sql`(${inPlay}) or ${promotions.code} = ${code}`;
  const rows = await db.select().from(promotions).where(where).orderBy(asc(promotions.id));
  // Only a promotion with a limit is locked: an unlimited one never makes two orders wait for each other.
  const limited = rows.filter((row) => row.maxUses !== null || row.maxUsesPerBuyer !== null).map((row) => row.id);
  if (input.lock && limited.length > 0)
    await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(inArray(promotions.id, limited))
      .orderBy(asc(promotions.id))
      .for("update");
  const key = buyerKey(input.buyer);
  const ids = rows.map((row) => row.id);
  const live = inArray(promotionUses.status, ["held", "kept"]);
  const totals =
    ids.length === 0
      ? []
      : await db
          .select({ id: promotionUses.promotionId, uses: count() })
          .from(promotionUses)
          .where(and(inArray(promotionUses.promotionId, ids), live))
          .groupBy(promotionUses.promotionId);
  const mine =
    ids.length === 0 || key === null
      ? []
      : await db
          .select({ id: promotionUses.promotionId, uses: count() })
          .from(promotionUses)
          .where(and(inArray(promotionUses.promotionId, ids), eq(promotionUses.buyerKey, key), live))
          .groupBy(promotionUses.promotionId);
  const hasOrdered = rows.some((row) => row.firstOrderOnly) ? await buyerHasOrdered(db, input.buyer) : false;
  const contextOf = (id: string): UseContext => ({
    now: input.now,
    usesTotal: totals.find((row) => row.id === id)?.uses ?? 0,
    usesByBuyer: mine.find((row) => row.id === id)?.uses ?? 0,
    hasOrdered,
  });
  const byId = new Map(rows.map((row) => [row.id, { ...promotionOf(row), name: row.name }]));
  const codeRow = code === null ? undefined : rows.find((row) => row.code === code);
  const choice = choosePromotions({
    automatic: rows
      .filter((row) => row.code === null)
      .map((row) => ({ promotion: byId.get(row.id)!, context: contextOf(row.id) })),
    code:
      typed === null
        ? null
        : { promotion: codeRow ? byId.get(codeRow.id)! : null, context: contextOf(codeRow?.id ?? "") },
    lines: input.lines,
    shippingCents: input.shippingCents,
  });
  return { ...choice, code, promotions: byId };
}

/** An account's or a guest e-mail's paid order (paid, fulfilled or refunded since). */
async function buyerHasOrdered(db: Executor, buyer: Buyer): Promise<boolean> {
  const paid = inArray(orders.status, ["paid", "fulfilled", "refunded"]);
  if (buyer.userId) {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, buyer.userId), paid))
      .limit(1);
    return Boolean(row);
  }
  if (!buyer.email) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderContacts, eq(orderContacts.orderId, orders.id))
    .where(and(sql`lower(${orderContacts.email}) = ${buyer.email.trim().toLowerCase()}`, paid))
    .limit(1);
  return Boolean(row);
}

/** The order's uses of the promotions it got, held until it is paid. */
export async function holdPromotionUses(tx: Tx, orderId: string, buyer: Buyer, choice: Choice): Promise<void> {
  const key = buyerKey(buyer);
  if (choice.applied.length === 0 || key === null) return;
  await tx.insert(promotionUses).values(
    choice.applied.map((discount) => ({
      promotionId: discount.promotionId,
      orderId,
      buyerKey: key,
      status: "held" as const,
      discountCents: discount.totalCents,
    })),
  );
}

/** Paid: the order's uses are kept for good (a refund does not give them back). */
export async function keepPromotionUses(tx: Tx, orderId: string, now: Date): Promise<void> {
  await tx
    .update(promotionUses)
    .set({ status: "kept", updatedAt: now })
    .where(and(eq(promotionUses.orderId, orderId), inArray(promotionUses.status, ["held", "released"])));
}

/** Expired or cancelled unpaid: the uses it held are given back. */
export async function releasePromotionUses(tx: Tx, orderId: string, now: Date): Promise<void> {
  await tx
    .update(promotionUses)
    .set({ status: "released", updatedAt: now })
    .where(and(eq(promotionUses.orderId, orderId), eq(promotionUses.status, "held")));
}

/** A refused code as the error the checkout words next to its field. */
export function refusalError(refusal: Refusal): DomainError {
  return new DomainError(`discount.${refusal.reason}`, {
    field: "discountCode",
    count: refusal.reason === "minimum_not_met" ? refusal.shortCents : undefined,
  });
}
