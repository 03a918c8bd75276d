import { and, eq, inArray, sum } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orderEvents, paymentDisputes, payments, refunds, type DisputeState, type OrderStatus } from "../db/schema.ts";
import type { Tx } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { recordStudioEvent } from "../notices/events.ts";
import { getPaymentProvider } from "../payments/index.ts";
import type { ProviderCharge, ProviderDispute } from "../payments/types.ts";
import { lockOrder } from "./order-lock.ts";
import { recordOutsideRefund } from "./refunds.ts";

/**
 * Money that moves at Stripe outside the site (decision 078): a refund made in Stripe's dashboard,
 * and a dispute (chargeback) opened, won or lost. Each is heard from Stripe's webhook and acted on
 * as Stripe has it now (events come late and out of order), under the order's lock, so that
 * hearing it twice, or in any order, ends the same.
 */

/** The webhook events this module acts on; each names the object to retrieve from Stripe. */
export const MONEY_EVENT_TYPES = ["charge.refunded", "charge.dispute.created", "charge.dispute.closed"] as const;

export function isMoneyEvent(type: string): type is (typeof MONEY_EVENT_TYPES)[number] {
  return (MONEY_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * Retrieves the charge or the dispute the event is about and acts on it. A ProviderError (Stripe
 * unreachable) and `order.refund_pending` (a refund of the order still waiting for Stripe's answer)
 * reach the webhook as failures, so that Stripe delivers the event again later.
 */
export async function handleMoneyEvent(type: (typeof MONEY_EVENT_TYPES)[number], objectId: string): Promise<void> {
  const provider = getPaymentProvider();
  if (type === "charge.refunded") {
    const charge = await provider.retrieveCharge?.(objectId);
    if (charge) await reconcileProcessorRefunds(charge);
    return;
  }
  const dispute = await provider.retrieveDispute?.(objectId);
  if (dispute) await applyDispute(dispute);
}

/** The order whose own payment this intent is, locked; null when the intent is not an order's payment. */
async function lockPaidOrder(tx: Tx, intentId: string | null) {
  if (!intentId) return null;
  const [payment] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, intentId));
  if (!payment) return null;
  const locked = await lockOrder(tx, payment.orderId);
  // A second or late payment the site gave back itself is not the order's payment.
  return locked?.order.paymentReference === intentId ? locked : null;
}

/**
 * Stripe's `amount_refunded` on the charge against what the order's refunds already hold (the
 * site's own, and those heard before): only the difference is recorded, as a refund made at the
 * processor. A refund the admin made through the site is reported by Stripe too, and adds nothing.
 */
export async function reconcileProcessorRefunds(
  charge: ProviderCharge,
): Promise<{ recordedCents: number; missingCents: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockPaidOrder(tx, charge.intentId);
    if (!locked) return { recordedCents: 0, missingCents: 0 };
    const orderId = locked.order.id;
    // Its outcome decides what the site has given back: Stripe will deliver the event again.
    if (locked.refundPending) throw new DomainError("order.refund_pending");
    const [given] = await tx
      .select({ cents: sum(refunds.amountCents).mapWith(Number) })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), inArray(refunds.origin, ["site", "processor"])));
    const missingCents = charge.amountRefunded - (given?.cents ?? 0);
    if (missingCents <= 0) return { recordedCents: 0, missingCents: 0 };
    const refund = await recordOutsideRefund(tx, orderId, {
      amountCents: missingCents,
      origin: "processor",
      providerReference: charge.id,
    });
    await recordStudioEvent(tx, {
      kind: "processor_money",
      orderId,
      detail: { moneyMove: "refunded", amountCents: missingCents },
    });
    return { recordedCents: refund?.amountCents ?? 0, missingCents };
  });
}

const OPEN_DISPUTE_STATUSES = ["needs_response", "under_review", "warning_needs_response", "warning_under_review"];

/** Stripe's dispute status as the order sees it: open (on hold), lost, or closed without losing money. */
export function disputeState(status: string): DisputeState {
  if (status === "lost") return "lost";
  return OPEN_DISPUTE_STATUSES.includes(status) ? "open" : "won";
}

/**
 * A dispute as Stripe has it now. Heard open: the order goes on hold and the studio is told the
 * amount and the deadline. Heard closed (first or later): the hold ends; a lost one is recorded as
 * a refund of the disputed amount. A dispute once closed here is never reopened.
 */
export async function applyDispute(dispute: ProviderDispute): Promise<DisputeState | null> {
  const db = await getDb();
  const state = disputeState(dispute.status);
  return db.transaction(async (tx) => {
    const locked = await lockPaidOrder(tx, dispute.intentId);
    if (!locked) return null;
    const orderId = locked.order.id;
    const [known] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.id, dispute.id));
    if (known && known.state !== "open") return known.state;
    const now = new Date();
    if (known && state === "open") {
      await tx
        .update(paymentDisputes)
        .set({ amountCents: dispute.amount, dueBy: dispute.dueBy })
        .where(eq(paymentDisputes.id, dispute.id));
      return state;
    }
    if (state === "lost" && locked.refundPending) throw new DomainError("order.refund_pending");
    const closedAt = state === "open" ? null : now;
    if (known) await tx.update(paymentDisputes).set({ state, closedAt }).where(eq(paymentDisputes.id, dispute.id));
    else
      await tx.insert(paymentDisputes).values({
        id: dispute.id,
        orderId,
        paymentIntentId: dispute.intentId!,
        amountCents: dispute.amount,
        state,
        reason: dispute.reason?.slice(0, 100) ?? null,
        dueBy: dispute.dueBy,
        openedAt: now,
        closedAt,
      });
    const refund =
      state === "lost"
        ? await recordOutsideRefund(tx, orderId, {
            amountCents: dispute.amount,
            origin: "dispute",
            providerReference: dispute.id,
          })
        : null;
    // A lost dispute's refund writes its own event in the order's history.
    if (!refund) await recordDisputeEvent(tx, locked.order, state, dispute.reason, now);
    await recordStudioEvent(tx, {
      kind: "processor_money",
      orderId,
      detail: {
        moneyMove: state === "open" ? "dispute_opened" : state === "won" ? "dispute_won" : "dispute_lost",
        amountCents: dispute.amount,
        dueBy: state === "open" ? (dispute.dueBy?.toISOString() ?? null) : null,
        reason: dispute.reason,
      },
    });
    return state;
  });
}

async function recordDisputeEvent(
  tx: Tx,
  order: { id: string; status: OrderStatus },
  state: DisputeState,
  reason: string | null,
  now: Date,
) {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    actorUserId: null,
    reason: state === "open" ? "dispute_opened" : state === "won" ? "dispute_won" : "dispute_lost",
    detail: state === "open" ? (reason?.slice(0, 100) ?? null) : null,
    createdAt: now,
  });
}

/** The open dispute holding an order, for the admin's order page; null when none. */
export async function openDispute(orderId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ amountCents: paymentDisputes.amountCents, dueBy: paymentDisputes.dueBy })
    .from(paymentDisputes)
    .where(and(eq(paymentDisputes.orderId, orderId), eq(paymentDisputes.state, "open")))
    .limit(1);
  return row ?? null;
}
