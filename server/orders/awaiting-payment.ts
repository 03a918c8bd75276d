import { and, desc, eq, gt } from "drizzle-orm";
import { keptForBuyer } from "../cart/cart-cache.ts";
import { getDb } from "../db/index.ts";
import { orders } from "../db/schema.ts";

export type OrderAwaitingPayment = { id: string; totalCents: number; reservedUntil: string };

/**
 * The buyer's placed order whose hold still runs, unpaid: its lines are still in the cart (so that
 * nothing is lost if it lapses), and the shell says they now sit in this order, with the way to pay.
 * Kept with the buyer's cart (cart-cache.ts): placing, paying and releasing an order each announce
 * the stock they move, and a guest order joining the account announces its cart.
 */
export async function orderAwaitingPayment(userId: string, now = new Date()): Promise<OrderAwaitingPayment | null> {
  const order = await keptForBuyer({ userId }, "awaiting-payment", () => latestHeldOrder(userId, now));
  return order && order.reservedUntil > now.toISOString() ? order : null;
}

async function latestHeldOrder(userId: string, now: Date): Promise<OrderAwaitingPayment | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: orders.id, totalCents: orders.totalCents, reservedUntil: orders.reservedUntil })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending"), gt(orders.reservedUntil, now)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.reservedUntil
    ? { id: row.id, totalCents: row.totalCents, reservedUntil: row.reservedUntil.toISOString() }
    : null;
}
