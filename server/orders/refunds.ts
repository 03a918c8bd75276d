import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import type { OrderEventReason } from "../../domain/order-events.ts";
import type { RefundView } from "../../domain/refund-view.ts";
import { taxLabel } from "../../domain/tax.ts";
import { getDb } from "../db/index.ts";
import {
  inventoryItems,
  orderDelivery,
  orderEvents,
  orderLines,
  orders,
  orderTaxLines,
  payments,
  quotes,
  refunds,
  type OrderStatus,
  type RefundOrigin,
} from "../db/schema.ts";
import { afterCommit } from "../db/transaction-scope.ts";
import { DomainError } from "../errors.ts";
import { deliverNow } from "../mail/mailer.ts";
import { queueMail } from "../mail/outbox.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { refundEmail } from "../mail/emails/templates.ts";
import { getPaymentProvider } from "../payments/index.ts";
import { ProviderError } from "../payments/types.ts";
import { partsStarted, withdrawOrderParts } from "../quotes/workflow.ts";
import type { Executor, Tx } from "../db/transaction.ts";
import { buyerOf } from "./fulfilment.ts";
import { lockOrder } from "./order-lock.ts";
import { cleanText } from "./ids.ts";
import { isSafeId } from "../http/safe-id.ts";
import {
  fullyRefunded,
  planOutsideRefund,
  planRefund,
  refundable,
  type PaidOrder,
  type RefundPlan,
  type RefundProblem,
  type RefundRequest,
} from "./refund-math.ts";
import { recordRefundRefused } from "../notices/events.ts";
import { invalidateCatalogue } from "../catalogue/read-cache.ts";
import { log } from "../log.ts";

/**
 * Refunds, full or partial (decision 035). Three steps, the provider never inside a transaction:
 * (1) under the order's row lock, check the request against what is left and write the refund as
 * `pending` (so a second admin refunding at once sees it and cannot over-refund); (2) ask the
 * provider for that amount, keyed by the refund's id; (3) finish it exactly once (finishRefund).
 * Only the provider's definite refusal deletes the pending row. When the outcome is unknown (a
 * time-out), the row stays and the retry job (refund-retry.ts) asks again with the same key, so
 * the money never goes back twice and the refund is never forgotten.
 */

const REFUNDABLE: OrderStatus[] = ["paid", "fulfilled"];

async function paidOrder(db: Executor, orderId: string): Promise<PaidOrder> {
  const [order] = await db.select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, orderId));
  const lines = await db
    .select({
      id: orderLines.id,
      unitPriceCents: orderLines.unitPriceCents,
      quantity: orderLines.quantity,
      discountCents: orderLines.discountCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const [delivery] = await db.select().from(orderDelivery).where(eq(orderDelivery.orderId, orderId));
  const taxes = await db
    .select()
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, orderId))
    .orderBy(asc(orderTaxLines.id));
  const goods = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  // The goods as sold: the lines' discounts are off the price the taxes were charged on.
  const discounts = lines.reduce((sum, line) => sum + line.discountCents, 0);
  return {
    totalCents: order!.totalCents,
    subtotalCents: (delivery?.subtotalCents ?? goods) - discounts,
    shippingCents: delivery?.shippingCents ?? 0,
    lines,
    taxes,
  };
}

export type RefundInput = {
  request: RefundRequest;
  restock: boolean;
  reason?: string;
  /** The admin confirmed that parts already being made are cancelled too. */ cancelStartedParts?: boolean;
  /** What was left to refund when the admin confirmed: refused if it changed since. */
  leftCents?: number;
};

function planProblem(plan: RefundProblem): DomainError {
  const field =
    plan.code === "refund.too_many_units"
      ? `line-${plan.orderLineId}`
      : plan.code === "refund.shipping_already_refunded"
        ? "shipping"
        : plan.code === "refund.nothing_chosen"
          ? undefined
          : "amount";
  return new DomainError(plan.code, { field });
}

/**
 * What a refund would give back, for the admin to confirm before any money moves: its amount and
 * what is left to refund now. Writes nothing; refuses as refundOrder would.
 */
export async function previewRefund(
  orderId: string,
  request: RefundRequest,
): Promise<{ amountCents: number; leftCents: number }> {
  if (!isSafeId(orderId)) throw new DomainError("order.not_found");
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError("order.not_found");
  if (!REFUNDABLE.includes(order.status) || !order.paymentReference) throw new DomainError("refund.not_refundable");
  if ((await pendingRefundCents(orderId)) > 0) throw new DomainError("order.refund_pending");
  const priced = await paidOrder(db, orderId);
  const past = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const plan = planRefund(priced, past, request);
  if ("code" in plan) throw planProblem(plan);
  return { amountCents: plan.amountCents, leftCents: refundable(priced, past).amountCents };
}

export type RefundDone = { refundId: number; amountCents: number; orderStatus: OrderStatus };

/** The provider's idempotency key of a refund: the same for every attempt. */
export const refundKey = (orderId: string, refundId: number) => `refund-${orderId}-${refundId}`;

/**
 * Refunds part or all of a paid (or fulfilled) order. `cancel` is the admin's "cancel and refund"
 * of an order not yet fulfilled: everything left is refunded and the order becomes cancelled.
 * A refund that closes the order (cancelled or refunded in full) takes its custom parts out of
 * production; parts the studio has started need `cancelStartedParts`.
 */
export async function refundOrder(
  orderId: string,
  actorUserId: string,
  input: RefundInput & { cancel?: boolean },
): Promise<RefundDone> {
  if (!isSafeId(orderId)) throw new DomainError("order.not_found");
  const reason = cleanText(input.reason) || null;
  const db = await getDb();

  const reserved = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked) return { problem: new DomainError("order.not_found") };
    const { order } = locked;
    const allowed: OrderStatus[] = input.cancel ? ["paid"] : REFUNDABLE;
    if (!allowed.includes(order.status) || !order.paymentReference)
      return { problem: new DomainError("refund.not_refundable") };
    // One refund at a time: what the pending one ends in (a cancel, say) decides what is left to do.
    if (locked.refundPending) return { problem: new DomainError("order.refund_pending") };
    // While the buyer's bank decides, the money is the dispute's (Stripe refuses to refund a disputed charge).
    if (locked.disputed) return { problem: new DomainError("order.disputed") };
    const priced = await paidOrder(tx, orderId);
    const past = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
    // The admin confirmed a refund of what was left then; a refund made since (a second click) changes it.
    if (input.leftCents !== undefined && refundable(priced, past).amountCents !== input.leftCents)
      return { problem: new DomainError("refund.changed") };
    const plan = planRefund(priced, past, input.request);
    if ("code" in plan) return { problem: planProblem(plan) };
    const closes = input.cancel === true || fullyRefunded(priced, [...past, plan]);
    const partsLeaving = closes ? undefined : await customPartsRefundedInFull(tx, orderId, [...past, plan]);
    if (!input.cancelStartedParts && (await partsStarted(tx, orderId, partsLeaving)) > 0)
      return { problem: new DomainError("order.parts_started") };
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId,
        amountCents: plan.amountCents,
        lines: plan.lines,
        shippingCents: plan.shippingCents,
        taxes: plan.taxes,
        restocked: input.restock,
        reason,
        actorUserId,
        cancelsOrder: input.cancel === true,
        inFlightUntil: new Date(Date.now() + REQUEST_MAX_MS),
      })
      .returning({ id: refunds.id });
    return { refundId: row!.id, plan, intentId: order.paymentReference };
  });
  if ("problem" in reserved) throw reserved.problem;
  const { refundId, plan, intentId } = reserved;

  let providerRefundId: string;
  try {
    ({ id: providerRefundId } = await getPaymentProvider().refund({
      intentId,
      amount: plan.amountCents,
      idempotencyKey: refundKey(orderId, refundId),
    }));
  } catch (error) {
    log().error({ err: error, refundId, orderId }, "Refund failed");
    if (error instanceof ProviderError && error.definite) {
      await db.transaction(async (tx) => {
        await tx.delete(refunds).where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
        await recordRefundRefused(tx, orderId, plan.amountCents, error);
      });
      throw new DomainError("refund.provider_failed");
    }
    await db
      .update(refunds)
      .set({ lastError: String(error instanceof Error ? error.message : error).slice(0, 500), inFlightUntil: null })
      .where(eq(refunds.id, refundId));
    throw new DomainError("refund.provider_pending");
  }

  const orderStatus = await finishRefund(refundId, providerRefundId);
  return { refundId, amountCents: plan.amountCents, orderStatus };
}

/**
 * The longest a request to the provider for a refund can take (Stripe's client: 3 tries of 20 s
 * and their pauses). The retry job leaves a refund alone while a request for it may be running.
 */
export const REQUEST_MAX_MS = 5 * 60_000;

/** The custom-print lines these refunds give back in full: their parts leave production. */
async function customPartsRefundedInFull(
  db: Executor,
  orderId: string,
  all: Pick<RefundPlan, "lines">[],
): Promise<string[]> {
  const lines = await db
    .select({ id: orderLines.id, quantity: orderLines.quantity, quoteId: orderLines.quoteId })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, "custom_print")));
  return lines
    .filter((line) => {
      const back = all.flatMap((refund) => refund.lines).filter((refunded) => refunded.orderLineId === line.id);
      return line.quoteId && back.reduce((sum, refunded) => sum + refunded.quantity, 0) >= line.quantity;
    })
    .map((line) => line.quoteId!);
}

/**
 * The provider made refund `refundId`: mark it succeeded, put units back if asked, close a fully
 * refunded (or cancelled) order and its production, and queue the buyer's e-mail. Exactly once:
 * only the call that moves the row out of `pending` does any of it.
 */
export async function finishRefund(refundId: number, providerRefundId: string): Promise<OrderStatus> {
  const db = await getDb();
  const outcome = await db.transaction((tx) => finishRefundIn(tx, refundId, providerRefundId, new Date()));
  if (outcome.mail) void deliverNow();
  return outcome.status;
}

/** finishRefund inside the caller's transaction (which may hold the order's lock already). */
async function finishRefundIn(
  tx: Tx,
  refundId: number,
  providerRefundId: string,
  now: Date,
): Promise<{ status: OrderStatus; mail: boolean }> {
  const [pending] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  if (!pending) throw new Error(`No refund ${refundId}`);
  const orderId = pending.orderId;
  const { order } = (await lockOrder(tx, orderId))!;
  const [first] = await tx
    .update(refunds)
    .set({ status: "succeeded", providerRefundId, lastError: null, succeededAt: now, inFlightUntil: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")))
    .returning({ id: refunds.id });
  if (!first) return { status: order.status, mail: false };
  const [delivery] = await tx.select().from(orderDelivery).where(eq(orderDelivery.orderId, orderId));
  const handedOver =
    order.status === "fulfilled" || ["shipped", "delivered", "picked_up"].includes(delivery?.fulfilmentStatus ?? "");
  // A cancel puts back what is still here; units already with the buyer come back only by an admin's own refund.
  if (pending.restocked && pending.cancelsOrder && handedOver)
    await tx.update(refunds).set({ restocked: false }).where(eq(refunds.id, refundId));
  else if (pending.restocked) await returnUnits(tx, { lines: pending.lines });
  const all = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
  const full = fullyRefunded(await paidOrder(tx, orderId), all);
  let status = order.status;
  let reason: OrderEventReason = ORIGIN_REASONS[pending.origin];
  let detail = pending.reason;
  if (pending.cancelsOrder && status === "paid" && !handedOver) {
    status = "cancelled";
    reason = "cancelled_and_refunded";
  } else {
    // Another admin moved the order between the refund and now: the money went back all the same.
    if (pending.cancelsOrder) {
      reason = "refunded_without_cancel";
      detail = null;
    }
    if (full && REFUNDABLE.includes(status)) status = "refunded";
  }
  if (status !== order.status) await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, orderId));
  if (status === "cancelled" || status === "refunded") await withdrawOrderParts(tx, orderId, now);
  else await withdrawOrderParts(tx, orderId, now, await customPartsRefundedInFull(tx, orderId, all));
  if (full && order.paymentReference)
    await tx
      .update(payments)
      .set({ status: "refunded", updatedAt: now })
      .where(eq(payments.id, order.paymentReference));
  await tx
    .insert(orderEvents)
    .values({ orderId, status, actorUserId: pending.actorUserId, reason, detail, createdAt: now });
  // A lost dispute's money went back through the buyer's bank: the site has nothing to tell them.
  if (pending.origin === "dispute") return { status, mail: false };
  await queueRefundMail(tx, orderId, refundId, pending.cancelsOrder && status === "cancelled");
  return { status, mail: true };
}

const ORIGIN_REASONS: Record<RefundOrigin, OrderEventReason> = {
  site: "refunded",
  processor: "refunded_at_processor",
  dispute: "dispute_lost",
};

/**
 * Money that already went back outside the site (a refund in Stripe's dashboard, a dispute lost),
 * recorded as a refund of the order through this same workflow, inside the caller's transaction,
 * which holds the order's lock and has checked that no refund is pending. The processor is never
 * asked (the money already moved) and nothing is put back on the shelf. The lines are chosen as the
 * studio would: custom parts not started first, then store items if the order was not handed over,
 * then the rest. Answers the refund recorded, or null when nothing was left to refund.
 */
export async function recordOutsideRefund(
  tx: Tx,
  orderId: string,
  input: { amountCents: number; origin: Exclude<RefundOrigin, "site">; providerReference: string },
): Promise<{ refundId: number; amountCents: number; orderStatus: OrderStatus } | null> {
  const priced = await paidOrder(tx, orderId);
  const past = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
  const plan = planOutsideRefund(priced, past, input.amountCents, await refundPreference(tx, orderId));
  if (!plan) return null;
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId,
      amountCents: plan.amountCents,
      lines: plan.lines,
      shippingCents: plan.shippingCents,
      taxes: plan.taxes,
      restocked: false,
      origin: input.origin,
    })
    .returning({ id: refunds.id });
  const outcome = await finishRefundIn(tx, row!.id, input.providerReference, new Date());
  if (outcome.mail) afterCommit(() => void deliverNow());
  return { refundId: row!.id, amountCents: plan.amountCents, orderStatus: outcome.status };
}

/** The order's lines in the order the studio gives them back: what is not made or shipped yet first. */
async function refundPreference(tx: Tx, orderId: string): Promise<number[]> {
  const lines = await tx
    .select({ id: orderLines.id, kind: orderLines.kind, productionStatus: quotes.productionStatus })
    .from(orderLines)
    .leftJoin(quotes, eq(quotes.id, orderLines.quoteId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const [delivery] = await tx
    .select({ fulfilmentStatus: orderDelivery.fulfilmentStatus })
    .from(orderDelivery)
    .where(eq(orderDelivery.orderId, orderId));
  const handedOver = ["shipped", "delivered", "picked_up"].includes(delivery?.fulfilmentStatus ?? "");
  const rank = (line: (typeof lines)[number]) => {
    if (line.kind === "custom_print") return line.productionStatus === "queued" || !line.productionStatus ? 0 : 2;
    return handedOver ? 3 : 1;
  };
  return [...lines].sort((a, b) => rank(a) - rank(b) || a.id - b.id).map((line) => line.id);
}

/** Refunded store units back on the shelf (custom prints have no stock; deleted items are skipped). */
async function returnUnits(tx: Tx, plan: Pick<RefundPlan, "lines">): Promise<void> {
  const ids = plan.lines.map((line) => line.orderLineId);
  if (ids.length === 0) return;
  const lines = await tx
    .select({ id: orderLines.id, itemId: orderLines.itemId, kind: orderLines.kind })
    .from(orderLines)
    .where(inArray(orderLines.id, ids));
  for (const refunded of plan.lines) {
    const line = lines.find((l) => l.id === refunded.orderLineId);
    if (!line?.itemId || line.kind !== "item") continue;
    await tx
      .update(inventoryItems)
      .set({ stock: sql`${inventoryItems.stock} + ${refunded.quantity}` })
      .where(eq(inventoryItems.id, line.itemId));
  }
  invalidateCatalogue();
}

/** The refunds the provider made on an order, oldest first, for the order pages and the e-mail. */
export async function orderRefunds(orderId: string, locale: Locale, db: Executor | null = null): Promise<RefundView[]> {
  if (!isSafeId(orderId)) return [];
  const executor = db ?? (await getDb());
  const rows = await executor
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "succeeded")))
    .orderBy(asc(refunds.id));
  if (rows.length === 0) return [];
  const lines = await executor
    .select({ id: orderLines.id, name: orderLines.itemName, kind: orderLines.kind })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    amountCents: row.amountCents,
    shippingCents: row.shippingCents,
    lines: row.lines.map((line) => ({
      name: lines.find((l) => l.id === line.orderLineId)?.name ?? { en: "", fr: "" },
      quantity: line.quantity,
      amountCents: line.amountCents,
      kind: lines.find((l) => l.id === line.orderLineId)?.kind ?? "item",
    })),
    taxes: row.taxes
      .filter((tax) => tax.amountCents > 0)
      .map((tax) => ({ label: taxLabel(tax, locale), amountCents: tax.amountCents })),
    restocked: row.restocked,
    reason: row.reason,
  }));
}

/** What refunds of the order are still waiting for the provider's answer, in cents (0: none). */
export async function pendingRefundCents(orderId: string): Promise<number> {
  if (!isSafeId(orderId)) return 0;
  const db = await getDb();
  const rows = await db
    .select({ amountCents: refunds.amountCents })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")));
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}

/** What the refund form offers: units left per line, shipping left, amount left. */
export async function refundableForAdmin(orderId: string) {
  const db = await getDb();
  const left = refundable(
    await paidOrder(db, orderId),
    await db.select().from(refunds).where(eq(refunds.orderId, orderId)),
  );
  return {
    amountCents: left.amountCents,
    shippingCents: left.shippingCents,
    units: Object.fromEntries(left.units) as Record<number, number>,
  };
}

/** The buyer's e-mail, in the order's language: what was refunded, line by line, and each tax given back. */
async function queueRefundMail(db: Executor, orderId: string, refundId: number, cancelled: boolean): Promise<void> {
  const buyer = await buyerOf(db, orderId);
  if (!buyer) return;
  const refund = (await orderRefunds(orderId, buyer.locale, db)).find((r) => r.id === refundId)!;
  const mail = await composeMail(
    refundEmail,
    {
      name: buyer.fullName,
      orderId,
      orderUrl: buyer.orderUrl,
      cancelled,
      currency: buyer.currency,
      amountCents: refund.amountCents,
      lines: refund.lines.map((line) => ({
        quantity: line.quantity,
        name: line.name[buyer.locale] || line.name.en,
        amountCents: line.amountCents,
        kind: line.kind,
      })),
      shippingCents: refund.shippingCents,
      taxes: refund.taxes.map((tax) => ({ label: tax.label, amountCents: tax.amountCents })),
    },
    buyer.locale,
    db,
  );
  await queueMail(db, { to: buyer.email, orderId, ...mail });
}
