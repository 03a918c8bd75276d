import { Hono } from "hono";
import { apiPayer } from "../orders/guest-payer.ts";
import { jsonBody } from "../http/json-body.ts";
import { ApiError } from "../http/errors.ts";
import { clientAddress } from "../http/client-address.ts";
import { createRateLimiter } from "../http/rate-limit.ts";
import { stripeSettings } from "../payments/config.ts";
import { getPaymentProvider } from "../payments/index.ts";
import { authenticateSandboxIntent, confirmSandboxIntent, sandboxIntentForHolder } from "../payments/sandbox.ts";
import { createPaymentIntentForOrder, handleIntentUpdate, verifyPayment } from "../orders/payment-flow.ts";
import { verifyStripeWebhook } from "../payments/stripe.ts";
import { eventHandled, markEventHandled } from "../payments/handled-events.ts";
import { handleMoneyEvent, isMoneyEvent } from "../orders/stripe-money-events.ts";
import { ProviderError, type PaymentIntent } from "../payments/types.ts";
import { isSafeId } from "../http/safe-id.ts";
import { log } from "../log.ts";

/** The spec's payment calls, the sandbox processor's card endpoints and Stripe's webhook. */
export const paymentsApi = new Hono();

/** Per client address: enough for a buyer retrying a few cards, not for card testing. */
export const paymentLimiter = createRateLimiter({ max: 30, windowMs: 60_000 });

paymentsApi.post("/createPaymentIntent", async (c) => {
  await paymentLimiter.consume(clientAddress(c), "create-payment-intent");
  const { orderId } = await jsonBody(c);
  const payer = await apiPayer(c.req.raw.headers, orderId);
  return c.json(await createPaymentIntentForOrder(payer, orderId));
});

paymentsApi.post("/verifyPayment", async (c) => {
  const payer = await apiPayer(c.req.raw.headers);
  await paymentLimiter.consume(clientAddress(c), "verify-payment");
  return c.json(await verifyPayment(payer, await jsonBody(c)));
});

// The sandbox processor (only when it is the provider): what Stripe.js and Stripe's 3-D Secure
// page do, answered by our server. The client secret is the credential, as on Stripe.
function requireSandbox(): void {
  if (getPaymentProvider().name !== "sandbox") throw new ApiError(404, "Not found");
}

function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    throw new ApiError(error.code === "resource_missing" ? 404 : 409, error.message, { code: error.code });
  }
  throw error;
}

paymentsApi.get("/sandbox/payment_intents/:id", async (c) => {
  requireSandbox();
  await paymentLimiter.consume(clientAddress(c), "sandbox");
  try {
    const intent = await sandboxIntentForHolder(c.req.param("id"), c.req.query("client_secret") ?? "");
    return c.json({
      id: intent.id,
      status: intent.status,
      amount: intent.amount,
      currency: intent.currency,
      orderId: intent.orderId,
    });
  } catch (error) {
    providerFailure(error);
  }
});

paymentsApi.post("/sandbox/payment_intents/:id/confirm", async (c) => {
  requireSandbox();
  await paymentLimiter.consume(clientAddress(c), "sandbox");
  const input = await jsonBody(c);
  const card = (input.card ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 40) : "");
  try {
    const secret = typeof input.clientSecret === "string" ? input.clientSecret.slice(0, 200) : "-";
    const intent = await confirmSandboxIntent(c.req.param("id"), secret || "-", {
      number: text(card.number),
      expiry: text(card.expiry),
      cvc: text(card.cvc),
    });
    // The sandbox tells the shop right away, as Stripe's webhook would.
    await handleIntentUpdate(intent);
    // As Stripe.js would: a card that asks for authentication sends the buyer to its step.
    return c.json({
      paymentIntent: { id: intent.id, status: intent.status },
      error: intent.lastError,
      nextAction: intent.status === "requires_action" ? { type: "authenticate" } : null,
    });
  } catch (error) {
    providerFailure(error);
  }
});

paymentsApi.post("/sandbox/payment_intents/:id/authenticate", async (c) => {
  requireSandbox();
  await paymentLimiter.consume(clientAddress(c), "sandbox");
  const input = await jsonBody(c);
  try {
    const intent = await authenticateSandboxIntent(
      c.req.param("id"),
      typeof input.clientSecret === "string" ? input.clientSecret : "-",
      input.outcome === "pass",
    );
    await handleIntentUpdate(intent);
    return c.json({ paymentIntent: { id: intent.id, status: intent.status }, error: intent.lastError });
  } catch (error) {
    providerFailure(error);
  }
});

// Stripe's webhook: signed with STRIPE_WEBHOOK_SECRET; marks orders paid even if the buyer never
// comes back to the confirmation page, and hears refunds and disputes made at Stripe (decision 078).
const INTENT_EVENTS = new Set([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "payment_intent.processing",
  "payment_intent.requires_action",
]);

paymentsApi.post("/stripe/webhook", async (c) => {
  const settings = stripeSettings();
  if (!settings?.webhookSecret) throw new ApiError(404, "Not found");
  const signature = c.req.header("stripe-signature");
  const payload = await c.req.text();
  let event: { id?: unknown; type?: unknown; data?: { object?: unknown } };
  try {
    if (!signature) throw new Error("missing signature");
    event = verifyStripeWebhook(payload, signature, settings.webhookSecret) as typeof event;
    if (!event || typeof event !== "object") throw new Error("not an event");
  } catch {
    throw new ApiError(400, "Invalid webhook signature");
  }
  const type = typeof event.type === "string" ? event.type : "";
  if (!INTENT_EVENTS.has(type) && !isMoneyEvent(type)) return c.json({ received: true });
  const object: unknown = event.data?.object;
  const id = object && typeof object === "object" ? (object as { id?: unknown }).id : undefined;
  if (!isSafeId(id)) throw new ApiError(400, "Invalid webhook event");
  const eventId = isSafeId(event.id) ? event.id : null;
  if (eventId && (await eventHandled(eventId))) return c.json({ received: true });
  // Stripe does not order its events: act on the object as Stripe has it now, not as the event saw it.
  try {
    if (isMoneyEvent(type)) await handleMoneyEvent(type, id);
    else {
      const intent: PaymentIntent | null = await getPaymentProvider().retrieveIntent(id);
      if (intent) await handleIntentUpdate(intent);
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log().error({ err: error, event: eventId, object: id }, "Webhook: could not retrieve the event's object");
    throw new ApiError(503, "Payment provider unavailable");
  }
  if (eventId) await markEventHandled(eventId, type);
  return c.json({ received: true });
});
