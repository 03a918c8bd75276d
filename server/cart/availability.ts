import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import { inventoryItems, orders, stockHolds } from "../db/schema.ts";
import { availableUnitsSql } from "../inventory/availability.ts";
import type { Executor } from "../db/transaction.ts";

/**
 * The one place the cart reads how many units of an item a buyer can get: on the shelf minus
 * held (`server/inventory/availability.ts`). A buyer's own unpaid orders (their account's, or
 * placed from their cart, a guest's included) count as available to them: going back to the
 * checkout resumes that order.
 */
export async function availableUnits(
  db: Executor,
  itemIds: string[],
  viewer: { userId?: string; cartId?: string | null; now?: Date } = {},
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: inventoryItems.id, available: availableUnitsSql })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, itemIds));
  const own =
    viewer.userId || viewer.cartId
      ? await heldUnits(db, itemIds, { only: { userId: viewer.userId, cartId: viewer.cartId }, now: viewer.now })
      : new Map<string, number>();
  return new Map(rows.map((row) => [row.id, Math.max(0, row.available) + (own.get(row.id) ?? 0)]));
}

/**
 * Units of each item held right now by unpaid orders: of other shoppers than `exceptUserId` (an
 * item with none available but some held may come back when a hold lapses), or of one buyer.
 */
export async function heldUnits(
  db: Executor,
  itemIds: string[],
  options: { exceptUserId?: string; only?: { userId?: string; cartId?: string | null }; now?: Date } = {},
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const now = options.now ?? new Date();
  const rows = await db
    .select({ itemId: stockHolds.itemId, units: sql<number>`sum(${stockHolds.quantity})::int` })
    .from(stockHolds)
    .innerJoin(orders, eq(orders.id, stockHolds.orderId))
    .where(
      and(
        inArray(stockHolds.itemId, itemIds),
        eq(orders.status, "pending"),
        gt(orders.reservedUntil, now),
        // A guest's order belongs to no account: it is another shopper's for every account.
        options.exceptUserId ? sql`${orders.userId} is distinct from ${options.exceptUserId}` : undefined,
        options.only
          ? or(
              options.only.userId ? eq(orders.userId, options.only.userId) : undefined,
              options.only.cartId ? eq(orders.cartId, options.only.cartId) : undefined,
            )
          : undefined,
      ),
    )
    .groupBy(stockHolds.itemId);
  return new Map(rows.map((row) => [row.itemId, Number(row.units)]));
}
