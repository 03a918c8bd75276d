import { and, asc, eq, inArray, lt, notInArray } from "drizzle-orm";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { orderEvents, orders, payments, type OrderStatus } from "../db/schema.ts";
import type { OrderEventReason } from "../../domain/order-events.ts";
import { getPaymentProvider } from "../payments/index.ts";
import { USABLE_STATUSES } from "../payments/types.ts";
import type { Tx } from "../db/transaction.ts";
import { releaseHolds, returnToShelf } from "./stock.ts";
import { releasePromotionUses } from "../promotions/apply.ts";
import { releaseOrderQuotes } from "../quotes/workflow.ts";
import { settleSucceededIntent } from "./settlement.ts";
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

/**
 * Pending orders past their reservation become `expired` and give their stock back, then their
 * open payment intents are cancelled. Runs on a timer in every app server, never inside a buyer's
 * request: each order is taken with FOR UPDATE SKIP LOCKED in its own transaction, so servers
 * sweeping at once share the work, and the conditional status change releases a hold once.
 */
export async function expireOverdueOrders(now = new Date(), shouldStop = () => false): Promise<string[]> {
  const db = await getDb();
  const expired: string[] = [];
  // Orders left pending this round: paid after all, or the provider could not say.
  const kept: string[] = [];
  while (expired.length < 200 && kept.length < 200 && !shouldStop()) {
    const [candidate] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          lt(orders.reservedUntil, now),
          kept.length > 0 ? notInArray(orders.id, kept) : undefined,
        ),
      )
      .orderBy(asc(orders.reservedUntil))
      .limit(1);
    if (!candidate) break;
    if (await chargedMeanwhile(candidate.id)) {
      kept.push(candidate.id);
      continue;
    }
    const id = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, candidate.id), eq(orders.status, "pending"), lt(orders.reservedUntil, now)))
        .for("update", { skipLocked: true });
      if (!due) return null;
      const done = await releaseOrder(tx, due.id, {
        from: ["pending"],
        to: "expired",
        actorUserId: null,
        reason: "expired",
        now,
      });
      return done ? due.id : null;
    });
    if (!id) {
      kept.push(candidate.id);
      continue;
    }
    expired.push(id);
    await cancelOpenIntents(id);
  }
  return expired;
}

/**
 * Before an order expires, the provider is asked about each of its payments: a charge that
 * succeeded while nobody was there to record it (the server stopped between the two) is settled
 * now, as its report would have been, or refunded when the order cannot be honoured. True when the
 * order must not expire now: it was paid, or the provider could not answer.
 */
async function chargedMeanwhile(orderId: string): Promise<boolean> {
  const db = await getDb();
  const provider = getPaymentProvider();
  const known = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider.name),
        notInArray(payments.status, ["canceled", "refunded"]),
      ),
    );
  try {
    for (const payment of known) {
      const intent = await provider.retrieveIntent(payment.id);
      if (intent?.status === "succeeded") {
        await settleSucceededIntent(intent, null);
        return true;
      }
      // The bank is still deciding: its answer settles or fails the order, not the sweep.
      if (intent?.status === "processing") return true;
    }
    return false;
  } catch (error) {
    log().warn({ err: error, orderId }, "Could not ask the provider about an order's payments");
    return true;
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

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | null = null;
let stopping = false;

function sweep(): Promise<unknown> {
  if (stopping) return Promise.resolve();
  running ??= expireOverdueOrders(new Date(), () => stopping)
    .catch((error) => log().error({ err: error }, "Order expiry sweep failed"))
    .finally(() => {
      running = null;
    });
  return running;
}

export function startOrderExpiry(everyMs = config.holdSweepSeconds * 1000): void {
  stopping = false;
  timer ??= setInterval(() => void sweep(), everyMs);
  timer.unref();
  void sweep();
}

/** Stops the timer; a sweep under way ends after the order it is releasing. */
export async function stopOrderExpiry(): Promise<void> {
  stopping = true;
  clearInterval(timer);
  timer = undefined;
  while (running) await running;
}
