import { DomainError } from "../errors.ts";
import { currentSeller } from "./seller.ts";
import { and, eq, ne, notInArray } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orderEvents, orders, payments } from "../db/schema.ts";
import { deliverNow } from "../mail/mailer.ts";
import { getPaymentProvider } from "../payments/index.ts";
import type { PaymentIntent } from "../payments/types.ts";
import { StockConflict } from "./problems.ts";
import { queueReceipt } from "./receipt.ts";
import { commitHolds, holdStock, orderWantedLines } from "./stock.ts";
import { removeOrderFromCart } from "../cart/cart.ts";
import { orderQuotesFrozen, refreezeOrderQuotes, startOrderProduction } from "../quotes/workflow.ts";
import { releaseOrder } from "./release.ts";
import { keepPromotionUses } from "../promotions/apply.ts";
import { recordStudioEvent } from "../notices/events.ts";
import { log } from "../log.ts";

export type Settlement =
  | {
      /** `refunded`: a late payment given back; `cancelled`/`order_refunded`: the studio closed the paid order since. */
      outcome: "paid" | "already_paid" | "refunded" | "cancelled" | "order_refunded";
      orderId: string;
      amount: number;
    }
  | { outcome: "mismatch"; orderId: string | null };

/**
 * Checks that an intent is one we created for this order, for the order's amount and currency.
 * The payments row (written when the intent was created) ties the intent to the order; the
 * intent's own metadata must agree.
 */
export async function intentMatchesOrder(intent: PaymentIntent) {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.id, intent.id));
  if (!payment || payment.orderId !== intent.orderId) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) return null;
  if (intent.amount !== order.totalCents || intent.currency.toLowerCase() !== order.currency.toLowerCase()) return null;
  return order;
}

class LateRefund extends Error {}

/** A payment we gave back, or decided to give back (the provider's answer may still be due). */
const GIVEN_BACK = ["refunded", "refunding"];

/**
 * A succeeded intent makes its order paid exactly once, whoever reports it first (the buyer's
 * confirmation page, a reload, or the provider's webhook): the pending → paid change is one
 * conditional update, and the receipt is queued in the same transaction.
 *
 * Paying moves the order's frozen custom parts into production in the same transaction. An
 * item deleted or a part gone since the order was placed cancels the order and refunds the
 * payment. A payment that lands after the order expired takes the stock and the parts again if
 * they are still there (the buyer gets what they paid for); otherwise, or if the order was
 * cancelled, the payment is refunded through the provider and the order stays closed. A payment
 * already settled and refunded since is answered as handled.
 */
export async function settleSucceededIntent(intent: PaymentIntent, actorUserId: string | null): Promise<Settlement> {
  if (intent.status !== "succeeded") throw new Error("settleSucceededIntent needs a succeeded intent");
  const order = await intentMatchesOrder(intent);
  if (!order) return { outcome: "mismatch", orderId: intent.orderId };
  const db = await getDb();
  const now = new Date();
  const markPaid = { status: "paid" as const, paidAt: now, paymentReference: intent.id, updatedAt: now };

  let outcome: "paid" | "already_paid" | "refund" | "handled" | "cancelled" | "order_refunded";
  try {
    outcome = await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({
          status: "succeeded",
          failureReason: null,
          ...(intent.card ? { cardBrand: intent.card.brand, cardLast4: intent.card.last4 } : {}),
          updatedAt: now,
        })
        .where(and(eq(payments.id, intent.id), notInArray(payments.status, GIVEN_BACK)));
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      const paid = { ...markPaid, seller: await currentSeller(tx) };
      const [payment] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, intent.id));
      // The decision to give this payment back is recorded with it, so a second report never takes the order again.
      const refund = async () => {
        await tx
          .update(payments)
          .set({ status: "refunding", updatedAt: now })
          .where(and(eq(payments.id, intent.id), ne(payments.status, "refunded")));
        return "refund" as const;
      };
      if (current!.status === "pending") {
        // What was ordered is what gets paid for: every line's stock and every custom part still there.
        const { deleted } = await orderWantedLines(tx, order.id);
        if (deleted || !(await orderQuotesFrozen(tx, order.id))) {
          await releaseOrder(tx, order.id, {
            from: ["pending"],
            to: "cancelled",
            actorUserId: null,
            reason: "cancelled_unavailable",
            now,
          });
          return refund();
        }
        await tx.update(orders).set(paid).where(eq(orders.id, order.id));
        await commitHolds(tx, order.id);
        await keepPromotionUses(tx, order.id, now);
        await startOrderProduction(tx, order.id, now);
        await tx
          .insert(orderEvents)
          .values({ orderId: order.id, status: "paid", actorUserId, reason: "paid", createdAt: now });
        await queueReceipt(tx, order.id);
        await recordStudioEvent(tx, { kind: "paid_order", orderId: order.id });
        return "paid";
      }
      if (current!.paymentReference === intent.id) {
        // This very payment was settled before: a reload or a redelivered notice.
        if (current!.status === "paid" || current!.status === "fulfilled") return "already_paid";
        // Cancelled and refunded (or refunded) since: the money already went back.
        return current!.status === "cancelled" ? "cancelled" : "order_refunded";
      }
      // A late payment already given back (or being given back) is never settled again.
      if (payment!.status === "refunded") return "handled";
      if (payment!.status === "refunding" || current!.status !== "expired") return refund();
      const { lines, deleted } = await orderWantedLines(tx, order.id);
      if (deleted) return refund();
      try {
        await tx.transaction(async (savepoint) => {
          // The buyer paid for what was available when they ordered; a hide since then does not undo it.
          await holdStock(savepoint, order.id, lines, { requireVisible: false });
          if (!(await refreezeOrderQuotes(savepoint, order.id, now))) throw new StockConflict([]);
        });
      } catch (error) {
        if (error instanceof StockConflict) return refund();
        throw error;
      }
      const [revived] = await tx
        .update(orders)
        .set(paid)
        .where(and(eq(orders.id, order.id), eq(orders.status, "expired")))
        .returning({ id: orders.id });
      if (!revived) throw new LateRefund();
      await commitHolds(tx, order.id);
      await keepPromotionUses(tx, order.id, now);
      await startOrderProduction(tx, order.id, now);
      await tx
        .insert(orderEvents)
        .values({ orderId: order.id, status: "paid", actorUserId, reason: "paid_after_expiry", createdAt: now });
      await queueReceipt(tx, order.id);
      await recordStudioEvent(tx, { kind: "paid_order", orderId: order.id });
      return "paid";
    });
  } catch (error) {
    if (!(error instanceof LateRefund)) throw error;
    outcome = "refund";
  }

  if (outcome === "paid") void deliverNow();
  if (outcome === "paid") await removeOrderFromCart(order.id);
  if (outcome === "handled") return { outcome: "refunded", orderId: order.id, amount: order.totalCents };
  if (outcome === "cancelled" || outcome === "order_refunded")
    return { outcome, orderId: order.id, amount: order.totalCents };
  if (outcome !== "refund") return { outcome, orderId: order.id, amount: order.totalCents };

  try {
    await getPaymentProvider().refund({
      intentId: intent.id,
      amount: intent.amount,
      idempotencyKey: `refund-late-${intent.id}`,
    });
  } catch (error) {
    // Nothing is marked refunded: the provider retries its notice, the buyer's page asks again.
    log().error({ err: error, paymentIntent: intent.id }, "Refund of a late payment failed");
    throw new DomainError("payment.late_refund_failed");
  }
  const [first] = await db
    .update(payments)
    .set({ status: "refunded", updatedAt: new Date() })
    .where(and(eq(payments.id, intent.id), ne(payments.status, "refunded")))
    .returning({ id: payments.id });
  if (first) {
    const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    await db
      .insert(orderEvents)
      .values({ orderId: order.id, status: current!.status, actorUserId: null, reason: "late_payment_refunded" });
  }
  return { outcome: "refunded", orderId: order.id, amount: order.totalCents };
}
