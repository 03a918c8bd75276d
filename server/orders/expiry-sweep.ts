import { and, asc, eq, lt, notInArray } from "drizzle-orm";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { orders, payments } from "../db/schema.ts";
import { getPaymentProvider } from "../payments/index.ts";
import { cancelOpenIntents, releaseOrder } from "./release.ts";
import { settleSucceededIntent } from "./settlement.ts";
import { log } from "../log.ts";

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
