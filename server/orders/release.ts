import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orderEvents, orders, payments, type OrderStatus } from "../db/schema.ts";
import type { OrderEventReason } from "../../domain/order-events.ts";
import { getPaymentProvider } from "../payments/index.ts";
import { USABLE_STATUSES } from "../payments/types.ts";
import type { Tx } from "../db/transaction.ts";
import { releaseHolds, returnToShelf } from "./stock.ts";
import { releasePromotionUses } from "../promotions/apply.ts";
import { releaseOrderQuotes } from "../quotes/workflow.ts";
import { log } from "../log.ts";

/**
 * Moves an order out of `from` into `to` and gives its stock back, in the caller's transaction
 * (`from` is either pending orders, which hold stock, or paid ones, whose units had left the shelf).
 * The status change is conditional: when two releases race (sweep, buyer, admin), exactly one
 * of them gives the stock back. Returns false when the order was not in `from` any more.
 */
export async function releaseOrder(
  tx: Tx,
  orderId: string,
  change: {
    from: OrderStatus[];
    to: "cancelled" | "expired";
    actorUserId: string | null;
    reason: OrderEventReason;
    /** The admin's own words, when they gave some. */
    detail?: string | null;
    now?: Date;
  },
): Promise<boolean> {
  const now = change.now ?? new Date();
  const [moved] = await tx
    .update(orders)
    .set({ status: change.to, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, change.from)))
    .returning({ id: orders.id });
  if (!moved) return false;
  // A pending order gives back what it held and its frozen quotes; a paid one (holds already turned
  // into a sale) its units.
  await releaseHolds(tx, orderId);
  await releaseOrderQuotes(tx, orderId, now);
  // An unpaid order gives its discount codes' uses back; a paid one keeps them (decision 080).
  await releasePromotionUses(tx, orderId, now);
  if (change.from.includes("paid")) await returnToShelf(tx, orderId);
  await tx.insert(orderEvents).values({
    orderId,
    status: change.to,
    actorUserId: change.actorUserId,
    reason: change.reason,
    detail: change.detail ?? null,
    createdAt: now,
  });
  return true;
}

/** Cancels the provider's open intents of an order so that nobody can pay for it any more. */
export async function cancelOpenIntents(orderId: string): Promise<void> {
  const db = await getDb();
  const provider = getPaymentProvider();
  const open = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider.name),
        inArray(payments.status, [...USABLE_STATUSES]),
      ),
    );
  for (const payment of open) {
    try {
      const intent = await provider.cancelIntent(payment.id, `cancel-${payment.id}`);
      if (intent)
        await db
          .update(payments)
          .set({ status: intent.status, updatedAt: new Date() })
          .where(eq(payments.id, payment.id));
    } catch (error) {
      log().warn({ err: error, paymentIntent: payment.id, orderId }, "Could not cancel a payment");
    }
  }
}

/** The buyer gives up a pending order: its stock goes back at once. */
export async function cancelPendingOrder(orderId: string, actorUserId: string | null): Promise<boolean> {
  const db = await getDb();
  const done = await db.transaction((tx) =>
    releaseOrder(tx, orderId, { from: ["pending"], to: "cancelled", actorUserId, reason: "cancelled_by_buyer" }),
  );
  if (done) await cancelOpenIntents(orderId);
  return done;
}
