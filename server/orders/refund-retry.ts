import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orderEvents, orders, refunds } from "../db/schema.ts";
import { getPaymentProvider } from "../payments/index.ts";
import { ProviderError } from "../payments/types.ts";
import { finishRefund, refundKey, REQUEST_MAX_MS } from "./refunds.ts";
import { recordRefundRefused } from "../notices/events.ts";
import { log } from "../log.ts";

/**
 * A pending refund younger than this is left to its admin's request; a refund whose request may still
 * be running (`in_flight_until`, cleared when the request ends) is left alone whatever its age.
 */
export const RETRY_AFTER_MS = 60_000;

/**
 * Refunds the provider left unknown (a time-out, a crash between its yes and our record) are asked
 * again with the same idempotency key, so the provider answers with the refund it already made or
 * makes it now, once. A definite refusal deletes the refund and records why on the order.
 */
export async function retryPendingRefunds(
  now = new Date(),
  shouldStop = () => false,
): Promise<{ finished: number; refused: number }> {
  const db = await getDb();
  const due = await db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amountCents: refunds.amountCents,
      intentId: orders.paymentReference,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.status, "pending"),
        lt(refunds.createdAt, new Date(now.getTime() - RETRY_AFTER_MS)),
        or(isNull(refunds.inFlightUntil), lt(refunds.inFlightUntil, now)),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(50);
  let finished = 0;
  let refused = 0;
  for (const refund of due) {
    if (shouldStop()) break;
    // Taken for this request, so that no other request for it (the admin's, another server's job) overlaps.
    const [taken] = await db
      .update(refunds)
      .set({ inFlightUntil: new Date(now.getTime() + REQUEST_MAX_MS) })
      .where(
        and(
          eq(refunds.id, refund.id),
          eq(refunds.status, "pending"),
          or(isNull(refunds.inFlightUntil), lt(refunds.inFlightUntil, now)),
        ),
      )
      .returning({ id: refunds.id });
    if (!taken) continue;
    try {
      const made = await getPaymentProvider().refund({
        intentId: refund.intentId ?? "",
        amount: refund.amountCents,
        idempotencyKey: refundKey(refund.orderId, refund.id),
      });
      await finishRefund(refund.id, made.id);
      finished++;
    } catch (error) {
      if (error instanceof ProviderError && error.definite) {
        const gone = await db.transaction(async (tx) => {
          const [gone] = await tx
            .delete(refunds)
            .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
            .returning({ id: refunds.id });
          if (!gone) return false;
          const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, refund.orderId));
          await tx.insert(orderEvents).values({
            orderId: refund.orderId,
            status: order!.status,
            actorUserId: null,
            reason: "refund_refused",
            detail: error.code,
          });
          await recordRefundRefused(tx, refund.orderId, refund.amountCents, error);
          return true;
        });
        if (gone) refused++;
        continue;
      }
      await db
        .update(refunds)
        .set({
          attempts: sql`${refunds.attempts} + 1`,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          inFlightUntil: null,
        })
        .where(eq(refunds.id, refund.id));
    }
  }
  return { finished, refused };
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | null = null;
let stopping = false;

export function startRefundRetry(everyMs = 60_000): void {
  stopping = false;
  timer ??= setInterval(() => {
    if (stopping) return;
    running ??= retryPendingRefunds(new Date(), () => stopping)
      .catch((error) => log().error({ err: error }, "Refund retry failed"))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
}

export async function stopRefundRetry(): Promise<void> {
  stopping = true;
  clearInterval(timer);
  timer = undefined;
  while (running) await running;
}
