import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { payments } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { isSafeId } from "../orders/ids.ts";
import { orderForOwner } from "../orders/queries.ts";
import { releaseOrder } from "../orders/release.ts";
import { intentMatchesOrder, recordIntentStatus, settleSucceededIntent } from "../orders/settlement.ts";
import { getPaymentProvider } from "./index.ts";
import { USABLE_STATUSES, type PaymentIntent } from "./types.ts";

export type IntentForBrowser = {
  clientSecret: string;
  paymentIntent: string;
  provider: "sandbox" | "stripe";
  publishableKey: string | null;
  amount: number;
  currency: string;
};

/**
 * createPaymentIntent: charges the order's stored total (never an amount from the browser), only
 * for the order's owner, and returns the same intent while it can still be paid, so reloads of
 * the payment page never create a second charge. Every create carries an idempotency key derived
 * from the order, so two concurrent calls also get one intent.
 */
export async function createPaymentIntentForOrder(userId: string, orderId: unknown): Promise<IntentForBrowser> {
  if (typeof orderId !== "string" || orderId === "") throw new ApiError(400, "Missing order information");
  if (!isSafeId(orderId)) throw new ApiError(404, "Order not found");
  const order = await orderForOwner(orderId, userId);
  if (!order) throw new ApiError(404, "Order not found");
  if (order.status === "paid" || order.status === "fulfilled") throw new ApiError(409, "This order is already paid");
  // A hold that ran out counts as expired at once; the sweep (on a timer) gives its stock back.
  const lapsed = order.reservedUntil !== null && new Date(order.reservedUntil).getTime() <= Date.now();
  if (order.status !== "pending" || lapsed) throw new ApiError(409, "This order has expired or was cancelled. Please place your order again.");
  if (order.totalCents <= 0) throw new ApiError(400, "Missing order information");

  const provider = getPaymentProvider();
  const db = await getDb();
  const answer = (intent: PaymentIntent): IntentForBrowser => ({
    clientSecret: intent.clientSecret,
    paymentIntent: intent.id,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    amount: intent.amount,
    currency: intent.currency,
  });

  const [latest] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider.name)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (latest) {
    const intent = await provider.retrieveIntent(latest.id);
    if (intent) {
      await recordIntentStatus(intent);
      if (intent.status === "succeeded") {
        await settleSucceededIntent(intent, userId);
        throw new ApiError(409, "This order is already paid");
      }
      if (USABLE_STATUSES.includes(intent.status) && intent.amount === order.totalCents) return answer(intent);
    }
  }

  const [{ attempts }] = (await db.select({ attempts: count() }).from(payments).where(eq(payments.orderId, orderId))) as [{ attempts: number }];
  let intent: PaymentIntent;
  try {
    intent = await provider.createIntent({
      amount: order.totalCents,
      currency: order.currency,
      orderId,
      idempotencyKey: `order-${orderId}-intent-${Number(attempts) + 1}`,
    });
  } catch (error) {
    console.error(`Could not create a payment intent for ${orderId}:`, error);
    throw new ApiError(503, "Failed to initialize payment");
  }
  await db
    .insert(payments)
    .values({ id: intent.id, orderId, provider: provider.name, status: intent.status, amountCents: intent.amount, currency: intent.currency })
    .onConflictDoNothing();
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
export async function verifyPayment(userId: string, input: { paymentIntent?: unknown; clientSecret?: unknown }): Promise<VerifyResult> {
  const { paymentIntent, clientSecret } = input;
  if (typeof paymentIntent !== "string" || !paymentIntent || typeof clientSecret !== "string" || !clientSecret) {
    throw new ApiError(400, "Missing payment information");
  }
  if (!isSafeId(paymentIntent)) throw new ApiError(404, "Payment not found");
  const provider = getPaymentProvider();
  let intent: PaymentIntent | null;
  try {
    intent = await provider.retrieveIntent(paymentIntent);
  } catch (error) {
    console.error("Payment verification could not reach the provider:", error);
    throw new ApiError(503, "Payment verification failed");
  }
  // Unknown intent, wrong secret or someone else's order: all look like "not found".
  if (!intent || intent.clientSecret !== clientSecret || !intent.orderId) throw new ApiError(404, "Payment not found");
  const owned = await orderForOwner(intent.orderId, userId);
  if (!owned) throw new ApiError(404, "Payment not found");

  const order = await intentMatchesOrder(intent);
  if (!order) return { success: false, orderId: owned.id, amount: owned.totalCents, error: "Payment verification failed", status: intent.status, code: "mismatch" };
  await recordIntentStatus(intent);

  if (intent.status === "succeeded") {
    const settled = await settleSucceededIntent(intent, userId);
    if (settled.outcome === "paid" || settled.outcome === "already_paid") {
      return { success: true, orderId: order.id, amount: order.totalCents, error: null, status: intent.status };
    }
    if (settled.outcome === "refunded") {
      return { success: false, orderId: order.id, amount: order.totalCents, error: "This order had expired and its items were gone: your payment was refunded.", status: "refunded", code: "late_payment_refunded" };
    }
    return { success: false, orderId: order.id, amount: order.totalCents, error: "Payment verification failed", status: intent.status, code: "mismatch" };
  }
  if (intent.status === "processing") {
    return { success: false, orderId: order.id, amount: order.totalCents, error: "Your payment is still being processed.", status: intent.status, code: "processing" };
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
 * What the provider tells us on its own (Stripe's webhook; the sandbox after a confirmation):
 * a success settles the order; a canceled intent that was the order's way to pay ends the hold.
 */
export async function handleIntentUpdate(intent: PaymentIntent): Promise<void> {
  if (intent.status === "succeeded") {
    await settleSucceededIntent(intent, null);
    return;
  }
  await recordIntentStatus(intent);
  if (intent.status === "canceled" && intent.orderId) {
    const order = await intentMatchesOrder(intent);
    if (!order || order.status !== "pending") return;
    const db = await getDb();
    // Failed for good: the processor gave up on the intent (too many attempts, canceled in its
    // dashboard) and no other intent of this order can still be paid.
    const others = await db.select({ id: payments.id, status: payments.status }).from(payments).where(eq(payments.orderId, order.id));
    if (others.some((p) => p.id !== intent.id && USABLE_STATUSES.includes(p.status as never))) return;
    await db.transaction((tx) =>
      releaseOrder(tx, order.id, { from: ["pending"], to: "cancelled", actorUserId: null, note: "payment_canceled" }),
    );
  }
}

