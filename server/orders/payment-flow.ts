import { DomainError } from "../errors.ts";
import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { payments } from "../db/schema.ts";
import { isSafeId } from "../http/safe-id.ts";
import { orderForOwner, payerAccount, type Payer } from "./queries.ts";
import { intentMatchesOrder, settleSucceededIntent } from "./settlement.ts";
import { recordIntentStatus } from "../payments/records.ts";
import { recordPaymentReport } from "./payment-failed.ts";
import { getPaymentProvider } from "../payments/index.ts";
import { USABLE_STATUSES, type IntentStatus, type PaymentIntent } from "../payments/types.ts";
import { log } from "../log.ts";
import { holdWhilePaying } from "./hold-limits.ts";

/** An intent the card form can confirm again; one waiting for authentication is replaced instead. */
const REUSABLE_STATUSES: readonly IntentStatus[] = ["requires_payment_method", "requires_confirmation"];
export const PAYMENT_PROCESSING = "Your payment is still being processed.";

export type IntentForBrowser = {
  clientSecret: string;
  paymentIntent: string;
  provider: "sandbox" | "stripe";
  publishableKey: string | null;
  amount: number;
  currency: string;
  /** The hold, now that the buyer is paying (hold-limits.ts). */
  reservedUntil: string | null;
};

/**
 * createPaymentIntent: charges the order's stored total (never an amount from the browser), only
 * for the order's owner, and returns the same intent while it can still be paid, so reloads of
 * the payment page never create a second charge. Every create carries an idempotency key derived
 * from the order, so two concurrent calls also get one intent.
 */
export async function createPaymentIntentForOrder(payer: Payer, orderId: unknown): Promise<IntentForBrowser> {
  if (typeof orderId !== "string" || orderId === "") throw new DomainError("payment.missing_order");
  if (!isSafeId(orderId)) throw new DomainError("order.not_found");
  const order = await orderForOwner(orderId, payer);
  if (!order) throw new DomainError("order.not_found");
  if (order.status === "paid" || order.status === "fulfilled") throw new DomainError("payment.already_paid");
  // A hold that ran out counts as expired at once; the sweep (on a timer) gives its stock back.
  const lapsed = order.reservedUntil !== null && new Date(order.reservedUntil).getTime() <= Date.now();
  if (order.status !== "pending" || lapsed) throw new DomainError("payment.order_expired");
  if (order.totalCents <= 0) throw new DomainError("payment.missing_order");

  const provider = getPaymentProvider();
  const db = await getDb();
  const heldUntil = await holdWhilePaying(orderId);
  if (!heldUntil) throw new DomainError("payment.order_expired");
  const answer = (intent: PaymentIntent): IntentForBrowser => ({
    clientSecret: intent.clientSecret,
    paymentIntent: intent.id,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    amount: intent.amount,
    currency: intent.currency,
    reservedUntil: heldUntil.toISOString(),
  });

  const [latest] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider.name)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  const current = latest ? await provider.retrieveIntent(latest.id) : null;
  if (current) {
    await recordPaymentReport(current);
    if (current.status === "succeeded") {
      await settleSucceededIntent(current, payerAccount(payer));
      throw new DomainError("payment.already_paid");
    }
    // The bank is still deciding: a second card form could charge the buyer twice.
    if (current.status === "processing") throw new DomainError("payment.processing");
    if (REUSABLE_STATUSES.includes(current.status) && current.amount === order.totalCents) return answer(current);
  }

  // No intent yet, or the last one can no longer take a card: canceled (by the processor, or at
  // Stripe), or left waiting for a card authentication the buyer walked away from. The order
  // stays payable while its hold lasts, so it gets a new intent; the abandoned one is canceled
  // after the new one is recorded (a cancel notice must never find the order without a way to pay).
  const [{ attempts }] = (await db
    .select({ attempts: count() })
    .from(payments)
    .where(eq(payments.orderId, orderId))) as [{ attempts: number }];
  let intent: PaymentIntent;
  try {
    intent = await provider.createIntent({
      amount: order.totalCents,
      currency: order.currency,
      orderId,
      idempotencyKey: `order-${orderId}-intent-${Number(attempts) + 1}`,
    });
  } catch (error) {
    log().error({ err: error, orderId }, "Could not create a payment intent");
    throw new DomainError("payment.unavailable");
  }
  await db
    .insert(payments)
    .values({
      id: intent.id,
      orderId,
      provider: provider.name,
      status: intent.status,
      amountCents: intent.amount,
      currency: intent.currency,
    })
    .onConflictDoNothing();
  if (current && current.id !== intent.id && USABLE_STATUSES.includes(current.status)) {
    try {
      const canceled = await provider.cancelIntent(current.id, `cancel-${current.id}`);
      if (canceled) await recordIntentStatus(canceled);
    } catch (error) {
      log().warn({ err: error, paymentIntent: current.id, orderId }, "Could not cancel an abandoned payment");
    }
  }
  return answer(intent);
}

export type VerifyResult = {
  success: boolean;
  orderId: string | null;
  amount: number | null;
  error: string | null;
  /** The intent's status, and a decline code the page can translate. */
  status?: string;
  code?: string;
};

/**
 * verifyPayment: asks the provider for the intent, checks it belongs to one of the caller's orders
 * for that order's amount and currency, and settles the order (paid exactly once).
 */
export async function verifyPayment(
  payer: Payer,
  input: { paymentIntent?: unknown; clientSecret?: unknown },
): Promise<VerifyResult> {
  const { paymentIntent, clientSecret } = input;
  if (typeof paymentIntent !== "string" || !paymentIntent || typeof clientSecret !== "string" || !clientSecret) {
    throw new DomainError("payment.missing_information");
  }
  if (!isSafeId(paymentIntent)) throw new DomainError("payment.not_found");
  const provider = getPaymentProvider();
  let intent: PaymentIntent | null;
  try {
    intent = await provider.retrieveIntent(paymentIntent);
  } catch (error) {
    log().error({ err: error }, "Payment verification could not reach the provider");
    throw new DomainError("payment.verification_failed");
  }
  // Unknown intent, wrong secret or someone else's order: all look like "not found".
  if (!intent || intent.clientSecret !== clientSecret || !intent.orderId) throw new DomainError("payment.not_found");
  const owned = await orderForOwner(intent.orderId, payer);
  if (!owned) throw new DomainError("payment.not_found");

  const order = await intentMatchesOrder(intent);
  if (!order)
    return {
      success: false,
      orderId: owned.id,
      amount: owned.totalCents,
      error: "Payment verification failed",
      status: intent.status,
      code: "mismatch",
    };
  await recordPaymentReport(intent);

  if (intent.status === "succeeded") {
    const settled = await settleSucceededIntent(intent, payerAccount(payer));
    if (settled.outcome === "paid" || settled.outcome === "already_paid") {
      return { success: true, orderId: order.id, amount: order.totalCents, error: null, status: intent.status };
    }
    if (settled.outcome === "cancelled" || settled.outcome === "order_refunded") {
      return {
        success: false,
        orderId: order.id,
        amount: order.totalCents,
        error:
          settled.outcome === "cancelled"
            ? "The studio cancelled this order and refunded your payment."
            : "The studio refunded this order in full.",
        status: "refunded",
        code: settled.outcome === "cancelled" ? "order_cancelled_refunded" : "order_refunded",
      };
    }
    if (settled.outcome === "refunded") {
      return {
        success: false,
        orderId: order.id,
        amount: order.totalCents,
        error: "This order had expired and its items were gone: your payment was refunded.",
        status: "refunded",
        code: "late_payment_refunded",
      };
    }
    return {
      success: false,
      orderId: order.id,
      amount: order.totalCents,
      error: "Payment verification failed",
      status: intent.status,
      code: "mismatch",
    };
  }
  if (intent.status === "processing") {
    return {
      success: false,
      orderId: order.id,
      amount: order.totalCents,
      error: PAYMENT_PROCESSING,
      status: intent.status,
      code: "processing",
    };
  }
  return {
    success: false,
    orderId: order.id,
    amount: order.totalCents,
    error: intent.lastError?.message || "Payment failed",
    status: intent.status,
    code: intent.lastError?.code ?? "payment_failed",
  };
}

/**
 * What the provider tells us on its own (Stripe's webhook, with the intent as Stripe has it now;
 * the sandbox after a confirmation): a success settles the order; anything else is recorded.
 * A canceled intent does not end the order: it stays payable (with a new intent) until its hold
 * expires.
 */
export async function handleIntentUpdate(intent: PaymentIntent): Promise<void> {
  if (intent.status === "succeeded") {
    await settleSucceededIntent(intent, null);
    return;
  }
  await recordPaymentReport(intent);
}
