import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { OrderStatus } from "../../domain/order-status.ts";
import { getDb } from "../db/index.ts";
import {
  conversationMessages,
  orderContacts,
  orderDelivery,
  orders,
  outbox,
  quoteFiles,
  quotes,
} from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { isSafeId } from "../http/safe-id.ts";
import { lockOrder } from "./order-lock.ts";
import { customPrintRecord, orderRecords } from "./order-records.ts";

/**
 * A guest's rights under Quebec's Law 25, from the order's page opened by its link (issue 49): a
 * copy of what the studio keeps about the order, and the erasure of the person's details once the
 * order is finished. The order, its lines, taxes and invoice are accounting records kept six years;
 * only what names or reaches the person goes (docs/security.md, "What a guest's order keeps").
 */

/** An order nothing more will happen to that needs its buyer: handed over, cancelled, expired or refunded. */
export const FINISHED_ORDER_STATUSES = [
  "fulfilled",
  "cancelled",
  "expired",
  "refunded",
] as const satisfies readonly OrderStatus[];

/**
 * What the studio keeps about a guest's order, as one JSON-able document: the contact, the order
 * with its lines, taxes, delivery, payments, refunds and history (in the shape of an order of the
 * account's export), and the custom prints it holds. Null when there is no such order.
 */
export async function guestOrderData(orderId: string) {
  if (!isSafeId(orderId)) return null;
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [record] = await orderRecords(db, [order]);
  const parts = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.orderId, orderId))
    .orderBy(asc(quotes.createdAt));
  // A guest's copy gives no link to the file: the browser that reads it may be another.
  const customPrints = parts.map(({ quotes: q, quote_files: file }) => customPrintRecord(q, file));
  return { exportedAt: new Date().toISOString(), order: record, customPrints };
}

export type GuestOrderData = NonNullable<Awaited<ReturnType<typeof guestOrderData>>>;

/**
 * Removes what names or reaches the buyers of these orders, within the caller's transaction (a
 * guest's erasure here, an account's deletion): the orders' contacts and the buyer's messages in
 * their conversations always (the studio's own messages stay with the order, for its records); for
 * the finished orders also the delivery address's name, street lines and phone (the city, province
 * and postal code stay: the place of supply their taxes were computed for), the e-mail a custom
 * part's price request gave, and the e-mails sent about them (the outbox keeps their address and the
 * person's name). An order not finished keeps its address: its parcel may still have to go there.
 * Orders, lines, taxes, payments, refunds and history stay. Running it twice changes nothing more.
 */
export async function eraseOrderPersonalData(tx: Executor, orderIds: readonly string[]): Promise<void> {
  const ids = [...new Set(orderIds)].sort();
  if (ids.length === 0) return;
  // Under the orders' row locks (in one order, so two callers never wait for each other), like every change of an order.
  await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for("update");
  await tx.delete(orderContacts).where(inArray(orderContacts.orderId, ids));
  // The buyer's words in the orders' conversations; the studio's own messages stay with the order.
  await tx
    .delete(conversationMessages)
    .where(and(inArray(conversationMessages.orderId, ids), eq(conversationMessages.author, "buyer")));
  const finished = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, ids), inArray(orders.status, [...FINISHED_ORDER_STATUSES])));
  await tx
    .update(orderDelivery)
    .set({
      address: sql`(${orderDelivery.address} - 'line2' - 'phone') || '{"fullName": "", "line1": ""}'::jsonb`,
    })
    .where(and(inArray(orderDelivery.orderId, finished), isNotNull(orderDelivery.address)));
  await tx
    .update(quotes)
    .set({ reviewEmail: null })
    .where(and(inArray(quotes.orderId, finished), isNotNull(quotes.reviewEmail)));
  await tx.delete(outbox).where(inArray(outbox.orderId, finished));
}

/**
 * A guest's "Erase my details" (the order's page, opened by its key, checked by the caller): only
 * for an order of no account (an account's orders go with the account), and only once it is
 * finished, since until then the studio needs them to hand it over or refund it. An order already
 * erased answers as done.
 */
export async function eraseGuestDetails(orderId: string): Promise<void> {
  if (!isSafeId(orderId)) throw new DomainError("order.not_found");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked || locked.order.userId !== null) throw new DomainError("order.not_found");
    const finished = (FINISHED_ORDER_STATUSES as readonly string[]).includes(locked.order.status);
    // A refund still pending may still write to the buyer (and cancel the order).
    if (!finished || locked.refundPending) throw new DomainError("order.details_needed");
    await eraseOrderPersonalData(tx, [orderId]);
  });
}
