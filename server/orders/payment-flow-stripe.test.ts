import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { ipOf, orderRow, placeOrderCall, receiptsFor, seedItems } from "../../tests/support/shop.ts";
import { eq } from "drizzle-orm";
import { getDb, tables } from "../db/index.ts";
import { expireOverdueOrders } from "./expiry-sweep.ts";
import { setPaymentProvider } from "../payments/index.ts";
import { createStripeProvider } from "../payments/stripe.ts";

/**
 * A small local fake of Stripe's API: the payment intent and refund endpoints this site uses,
 * with idempotency keys honoured as Stripe honours them. stripe-node is pointed at it with its
 * host, port and protocol options.
 */
type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { code: string; decline_code?: string; message: string };
  payment_method?: { id: string; object: "payment_method"; card: { brand: string; last4: string } };
};
const intents = new Map<string, FakeIntent>();
const byIdempotencyKey = new Map<string, unknown>();
const requests: {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  auth: string | undefined;
  form: URLSearchParams;
}[] = [];
let server: Server;
/** Stripe answers every refund with 503 while this is on. */
let refundsRefused = false;
let refundsInProgress = false;
let counter = 0;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(data));
  });
}

async function fakeStripe(req: IncomingMessage): Promise<[number, unknown]> {
  const url = new URL(req.url ?? "/", "http://fake");
  const form = new URLSearchParams(await readBody(req));
  const key = req.headers["idempotency-key"] as string | undefined;
  requests.push({
    method: req.method!,
    path: url.pathname,
    idempotencyKey: key,
    auth: req.headers.authorization,
    form,
  });
  if (req.headers.authorization !== "Bearer sk_test_fake")
    return [401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } }];
  if (req.method === "POST" && key && byIdempotencyKey.has(key)) return [200, byIdempotencyKey.get(key)];
  const remember = (body: unknown): [number, unknown] => {
    if (key) byIdempotencyKey.set(key, body);
    return [200, body];
  };
  const missing: [number, unknown] = [
    404,
    { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } },
  ];

  if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
    const id = `pi_fake_${++counter}`;
    const intent: FakeIntent = {
      id,
      object: "payment_intent",
      amount: Number(form.get("amount")),
      currency: form.get("currency")!,
      status: "requires_payment_method",
      client_secret: `${id}_secret_abc`,
      metadata: { orderId: form.get("metadata[orderId]")! },
      last_payment_error: null,
    };
    intents.set(id, intent);
    return remember(intent);
  }
  const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
  if (match) {
    const intent = intents.get(match[1]!);
    if (!intent) return missing;
    if (req.method === "GET") {
      // As Stripe: the payment method is its id unless the request expands it.
      const expanded = [...url.searchParams].some(
        ([name, value]) => name.startsWith("expand[") && value === "payment_method",
      );
      const method = intent.payment_method;
      return [200, { ...intent, payment_method: method && !expanded ? method.id : (method ?? null) }];
    }
    if (match[2]) {
      if (intent.status === "succeeded")
        return [
          400,
          {
            error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "cannot cancel" },
          },
        ];
      intent.status = "canceled";
      return remember(intent);
    }
  }
  if (req.method === "POST" && url.pathname === "/v1/refunds") {
    if (refundsRefused) return [503, { error: { type: "api_error", message: "Service unavailable" } }];
    if (refundsInProgress)
      return [
        409,
        {
          error: {
            type: "idempotency_error",
            message: "There is currently another in-progress request using this Stripe API Key and idempotency key.",
          },
        },
      ];
    const intent = intents.get(form.get("payment_intent")!);
    if (!intent || intent.status !== "succeeded") return missing;
    return remember({
      id: `re_fake_${++counter}`,
      object: "refund",
      amount: Number(form.get("amount") ?? intent.amount),
      payment_intent: intent.id,
      status: "succeeded",
    });
  }
  return [
    404,
    { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } },
  ];
}

const WEBHOOK_SECRET = "whsec_test_secret";

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const [status, body] = await fakeStripe(req);
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${counter}` });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const settings = {
    secretKey: "sk_test_fake",
    publishableKey: "pk_test_fake",
    webhookSecret: WEBHOOK_SECRET,
    apiBase: `http://127.0.0.1:${port}`,
  };
  vi.stubEnv("STRIPE_SECRET_KEY", settings.secretKey);
  vi.stubEnv("STRIPE_PUBLISHABLE_KEY", settings.publishableKey);
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET);
  setPaymentProvider(createStripeProvider(settings));
  await seedItems([{ id: "st-a", stock: 50, priceCents: 4900 }]);
});

afterAll(async () => {
  setPaymentProvider(null);
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

async function post(user: TestUser, path: string, body: unknown) {
  const response = await call(path, { cookie: user.cookie, body, ip: ipOf(user) });
  return { status: response.status, body: (await response.json()) as any };
}

async function orderWithIntent(quantity = 1) {
  const user = await signUpUser();
  const { body } = await placeOrderCall(user, [{ itemId: "st-a", quantity }]);
  const intent = await post(user, "/api/createPaymentIntent", { orderId: body.order.id });
  return { user, orderId: body.order.id as string, intent: intent.body };
}

function webhook(event: unknown, secret = WEBHOOK_SECRET, signatureFor?: string) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: signatureFor ?? payload, secret });
  return callRaw(payload, signature);
}

async function callRaw(payload: string, signature: string | null) {
  const { api } = await import("../api/index.ts");
  const headers = new Headers({ "content-type": "application/json" });
  if (signature) headers.set("stripe-signature", signature);
  return api.request("http://localhost:3000/api/stripe/webhook", { method: "POST", headers, body: payload });
}

function succeededEvent(intent: FakeIntent, type = "payment_intent.succeeded") {
  return { id: `evt_${++counter}`, object: "event", type, data: { object: intent } };
}

describe("the stripe provider against a local fake of Stripe's API", () => {
  it("creates the intent for the order's total with an idempotency key, and gives the publishable key", async () => {
    const { user, orderId, intent } = await orderWithIntent(2);
    expect(intent).toMatchObject({
      provider: "stripe",
      publishableKey: "pk_test_fake",
      amount: 9800 + 490 + 978,
      currency: "cad",
    }); // GST and QST of a pickup in Quebec
    const create = requests.find(
      (r) => r.path === "/v1/payment_intents" && r.form.get("metadata[orderId]") === orderId,
    )!;
    expect(create.idempotencyKey).toBe(`order-${orderId}-intent-1`);
    expect(create.form.get("amount")).toBe("11268");
    expect(create.form.get("currency")).toBe("cad");
    // A reload gets the same intent back (retrieved, not created again).
    const again = await post(user, "/api/createPaymentIntent", { orderId });
    expect(again.body.clientSecret).toBe(intent.clientSecret);
    expect(
      requests.filter((r) => r.path === "/v1/payment_intents" && r.form.get("metadata[orderId]") === orderId),
    ).toHaveLength(1);
  });

  it("verifies by retrieving the intent from Stripe: a decline says why, a success pays the order", async () => {
    const { user, orderId, intent } = await orderWithIntent();
    const fake = intents.get(intent.paymentIntent)!;
    fake.last_payment_error = {
      code: "card_declined",
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    };
    const declined = await post(user, "/api/verifyPayment", {
      paymentIntent: fake.id,
      clientSecret: fake.client_secret,
    });
    expect(declined.body).toMatchObject({
      success: false,
      code: "insufficient_funds",
      error: "Your card has insufficient funds.",
    });

    fake.status = "succeeded";
    fake.last_payment_error = null;
    fake.payment_method = { id: "pm_fake_1", object: "payment_method", card: { brand: "visa", last4: "1881" } };
    const before = requests.length;
    const paid = await post(user, "/api/verifyPayment", { paymentIntent: fake.id, clientSecret: fake.client_secret });
    expect(paid.body).toEqual({ success: true, orderId, amount: 4900 + 245 + 489, error: null, status: "succeeded" });
    expect(requests.slice(before).some((r) => r.method === "GET" && r.path === `/v1/payment_intents/${fake.id}`)).toBe(
      true,
    );
    expect((await orderRow(orderId)).status).toBe("paid");
    // The card is kept with the payment: the studio's refund says which card the money goes back to.
    const db = await getDb();
    const [payment] = await db.select().from(tables.payments).where(eq(tables.payments.id, fake.id));
    expect(payment).toMatchObject({ cardBrand: "visa", cardLast4: "1881" });
  });

  it("refunds the amount through Stripe with an idempotency key when an admin cancels a paid order", async () => {
    const admin = await signUpUser("admin");
    const { user, orderId, intent } = await orderWithIntent();
    intents.get(intent.paymentIntent)!.status = "succeeded";
    await post(user, "/api/verifyPayment", { paymentIntent: intent.paymentIntent, clientSecret: intent.clientSecret });
    const cancel = await post(admin, `/api/admin/orders/${orderId}/cancel`, {});
    expect(cancel.body.result).toBe("refunded");
    const refund = requests.find(
      (r) => r.path === "/v1/refunds" && r.form.get("payment_intent") === intent.paymentIntent,
    )!;
    expect(refund.idempotencyKey).toMatch(new RegExp(`^refund-${orderId}-\\d+$`));
    expect(refund.form.get("amount")).toBe(String((await orderRow(orderId)).totalCents));
  });

  it("a 409 (another request with the same key still running) leaves the refund pending, not refused", async () => {
    const admin = await signUpUser("admin");
    const { user, orderId, intent } = await orderWithIntent();
    intents.get(intent.paymentIntent)!.status = "succeeded";
    await post(user, "/api/verifyPayment", { paymentIntent: intent.paymentIntent, clientSecret: intent.clientSecret });
    refundsInProgress = true;
    try {
      const cancel = await post(admin, `/api/admin/orders/${orderId}/cancel`, {});
      expect(cancel.status).toBe(503);
      expect(cancel.body.error.reason).toBe("refund.provider_pending");
    } finally {
      refundsInProgress = false;
    }
    const db = await getDb();
    const kept = await db.select().from(tables.refunds).where(eq(tables.refunds.orderId, orderId));
    expect(kept.map((r) => r.status)).toEqual(["pending"]);
  });
});

describe("Stripe's webhook", () => {
  it("marks the order paid from a signed payment_intent.succeeded, once, whether it comes before or after the page", async () => {
    const { user, orderId, intent } = await orderWithIntent();
    const fake = intents.get(intent.paymentIntent)!;
    fake.status = "succeeded";
    const event = succeededEvent(fake);
    const responses = await Promise.all([webhook(event), webhook(event)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect((await orderRow(orderId)).status).toBe("paid");
    const page = await post(user, "/api/verifyPayment", { paymentIntent: fake.id, clientSecret: fake.client_secret });
    expect(page.body.success).toBe(true);
    expect(await receiptsFor(orderId)).toHaveLength(1);
  });

  it("rejects a wrong, missing or mismatched signature and changes nothing", async () => {
    const { orderId, intent } = await orderWithIntent();
    const fake = intents.get(intent.paymentIntent)!;
    fake.status = "succeeded";
    const event = succeededEvent(fake);
    const wrongSecret = await webhook(event, "whsec_someone_else");
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as any).error.message).toBe("Invalid webhook signature");
    expect((await webhook(event, WEBHOOK_SECRET, JSON.stringify({ ...event, id: "evt_other" }))).status).toBe(400);
    expect((await callRaw(JSON.stringify(event), null)).status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await callRaw(JSON.stringify(event), stale)).status).toBe(400);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("does not mark an order paid for an intent with another amount", async () => {
    const { orderId, intent } = await orderWithIntent();
    const fake = intents.get(intent.paymentIntent)!;
    const response = await webhook(succeededEvent({ ...fake, status: "succeeded", amount: 100 }));
    expect(response.status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("acts on the intent as Stripe has it now: late or out-of-order events never move a payment backwards", async () => {
    const { orderId, intent } = await orderWithIntent();
    const fake = intents.get(intent.paymentIntent)!;
    fake.status = "succeeded";
    expect((await webhook(succeededEvent(fake))).status).toBe(200);
    for (const status of ["processing", "requires_payment_method", "canceled"]) {
      const late = await webhook(
        succeededEvent(
          { ...fake, status },
          `payment_intent.${status === "requires_payment_method" ? "payment_failed" : status}`,
        ),
      );
      expect(late.status).toBe(200);
    }
    expect((await orderRow(orderId)).status).toBe("paid");
    expect(await paymentStatus(fake.id)).toBe("succeeded");
  });

  it("a final status stays final even when a stale report is written directly", async () => {
    const { recordIntentStatus } = await import("../payments/records.ts");
    const { intent } = await orderWithIntent();
    const fake = intents.get(intent.paymentIntent)!;
    fake.status = "succeeded";
    await webhook(succeededEvent(fake));
    await recordIntentStatus({
      id: fake.id,
      clientSecret: "",
      status: "processing",
      amount: fake.amount,
      currency: "cad",
      orderId: null,
      lastError: null,
    });
    expect(await paymentStatus(fake.id)).toBe("succeeded");
  });

  it("answers 400 to a correctly signed event whose object is malformed", async () => {
    for (const object of ["pi_x", { id: 5 }, { id: "bad\u0000id" }, null]) {
      const response = await webhook({
        id: "evt_bad",
        object: "event",
        type: "payment_intent.succeeded",
        data: { object },
      });
      expect(response.status).toBe(400);
    }
    expect((await webhook({ id: "evt_bad", type: "payment_intent.succeeded" })).status).toBe(400);
    expect((await webhook(null)).status).toBe(400);
  });

  it("when Stripe refuses the refund of a late payment (503), nothing is marked refunded and Stripe's retry settles it once", async () => {
    await seedItems([{ id: "st-late", stock: 1, priceCents: 2500 }]);
    const user = await signUpUser();
    const { body } = await placeOrderCall(user, [{ itemId: "st-late", quantity: 1 }]);
    const orderId = body.order.id as string;
    const intent = (await post(user, "/api/createPaymentIntent", { orderId })).body;
    await expireOverdueOrders(new Date(Date.now() + 24 * 60 * 60_000));
    const other = await signUpUser();
    expect((await placeOrderCall(other, [{ itemId: "st-late", quantity: 1 }])).status).toBe(201);

    const fake = intents.get(intent.paymentIntent)!;
    fake.status = "succeeded";
    refundsRefused = true;
    try {
      const refused = await webhook(succeededEvent(fake));
      expect(refused.status).toBe(503);
      expect(await paymentStatus(fake.id)).not.toBe("refunded");
    } finally {
      refundsRefused = false;
    }
    expect((await webhook(succeededEvent(fake))).status).toBe(200);
    expect((await webhook(succeededEvent(fake))).status).toBe(200);
    expect(await paymentStatus(fake.id)).toBe("refunded");
    expect((await orderRow(orderId)).status).toBe("expired");
    expect(
      requests.filter((r) => r.path === "/v1/refunds" && r.form.get("payment_intent") === fake.id && r.idempotencyKey),
    ).not.toHaveLength(0);
  });
});

async function paymentStatus(id: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ status: tables.payments.status })
    .from(tables.payments)
    .where(eq(tables.payments.id, id));
  return row!.status;
}
