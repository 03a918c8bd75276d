import { and, asc, countDistinct, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { conversationMessages, orders } from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";

const unreadFrom = (author: "buyer" | "studio") =>
  and(eq(conversationMessages.author, author), isNull(conversationMessages.readAt));

/** The orders among `orderIds` whose conversation has buyer messages the studio has not read. */
export async function ordersUnreadByStudio(orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .selectDistinct({ orderId: conversationMessages.orderId })
    .from(conversationMessages)
    .where(and(unreadFrom("buyer"), inArray(conversationMessages.orderId, orderIds)));
  return new Set(rows.map((row) => row.orderId));
}

/** How many conversations have buyer messages the studio has not read. */
export async function unreadByStudioCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: countDistinct(conversationMessages.orderId) })
    .from(conversationMessages)
    .where(unreadFrom("buyer"));
  return row?.count ?? 0;
}

/** This account's orders whose conversation has studio messages it has not read. */
export async function ordersUnreadByBuyer(userId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ orderId: conversationMessages.orderId })
    .from(conversationMessages)
    .innerJoin(orders, eq(orders.id, conversationMessages.orderId))
    .where(and(unreadFrom("studio"), eq(orders.userId, userId)))
    .orderBy(conversationMessages.orderId);
  return rows.map((row) => row.orderId);
}

/** The buyer's messages on this order that the studio has not read, oldest first. */
export async function unreadBuyerMessages(db: Executor, orderId: string) {
  return db
    .select({ kind: conversationMessages.kind, body: conversationMessages.body })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.orderId, orderId), unreadFrom("buyer")))
    .orderBy(asc(conversationMessages.id));
}
