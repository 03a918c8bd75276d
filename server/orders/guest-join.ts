import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { cartChanged } from "../cart/cart-cache.ts";
import { getDb } from "../db/index.ts";
import { orderContacts, orders, quotes } from "../db/schema.ts";

/**
 * Once an account has verified its address, the guest orders placed with that address become its
 * own (never before: anyone may type someone else's address at a guest checkout). Their contact
 * stays as the guest gave it: the studio writes where it was asked to.
 */
export async function joinGuestOrders(userId: string, email: string): Promise<number> {
  const db = await getDb();
  const moved = await db
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(
      and(
        isNull(orders.userId),
        inArray(
          orders.id,
          db
            .select({ id: orderContacts.orderId })
            .from(orderContacts)
            .where(eq(sql`lower(${orderContacts.email})`, email.toLowerCase())),
        ),
      ),
    )
    .returning({ id: orders.id });
  if (moved.length === 0) return 0;
  // Their custom parts join the account's prints with them.
  await db
    .update(quotes)
    .set({ userId, browserHash: null, updatedAt: new Date() })
    .where(
      and(
        isNull(quotes.userId),
        inArray(
          quotes.orderId,
          moved.map((order) => order.id),
        ),
      ),
    );
  // One of them may be awaiting payment: the cart's drawer shows it.
  cartChanged({ userId });
  return moved.length;
}
