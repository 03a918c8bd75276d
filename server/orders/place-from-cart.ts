import { and, eq, gt, inArray } from "drizzle-orm";
import type { Locale } from "../../app/lib/locale.ts";
import { cartCustomOrderLines, cartOrderLines } from "../cart/cart.ts";
import { getDb } from "../db/index.ts";
import { orderLines, orders } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { placeOrder, type CustomOrderLine } from "./place-order.ts";
import { StockConflict } from "./problems.ts";
import { cancelPendingOrder } from "./release.ts";
import { mergeLines, type WantedLine } from "./stock.ts";

export type CartOrder = { id: string; totalCents: number; resumed: boolean };

function sameLines(a: WantedLine[], b: WantedLine[]): boolean {
  const left = mergeLines(a);
  const right = mergeLines(b);
  return left.length === right.length && left.every((line, i) => line.itemId === right[i]!.itemId && line.quantity === right[i]!.quantity);
}

/**
 * Places the order for the buyer's cart as the server keeps it (the browser sends nothing but the
 * request). An unpaid order of this buyer whose hold still runs is resumed when it is for the same
 * lines, and cancelled (its hold released) when the cart has changed since: stock is never held
 * twice for one buyer's cart.
 */
export async function placeOrderFromCart(input: { userId: string; locale: Locale; now?: Date }): Promise<CartOrder> {
  const now = input.now ?? new Date();
  const wanted = await cartOrderLines(input.userId);
  const customLines = await customLinesOf(input.userId);
  const db = await getDb();
  const pending = await db
    .select({ id: orders.id, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.status, "pending"), gt(orders.reservedUntil, now)));
  if (pending.length > 0) {
    const lines = await db
      .select({ orderId: orderLines.orderId, itemId: orderLines.itemId, quantity: orderLines.quantity, quoteId: orderLines.quoteId, unitPriceCents: orderLines.unitPriceCents })
      .from(orderLines)
      .where(inArray(orderLines.orderId, pending.map((order) => order.id)));
    const same = pending.find((order) =>
      sameLines(
        lines.filter((line) => line.orderId === order.id && line.itemId !== null) as WantedLine[],
        wanted,
      ) && sameCustomLines(lines.filter((line) => line.orderId === order.id && line.quoteId !== null), customLines),
    );
    if (same) return { id: same.id, totalCents: same.totalCents, resumed: true };
    for (const order of pending) await cancelPendingOrder(order.id, input.userId);
  }
  try {
    const order = await placeOrder({ userId: input.userId, locale: input.locale, lines: wanted, customLines, now });
    return { id: order.id, totalCents: order.totalCents, resumed: false };
  } catch (error) {
    if (error instanceof StockConflict) throw new DomainError("order.stock_conflict");
    throw error;
  }
}

/** The cart's custom prints at their quotes' prices; weightGrams is the slicer's grams for all the parts. */
async function customLinesOf(userId: string): Promise<CustomOrderLine[]> {
  return (await cartCustomOrderLines(userId)).map((line) => ({
    quoteId: line.quoteId,
    name: line.name,
    quantity: line.quantity,
    totalCents: line.lineTotalCents,
    weightGrams: line.grams ?? 0,
  }));
}

function sameCustomLines(ordered: { quoteId: string | null; unitPriceCents: number }[], wanted: CustomOrderLine[]): boolean {
  return ordered.length === wanted.length && wanted.every((line) => ordered.some((o) => o.quoteId === line.quoteId && o.unitPriceCents === line.totalCents));
}
