import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { ipOf, orderRow, placeOrderCall, receiptsFor, seedItems, stockOf } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";
import { wasRefunded } from "./fulfilment.ts";
import { placeOrder } from "./place-order.ts";
import { expireOverdueOrders } from "./expiry-sweep.ts";
import { paymentLimiter } from "../api/payments.ts";
import { getPaymentProvider } from "../payments/index.ts";
import { sandboxRefundedCents } from "../payments/sandbox.ts";
import { handleIntentUpdate } from "./payment-flow.ts";

const SUCCESS = "4242 4242 4242 4242";
const DECLINED = "4000 0000 0000 0002";

async function post(user: TestUser | null, path: string, body: unknown) {
  const response = await call(path, { cookie: user?.cookie, body, ip: user ? ipOf(user) : "192.0.2.9" });
  return { status: response.status, body: (await response.json()) as any };
}

async function createIntent(user: TestUser, orderId: string) {
  return post(user, "/api/createPaymentIntent", { orderId, amount: 1 });
}

async function confirm(user: TestUser, intent: { paymentIntent: string; clientSecret: string }, number: string) {
  return post(user, `/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
    clientSecret: intent.clientSecret,
    card: { number, expiry: "12 / 40", cvc: "123" },
  });
}

async function verify(user: TestUser, intent: { paymentIntent: string; clientSecret: string }) {
  return post(user, "/api/verifyPayment", { paymentIntent: intent.paymentIntent, clientSecret: intent.clientSecret });
}

async function newOrder(itemId: string, quantity = 1, buyer?: TestUser) {
  const user = buyer ?? (await signUpUser());
  const { body } = await placeOrderCall(user, [{ itemId, quantity }]);
  return { user, orderId: body.order.id as string, total: body.order.totalCents as number };
}

async function eventsOf(orderId: string) {
  const db = await getDb();
  return db
    .select()
    .from(tables.orderEvents)
    .where(eq(tables.orderEvents.orderId, orderId))
    .orderBy(tables.orderEvents.id);
}

// Orders here are picked up at the studio in Quebec: totals add GST (5 %) and QST (9.975 %), each rounded half-up.
describe("createPaymentIntent", () => {
  it("charges the order's stored total, returns the same intent while it can be paid, and only to the owner", async () => {
    await seedItems([{ id: "ci-a", stock: 5, priceCents: 4900 }]);
    const { user, orderId } = await newOrder("ci-a", 2);
    const first = await createIntent(user, orderId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      provider: "sandbox",
      amount: 9800 + 490 + 978,
      currency: "cad",
      clientSecret: expect.stringContaining("_secret_"),
    });
    const again = await createIntent(user, orderId);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    const concurrent = await Promise.all([createIntent(user, orderId), createIntent(user, orderId)]);
    expect(new Set(concurrent.map((r) => r.body.paymentIntent))).toEqual(new Set([first.body.paymentIntent]));

    const stranger = await signUpUser();
    expect((await createIntent(stranger, orderId)).status).toBe(404);
    expect((await post(null, "/api/createPaymentIntent", { orderId })).status).toBe(401);
    expect((await createIntent(user, "FF-NOPE")).status).toBe(404);
    const missing = await post(user, "/api/createPaymentIntent", {});
    expect(missing.body.error).toMatchObject({
      code: "invalid-argument",
      reason: "payment.missing_order",
      message: "Missing order information",
    });
    // A refusal in the buyer's language: once paid, the order cannot be paid again.
    await confirm(user, again.body, "4242 4242 4242 4242");
    const paid = await call("/api/createPaymentIntent", {
      cookie: user.cookie,
      body: { orderId },
      ip: ipOf(user),
      headers: { "accept-language": "fr-CA" },
    });
    expect(paid.status).toBe(409);
    expect((await paid.json()).error).toMatchObject({
      reason: "payment.already_paid",
      message: "Cette commande est déjà payée.",
    });
  });

  it("is rate-limited per client", async () => {
    await seedItems([{ id: "ci-rl", stock: 5, priceCents: 4900 }]);
    const { user, orderId } = await newOrder("ci-rl");
    await paymentLimiter.reset();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await createIntent(user, orderId)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await paymentLimiter.reset();
  });
});

describe("paying with the sandbox's test cards", () => {
  it("a declined card keeps the order and its hold; a retry on the same order succeeds", async () => {
    await seedItems([{ id: "pay-a", stock: 3, priceCents: 2500 }]);
    const { user, orderId } = await newOrder("pay-a", 2);
    const intent = (await createIntent(user, orderId)).body;

    const declined = await confirm(user, intent, DECLINED);
    expect(declined.body).toMatchObject({
      paymentIntent: { status: "requires_payment_method" },
      error: { code: "card_declined", message: "Your card was declined." },
    });
    const failed = await verify(user, intent);
    expect(failed.body).toMatchObject({
      success: false,
      orderId,
      amount: 5000 + 250 + 499,
      code: "card_declined",
      error: "Your card was declined.",
    });
    expect((await orderRow(orderId)).status).toBe("pending");
    expect(await stockOf("pay-a")).toBe(1);
    // The buyer is told once, with the way back to pay (the page's report of the same refusal adds none).
    const [told, ...more] = await receiptsFor(orderId);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      to: user.email,
      subject: expect.stringContaining(`payment for order ${orderId} did not go through`),
    });
    expect(told!.text).toContain("Your card was declined.");
    expect(told!.text).toContain(`http://localhost:3000/payment/${orderId}`);
    expect(told!.html).toContain("$57.49");

    const retry = (await createIntent(user, orderId)).body;
    expect(retry.paymentIntent).toBe(intent.paymentIntent);
    const paid = await confirm(user, retry, SUCCESS);
    expect(paid.body.paymentIntent.status).toBe("succeeded");
    const verified = await verify(user, retry);
    expect(verified.body).toEqual({
      success: true,
      orderId,
      amount: 5000 + 250 + 499,
      error: null,
      status: "succeeded",
    });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "paid", paymentReference: intent.paymentIntent });
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(await stockOf("pay-a")).toBe(1);

    // Paid: no second intent, and a confirmed intent cannot be confirmed again.
    expect((await createIntent(user, orderId)).status).toBe(409);
    expect((await confirm(user, retry, SUCCESS)).status).toBe(409);
  });

  it("plays insufficient funds, expired card, wrong numbers, past expiry dates", async () => {
    await seedItems([{ id: "pay-b", stock: 3, priceCents: 2500 }]);
    const { user, orderId } = await newOrder("pay-b");
    const intent = (await createIntent(user, orderId)).body;
    const cases: [string, string][] = [
      ["4000 0000 0000 9995", "insufficient_funds"],
      ["4000 0000 0000 0069", "expired_card"],
      ["4242 4242 4242 4241", "incorrect_number"],
    ];
    for (const [number, code] of cases) expect((await confirm(user, intent, number)).body.error.code).toBe(code);
    const past = await post(user, `/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
      clientSecret: intent.clientSecret,
      card: { number: SUCCESS, expiry: "01 / 20", cvc: "123" },
    });
    // A date in the past has its own words, apart from one that is no date.
    expect(past.body.error.code).toBe("invalid_expiry_year_past");
    const noDate = await post(user, `/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
      clientSecret: intent.clientSecret,
      card: { number: SUCCESS, expiry: "13/30", cvc: "123" },
    });
    expect(noDate.body.error.code).toBe("invalid_expiry");
    const wrongSecret = await post(user, `/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
      clientSecret: "pi_nope_secret_x",
      card: { number: SUCCESS, expiry: "12 / 40", cvc: "123" },
    });
    expect(wrongSecret.status).toBe(404);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("takes the expiry as people type it: 1230 pays", async () => {
    await seedItems([{ id: "pay-typed", stock: 3, priceCents: 2500 }]);
    const { user, orderId } = await newOrder("pay-typed");
    const intent = (await createIntent(user, orderId)).body;
    const paid = await post(user, `/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
      clientSecret: intent.clientSecret,
      card: { number: "4242424242424242", expiry: "1230", cvc: "123" },
    });
    expect(paid.body.paymentIntent.status).toBe("succeeded");
  });

  it("asks for authentication with 4000 0027 6000 3184: failing it declines, passing it pays", async () => {
    await seedItems([{ id: "pay-3ds", stock: 3, priceCents: 2500 }]);
    const { user, orderId } = await newOrder("pay-3ds");
    const intent = (await createIntent(user, orderId)).body;
    const first = await confirm(user, intent, "4000 0027 6000 3184");
    expect(first.body.paymentIntent.status).toBe("requires_action");
    expect(first.body.nextAction).toEqual({ type: "authenticate" });
    const fail = await post(user, `/api/sandbox/payment_intents/${intent.paymentIntent}/authenticate`, {
      clientSecret: intent.clientSecret,
      outcome: "fail",
    });
    expect(fail.body.error.code).toBe("payment_intent_authentication_failure");
    expect((await verify(user, intent)).body).toMatchObject({
      success: false,
      code: "payment_intent_authentication_failure",
    });

    await confirm(user, intent, "4000 0027 6000 3184");
    const pass = await post(user, `/api/sandbox/payment_intents/${intent.paymentIntent}/authenticate`, {
      clientSecret: intent.clientSecret,
      outcome: "pass",
    });
    expect(pass.body.paymentIntent.status).toBe("succeeded");
    expect((await verify(user, intent)).body.success).toBe(true);
  });

  it("leaving the authentication step keeps the order payable: the page gets a new intent and any card pays", async () => {
    await seedItems([{ id: "pay-back", stock: 3, priceCents: 2500 }]);
    const { user, orderId } = await newOrder("pay-back");
    const first = (await createIntent(user, orderId)).body;
    expect((await confirm(user, first, "4000 0027 6000 3184")).body.paymentIntent.status).toBe("requires_action");
    // Back to the payment page: it asks for the order's intent again.
    const again = await createIntent(user, orderId);
    expect(again.status).toBe(200);
    expect(again.body.paymentIntent).not.toBe(first.paymentIntent);
    const paid = await confirm(user, again.body, SUCCESS);
    expect(paid.status).toBe(200);
    expect(paid.body.paymentIntent.status).toBe("succeeded");
    expect((await verify(user, again.body)).body.success).toBe(true);
    expect((await orderRow(orderId)).status).toBe("paid");
    // The abandoned intent can no longer be authenticated into a second charge.
    const late = await post(user, `/api/sandbox/payment_intents/${first.paymentIntent}/authenticate`, {
      clientSecret: first.clientSecret,
      outcome: "pass",
    });
    expect(late.status).toBe(409);
  });

  it("an intent that is processing is not payable again: no second card form", async () => {
    await seedItems([{ id: "pay-processing", stock: 3, priceCents: 2500 }]);
    const { user, orderId } = await newOrder("pay-processing");
    const intent = (await createIntent(user, orderId)).body;
    const db = await getDb();
    await db
      .update(tables.sandboxPaymentIntents)
      .set({ status: "processing" })
      .where(eq(tables.sandboxPaymentIntents.id, intent.paymentIntent));
    const again = await createIntent(user, orderId);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Your payment is still being processed.");
  });
});

describe("verifyPayment", () => {
  it("makes the order paid exactly once with one receipt, however often the page and the webhook report it", async () => {
    await seedItems([{ id: "v-once", stock: 3, priceCents: 4900 }]);
    const user = await signUpUser();
    const order = await placeOrder({ userId: user.id, locale: "fr", lines: [{ itemId: "v-once", quantity: 1 }] });
    const intent = (await createIntent(user, order.id)).body;
    // Confirm directly at the processor, without the sandbox's own notification, to race them all.
    const { confirmSandboxIntent } = await import("../payments/sandbox.ts");
    const confirmed = await confirmSandboxIntent(intent.paymentIntent, intent.clientSecret, {
      number: SUCCESS,
      expiry: "12/40",
      cvc: "123",
    });
    const results = await Promise.all([
      verify(user, intent),
      verify(user, intent),
      handleIntentUpdate(confirmed),
      verify(user, intent),
      handleIntentUpdate(confirmed),
    ]);
    for (const r of [results[0], results[1], results[3]] as { body: any }[])
      expect(r.body).toMatchObject({ success: true, orderId: order.id, amount: 4900 });
    expect((await verify(user, intent)).body.success).toBe(true);

    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.status === "paid")).toHaveLength(1);
    const receipts = await receiptsFor(order.id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.to).toBe(user.email);
    expect(receipts[0]!.subject).toContain(order.id);
    expect(receipts[0]!.text).toMatch(/Total payé\s+49,00\u00a0\$/);
    expect(receipts[0]!.text).toContain(`/fr/orders/${order.id}`);
    expect(receipts[0]!.text).toContain("1 × Nom de v-once");
  });

  it("refuses another user's payment, a wrong client secret and missing parameters", async () => {
    await seedItems([{ id: "v-own", stock: 3, priceCents: 4900 }]);
    const { user, orderId } = await newOrder("v-own");
    const intent = (await createIntent(user, orderId)).body;
    await confirm(user, intent, SUCCESS);
    const stranger = await signUpUser();
    expect((await verify(stranger, intent)).status).toBe(404);
    expect((await verify(user, { ...intent, clientSecret: "pi_x_secret_y" })).status).toBe(404);
    const missing = await post(user, "/api/verifyPayment", { paymentIntent: intent.paymentIntent });
    expect(missing.body.error.message).toBe("Missing payment information");
    expect((await post(null, "/api/verifyPayment", intent)).status).toBe(401);
  });

  it("refuses an intent whose amount or currency differ from the order's", async () => {
    await seedItems([{ id: "v-mis", stock: 5, priceCents: 4900 }]);
    const db = await getDb();
    for (const change of [{ totalCents: 100 }, { currency: "USD" }]) {
      const { user, orderId } = await newOrder("v-mis");
      const intent = (await createIntent(user, orderId)).body;
      await db.update(tables.orders).set(change).where(eq(tables.orders.id, orderId));
      const { confirmSandboxIntent } = await import("../payments/sandbox.ts");
      await confirmSandboxIntent(intent.paymentIntent, intent.clientSecret, {
        number: SUCCESS,
        expiry: "12/40",
        cvc: "123",
      });
      const result = await verify(user, intent);
      expect(result.body).toMatchObject({ success: false, error: "Payment verification failed" });
      expect((await orderRow(orderId)).status).toBe("pending");
      expect(await receiptsFor(orderId)).toHaveLength(0);
    }
  });
});

describe("payments and expiry", () => {
  async function expireNow(orderId: string) {
    const db = await getDb();
    await db
      .update(tables.orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(tables.orders.id, orderId));
    await expireOverdueOrders();
  }

  it("cancels the open intent when the hold expires, so an expired order cannot be charged", async () => {
    await seedItems([{ id: "x-a", stock: 2, priceCents: 4900 }]);
    const { user, orderId } = await newOrder("x-a");
    const intent = (await createIntent(user, orderId)).body;
    await expireNow(orderId);
    expect(await stockOf("x-a")).toBe(2);
    const attempt = await confirm(user, intent, SUCCESS);
    expect(attempt.status).toBe(409);
    expect((await getPaymentProvider().retrieveIntent(intent.paymentIntent))!.status).toBe("canceled");
    expect((await createIntent(user, orderId)).status).toBe(409);
  });

  it("a success that lands after expiry takes the stock again when it is still there", async () => {
    await seedItems([{ id: "x-b", stock: 2, priceCents: 4900 }]);
    const { user, orderId } = await newOrder("x-b");
    const intent = (await createIntent(user, orderId)).body;
    await expireNow(orderId);
    await forceSucceeded(intent.paymentIntent);
    const result = await verify(user, intent);
    expect(result.body.success).toBe(true);
    expect((await orderRow(orderId)).status).toBe("paid");
    expect(await stockOf("x-b")).toBe(1);
    expect((await eventsOf(orderId)).map((e) => [e.reason, e.detail])).toEqual([
      ["placed", null],
      ["expired", null],
      ["paid_after_expiry", null],
    ]);
    expect(await receiptsFor(orderId)).toHaveLength(1);
  });

  it("a success that lands after expiry when the stock is gone is refunded once, and the order stays expired", async () => {
    await seedItems([{ id: "x-c", stock: 1, priceCents: 4900 }]);
    const { user, orderId } = await newOrder("x-c");
    const intent = (await createIntent(user, orderId)).body;
    await expireNow(orderId);
    await newOrder("x-c"); // someone else buys the unit that came back
    await forceSucceeded(intent.paymentIntent);
    const [result, again] = [await verify(user, intent), await verify(user, intent)];
    expect(result.body).toMatchObject({ success: false, code: "late_payment_refunded" });
    expect(again.body).toMatchObject({ success: false, code: "late_payment_refunded" });
    expect((await orderRow(orderId)).status).toBe("expired");
    expect(await stockOf("x-c")).toBe(0);
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(4900 + 245 + 489);
    expect(
      (await eventsOf(orderId)).filter((e) => e.reason === "late_payment_refunded" && e.detail === null),
    ).toHaveLength(1);
    expect(await receiptsFor(orderId)).toHaveLength(0);
  });

  it("an intent the processor cancels does not end the order: it gets a new intent and stays payable while held", async () => {
    await seedItems([{ id: "x-d", stock: 2, priceCents: 4900 }]);
    const { user, orderId } = await newOrder("x-d", 2);
    const intent = (await createIntent(user, orderId)).body;
    await confirm(user, intent, DECLINED);
    expect(await stockOf("x-d")).toBe(0);
    const canceled = await getPaymentProvider().cancelIntent(intent.paymentIntent, "test-cancel");
    await handleIntentUpdate(canceled!);
    expect((await orderRow(orderId)).status).toBe("pending");
    expect(await stockOf("x-d")).toBe(0);
    const next = (await createIntent(user, orderId)).body;
    expect(next.paymentIntent).not.toBe(intent.paymentIntent);
    expect((await confirm(user, next, SUCCESS)).body.paymentIntent.status).toBe("succeeded");
    expect((await verify(user, next)).body.success).toBe(true);
  });

  it("sells exactly the stock when 12 buyers order and pay for the last 3 units at once", async () => {
    await seedItems([{ id: "x-race", stock: 3, priceCents: 1500 }]);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signUpUser()));
    await paymentLimiter.reset();
    const outcomes = await Promise.all(
      buyers.map(async (user) => {
        const placed = await placeOrderCall(user, [{ itemId: "x-race", quantity: 1 }]);
        if (placed.status !== 201) return "refused";
        const intent = (await createIntent(user, placed.body.order.id)).body;
        await confirm(user, intent, SUCCESS);
        return (await verify(user, intent)).body.success ? "paid" : "failed";
      }),
    );
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "refused")).toHaveLength(9);
    expect(await stockOf("x-race")).toBe(0);
  });
});

async function forceSucceeded(intentId: string) {
  const db = await getDb();
  await db
    .update(tables.sandboxPaymentIntents)
    .set({ status: "succeeded" })
    .where(eq(tables.sandboxPaymentIntents.id, intentId));
}

describe("admin orders", () => {
  it("refuses anonymous visitors and plain users", async () => {
    const user = await signUpUser();
    for (const [path, body] of [
      ["/api/admin/orders", undefined],
      ["/api/admin/orders/FF-X", undefined],
      ["/api/admin/orders/FF-X/fulfil", { method: "shipped" }],
      ["/api/admin/orders/FF-X/cancel", {}],
    ] as const) {
      expect((await call(path, { body })).status).toBe(401);
      expect((await call(path, { body, cookie: user.cookie })).status).toBe(403);
    }
  });

  it("lists, filters and searches orders; fulfils a paid one; records who and when", async () => {
    await seedItems([{ id: "ad-a", stock: 9, priceCents: 4900 }]);
    const admin = await signUpUser("admin");
    const { user, orderId } = await newOrder("ad-a");
    const { orderId: pendingId } = await newOrder("ad-a");
    const intent = (await createIntent(user, orderId)).body;
    await confirm(user, intent, SUCCESS);

    const paidList = (await call("/api/admin/orders?status=paid", { cookie: admin.cookie }).then((r) =>
      r.json(),
    )) as any;
    expect(paidList.orders.map((o: any) => o.id)).toContain(orderId);
    expect(paidList.orders.map((o: any) => o.id)).not.toContain(pendingId);
    const search = (await call(`/api/admin/orders?q=${encodeURIComponent(user.email.slice(0, 10))}`, {
      cookie: admin.cookie,
    }).then((r) => r.json())) as any;
    expect(search.orders.map((o: any) => o.id)).toEqual([orderId]);

    expect(
      (await call(`/api/admin/orders/${pendingId}/fulfil`, { cookie: admin.cookie, body: { method: "shipped" } }))
        .status,
    ).toBe(409);
    expect(
      (await call(`/api/admin/orders/${orderId}/fulfil`, { cookie: admin.cookie, body: { method: "teleported" } }))
        .status,
    ).toBe(400);
    // An order with a delivery moves by its delivery steps only, so that status and delivery agree.
    const withDelivery = await call(`/api/admin/orders/${orderId}/fulfil`, {
      cookie: admin.cookie,
      body: { method: "picked_up" },
    });
    expect(withDelivery.status).toBe(409);
    expect(((await withDelivery.json()) as any).error.reason).toBe("order.use_delivery_steps");
    // The one-step "fulfil" is for orders placed before deliveries existed.
    await (await getDb()).delete(tables.orderDelivery).where(eq(tables.orderDelivery.orderId, orderId));
    const done = await call(`/api/admin/orders/${orderId}/fulfil`, {
      cookie: admin.cookie,
      body: { method: "picked_up", note: "Picked up at the studio" },
    });
    expect(done.status).toBe(200);
    const detail = ((await done.json()) as any).order;
    expect(detail.status).toBe("fulfilled");
    expect(detail.paymentReference).toBe(intent.paymentIntent);
    expect(detail.buyer.email).toBe(user.email);
    expect(detail.events.at(-1)).toMatchObject({
      status: "fulfilled",
      reason: "fulfilled_picked_up",
      detail: "Picked up at the studio",
      actor: expect.stringContaining("admin-"),
    });
    expect((await call(`/api/admin/orders/${orderId}/cancel`, { cookie: admin.cookie, body: {} })).status).toBe(409);
  });

  it("cancelling a paid order refunds it through the provider and gives the stock back; a pending one just releases", async () => {
    await seedItems([{ id: "ad-b", stock: 5, priceCents: 3000 }]);
    const admin = await signUpUser("admin");
    const { user, orderId } = await newOrder("ad-b", 2);
    const intent = (await createIntent(user, orderId)).body;
    await confirm(user, intent, SUCCESS);
    expect(await stockOf("ad-b")).toBe(3);
    const cancel = await call(`/api/admin/orders/${orderId}/cancel`, {
      cookie: admin.cookie,
      body: { note: "Customer asked" },
    });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as any).result).toBe("refunded");
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(6000 + 300 + 599);
    expect(await stockOf("ad-b")).toBe(5);
    const events = await eventsOf(orderId);
    expect(events.at(-1)).toMatchObject({
      status: "cancelled",
      actorUserId: admin.id,
      reason: "cancelled_and_refunded",
      detail: "Customer asked",
    });
    // The buyer's page reads the reason, not words, to say the money went back.
    expect(await wasRefunded(orderId)).toBe(true);

    const pending = await newOrder("ad-b", 1);
    expect(await stockOf("ad-b")).toBe(4);
    const cancelPending = await call(`/api/admin/orders/${pending.orderId}/cancel`, { cookie: admin.cookie, body: {} });
    expect(((await cancelPending.json()) as any).result).toBe("cancelled");
    expect(await stockOf("ad-b")).toBe(5);
  });

  it("an admin's words on a cancellation come back as the event's detail, its reason cancelled_by_admin", async () => {
    await seedItems([{ id: "ad-words", stock: 2, priceCents: 1500 }]);
    const admin = await signUpUser("admin");
    const { orderId } = await newOrder("ad-words", 1);
    const cancel = await call(`/api/admin/orders/${orderId}/cancel`, {
      cookie: admin.cookie,
      body: { note: "  Buyer phoned: wrong colour | please call back  " },
    });
    expect(cancel.status).toBe(200);
    const answer = (await cancel.json()) as any;
    expect(answer.result).toBe("cancelled");
    // The API shows the two fields as they are stored: the code, and the words (trimmed, a "|" kept as typed).
    const shown = answer.order.events.at(-1);
    expect(shown).toMatchObject({
      status: "cancelled",
      reason: "cancelled_by_admin",
      detail: "Buyer phoned: wrong colour | please call back",
      actor: expect.stringContaining("admin-"),
    });
    expect(shown).not.toHaveProperty("note");
    expect((await eventsOf(orderId)).map((e) => [e.reason, e.detail, e.actorUserId])).toEqual([
      ["placed", null, expect.any(String)],
      ["cancelled_by_admin", "Buyer phoned: wrong colour | please call back", admin.id],
    ]);
    expect(await wasRefunded(orderId)).toBe(false);
  });
});
