import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/admin-order.tsx";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { pricedQuote } from "../../tests/support/production.ts";
import { ipOf, orderRow, receiptsFor, seedItems, stockOf } from "../../tests/support/shop.ts";
import { addItem, addQuote } from "../cart/cart.ts";
import { getDb, tables } from "../db/index.ts";
import { getPaymentProvider, setPaymentProvider } from "../payments/index.ts";
import { confirmSandboxIntent, sandboxRefundedCents } from "../payments/sandbox.ts";
import { ProviderError } from "../payments/types.ts";
import type { QuoteOwner } from "../quotes/owner.ts";
import { placeOrderFromCart } from "./place-from-cart.ts";
import { expireOverdueOrders } from "./expiry-sweep.ts";
import { retryPendingRefunds, RETRY_AFTER_MS } from "./refund-retry.ts";
import { taxReport } from "./tax-report.ts";
import { salesTotals } from "../admin/dashboard.ts";
import { taxDate } from "../../domain/tax.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { routeArgs } from "../../tests/support/route-args.ts";

const CARD = { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" };

let admin: TestUser;
beforeAll(async () => {
  admin = await signUpUser("admin");
});
afterEach(() => setPaymentProvider(null));

async function post(user: TestUser, path: string, body: unknown, method = "POST") {
  const response = await call(path, { method, cookie: user.cookie, body, ip: ipOf(user) });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

async function verifiedBuyer(): Promise<TestUser> {
  const buyer = await signUpUser();
  await (await getDb()).update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, buyer.id));
  return buyer;
}

/** A buyer's order, picked up at the studio: one unit of a store item and, unless `print` is false, a custom print. */
async function placed(itemId: string, options: { print?: boolean; buyer?: TestUser } = {}) {
  const buyer = options.buyer ?? (await verifiedBuyer());
  await addItem({ userId: buyer.id }, itemId, 1);
  let quoteId: string | null = null;
  if (options.print !== false) {
    quoteId = (await pricedQuote({ userId: buyer.id }, { quantity: 5 })).id;
    const owner = { user: { id: buyer.id, email: buyer.email, role: "user" } as QuoteOwner["user"], browserHash: null };
    await addQuote({ userId: buyer.id }, owner, quoteId);
  }
  const order = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } });
  return { buyer, orderId: order.id, quoteId: quoteId!, totalCents: order.totalCents };
}

async function startPaying(buyer: TestUser, orderId: string) {
  return (await post(buyer, "/api/createPaymentIntent", { orderId, amount: 1 })).body as {
    paymentIntent: string;
    clientSecret: string;
  };
}

const verify = (buyer: TestUser, intent: { paymentIntent: string; clientSecret: string }, prefix = "") =>
  post(buyer, `/api/verifyPayment${prefix}`, {
    paymentIntent: intent.paymentIntent,
    clientSecret: intent.clientSecret,
  });

/** Pays through the sandbox's card form and the confirmation page, as the buyer's browser does. */
async function pay(buyer: TestUser, orderId: string) {
  const intent = await startPaying(buyer, orderId);
  await post(buyer, `/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
    clientSecret: intent.clientSecret,
    card: CARD,
  });
  await verify(buyer, intent);
  return intent;
}

/** The admin's order page form, posted as a browser without JavaScript does. */
async function adminForm(orderId: string, fields: Record<string, string>, prefix = "") {
  const request = new Request(`http://localhost:3000${prefix}/admin/orders/${orderId}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost:3000",
      cookie: admin.cookie,
    },
  });
  const result = (await action(routeArgs(request, { id: orderId }))) as {
    type?: string;
    data?: { ok: boolean; message: string };
    init?: { status?: number };
  };
  return result.type === "DataWithResponseInit"
    ? { status: result.init?.status ?? 200, body: result.data! }
    : { status: 200, body: result as unknown as { ok: boolean; message: string } };
}

/** What the admin's order page shows. */
async function adminPage(orderId: string) {
  const request = new Request(`http://localhost:3000/admin/orders/${orderId}`, { headers: { cookie: admin.cookie } });
  return loader(routeArgs(request, { id: orderId }));
}

async function linesOf(orderId: string) {
  const db = await getDb();
  const lines = await db.select().from(tables.orderLines).where(eq(tables.orderLines.orderId, orderId));
  return { item: lines.find((l) => l.kind === "item")!.id, print: lines.find((l) => l.kind === "custom_print")?.id };
}

async function quoteRow(id: string) {
  const [row] = await (await getDb()).select().from(tables.quotes).where(eq(tables.quotes.id, id));
  return row!;
}

async function inProduction(): Promise<string[]> {
  const body = (await (await call("/api/admin/quotes/production", { cookie: admin.cookie })).json()) as {
    quotes: { id: string }[];
  };
  return body.quotes.map((q) => q.id);
}

async function refundsOf(orderId: string) {
  return (await getDb()).select().from(tables.refunds).where(eq(tables.refunds.orderId, orderId));
}

async function paymentOf(intentId: string) {
  const [row] = await (await getDb()).select().from(tables.payments).where(eq(tables.payments.id, intentId));
  return row!;
}

/** The provider makes the refund, then its answer is lost (a time-out): the refund stays pending. */
function refundAnswersLost() {
  const sandbox = getPaymentProvider();
  setPaymentProvider({
    ...sandbox,
    refund: async (input) => {
      await sandbox.refund(input);
      throw new ProviderError("timeout", "Request timed out", false);
    },
  });
  return sandbox;
}

const later = () => new Date(Date.now() + 60 * 60_000);

describe("a custom print's line refunded on its own (issue 34, A1)", () => {
  it("takes the part out of production; the order stays paid and the rest goes out without waiting", async () => {
    await seedItems([{ id: "wf-a1", stock: 3, priceCents: 2000 }]);
    const { buyer, orderId, quoteId } = await placed("wf-a1");
    await pay(buyer, orderId);
    expect(await inProduction()).toContain(quoteId);
    const { print } = await linesOf(orderId);

    const refunded = await adminForm(orderId, { intent: "refund", confirmed: "yes", [`qty-${print}`]: "1" });
    expect(refunded).toMatchObject({ status: 200, body: { ok: true } });
    expect((await orderRow(orderId)).status).toBe("paid");
    expect(await inProduction()).not.toContain(quoteId);
    expect((await quoteRow(quoteId)).status).toBe("cancelled");
    expect(
      await post(admin, `/api/admin/quotes/${quoteId}/production`, { from: "queued", to: "printing" }),
    ).toMatchObject({ status: 409 });

    const ready = await adminForm(orderId, { intent: "advance", step: "ready_for_pickup" });
    expect(ready).toMatchObject({ status: 200, body: { ok: true } });
  });

  it("a part the studio has started is refunded on its own only with the admin's word", async () => {
    await seedItems([{ id: "wf-a1b", stock: 3, priceCents: 2000 }]);
    const { buyer, orderId, quoteId } = await placed("wf-a1b");
    await pay(buyer, orderId);
    await post(admin, `/api/admin/quotes/${quoteId}/production`, { from: "queued", to: "printing" });
    const { print } = await linesOf(orderId);

    const refused = await adminForm(orderId, { intent: "refund", confirmed: "yes", [`qty-${print}`]: "1" }, "/fr");
    expect(refused).toMatchObject({ status: 409, body: { ok: false } });
    expect(refused.body.message).toMatch(/déjà en fabrication/);
    expect(await refundsOf(orderId)).toEqual([]);

    const confirmed = await adminForm(orderId, {
      intent: "refund",
      confirmed: "yes",
      [`qty-${print}`]: "1",
      cancelStartedParts: "on",
    });
    expect(confirmed).toMatchObject({ status: 200, body: { ok: true } });
    expect((await quoteRow(quoteId)).status).toBe("cancelled");
  });
});

describe("a refund pending is a state of the order (issue 34, A2, A5)", () => {
  it("while a cancel and refund is pending, the order is not handed over and its parts do not start; then it ends cancelled", async () => {
    await seedItems([{ id: "wf-a2", stock: 3, priceCents: 2000 }]);
    const { buyer, orderId, quoteId, totalCents } = await placed("wf-a2");
    const intent = await pay(buyer, orderId);
    expect(await stockOf("wf-a2")).toBe(2);
    const sandbox = refundAnswersLost();
    const cancel = await post(admin, `/api/admin/orders/${orderId}/cancel`, {});
    expect(cancel.status).toBe(503);
    setPaymentProvider(sandbox);

    const page = await adminPage(orderId);
    expect(page).toMatchObject({ steps: [], refundable: null, refundPendingCents: totalCents });
    const ready = await adminForm(orderId, { intent: "advance", step: "ready_for_pickup", withoutParts: "on" });
    expect(ready).toMatchObject({ status: 409, body: { ok: false, message: expect.stringMatching(/refund/i) } });
    const readyFr = await adminForm(orderId, { intent: "advance", step: "ready_for_pickup" }, "/fr");
    expect(readyFr.body.message).toMatch(/remboursement/i);
    const start = await post(admin, `/api/admin/quotes/${quoteId}/production`, { from: "queued", to: "printing" });
    expect(start.status).toBe(409);
    expect(start.body.error.reason).toBe("order.refund_pending");
    expect((await quoteRow(quoteId)).productionStatus).toBe("queued");
    const partial = await adminForm(orderId, { intent: "refund", confirmed: "yes", amount: "1" });
    expect(partial.status).toBe(409);

    expect(await retryPendingRefunds(later())).toEqual({ finished: 1, refused: 0 });
    expect(await adminPage(orderId)).toMatchObject({ refundPendingCents: 0 });
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await stockOf("wf-a2")).toBe(3);
    expect((await quoteRow(quoteId)).status).toBe("cancelled");
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(totalCents);
    expect((await paymentOf(intent.paymentIntent)).status).toBe("refunded");
  });
});

describe("a payment refunded is never settled again (issue 34, A3)", () => {
  it("a late payment refunded because the stock was gone stays refunded when it is reported again after the stock came back", async () => {
    await seedItems([{ id: "wf-a3", stock: 1, priceCents: 4900 }]);
    const { buyer, orderId } = await placed("wf-a3", { print: false });
    const intent = await startPaying(buyer, orderId);
    const db = await getDb();
    await db
      .update(tables.orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(tables.orders.id, orderId));
    await expireOverdueOrders();
    const other = await placed("wf-a3", { print: false }); // someone else takes the unit that came back
    await db
      .update(tables.sandboxPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(tables.sandboxPaymentIntents.id, intent.paymentIntent));
    expect((await verify(buyer, intent)).body).toMatchObject({ success: false, code: "late_payment_refunded" });

    await post(other.buyer, `/api/orders/${other.orderId}/cancel`, {}); // the unit is back on the shelf
    expect(await stockOf("wf-a3")).toBe(1);
    expect((await verify(buyer, intent)).body).toMatchObject({ success: false, code: "late_payment_refunded" });
    expect((await orderRow(orderId)).status).toBe("expired");
    expect(await stockOf("wf-a3")).toBe(1);
    expect((await paymentOf(intent.paymentIntent)).status).toBe("refunded");
    expect(await receiptsFor(orderId)).toHaveLength(0);
  });
});

describe("the hold sweep asks the provider first (issue 34, P8)", () => {
  it("a charge that succeeded but was never settled (the server died) makes the order paid, not expired", async () => {
    await seedItems([{ id: "wf-p8", stock: 2, priceCents: 2300 }]);
    const { buyer, orderId, quoteId } = await placed("wf-p8");
    const intent = await startPaying(buyer, orderId);
    // The card form confirms at the provider; the server is killed before it hears of it.
    await confirmSandboxIntent(intent.paymentIntent, intent.clientSecret, CARD);
    expect((await orderRow(orderId)).status).toBe("pending");
    const db = await getDb();
    await db
      .update(tables.orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(tables.orders.id, orderId));

    expect(await expireOverdueOrders()).toEqual([]);
    expect((await orderRow(orderId)).status).toBe("paid");
    expect(await stockOf("wf-p8")).toBe(1);
    expect((await quoteRow(quoteId)).status).toBe("ordered");
    expect(await receiptsFor(orderId)).toHaveLength(1);
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(0);
    expect((await verify(buyer, intent)).body).toMatchObject({ success: true });
  });

  it("a charge that succeeded for an order whose stock is gone since is refunded by the sweep, as a late payment is", async () => {
    await seedItems([{ id: "wf-p8c", stock: 2, priceCents: 2300 }]);
    const { buyer, orderId, totalCents } = await placed("wf-p8c", { print: false });
    const intent = await startPaying(buyer, orderId);
    // The card form confirms at the provider; the server is killed before it hears of it.
    await confirmSandboxIntent(intent.paymentIntent, intent.clientSecret, CARD);
    // Meanwhile the item is gone (deleted in the moment its hold was checked, F5's race).
    const db = await getDb();
    await db.delete(tables.inventoryItems).where(eq(tables.inventoryItems.id, "wf-p8c"));
    await db
      .update(tables.orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(tables.orders.id, orderId));

    expect(await expireOverdueOrders()).toEqual([]);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(totalCents);
    const [payment] = await db.select().from(tables.payments).where(eq(tables.payments.id, intent.paymentIntent));
    expect(payment!.status).toBe("refunded");
    expect(await receiptsFor(orderId)).toHaveLength(0);
    // The buyer's return to the confirmation page is told the money went back, and nothing more is refunded.
    expect((await verify(buyer, intent)).body).toMatchObject({ success: false });
    expect(await expireOverdueOrders()).toEqual([]);
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(totalCents);
  });

  it("an order whose intent was never paid still expires, and its intent is cancelled", async () => {
    await seedItems([{ id: "wf-p8b", stock: 2, priceCents: 2300 }]);
    const { buyer, orderId } = await placed("wf-p8b", { print: false });
    const intent = await startPaying(buyer, orderId);
    const db = await getDb();
    await db
      .update(tables.orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(tables.orders.id, orderId));
    expect(await expireOverdueOrders()).toEqual([orderId]);
    expect((await orderRow(orderId)).status).toBe("expired");
    expect((await getPaymentProvider().retrieveIntent(intent.paymentIntent))!.status).toBe("canceled");
  });
});

describe("the confirmation page of a paid order the studio cancelled since (issue 34, B11)", () => {
  it("says the studio cancelled it and refunded the payment, in the page's language", async () => {
    await seedItems([{ id: "wf-b11", stock: 2, priceCents: 2300 }]);
    const { buyer, orderId } = await placed("wf-b11", { print: false });
    const intent = await pay(buyer, orderId);
    expect((await post(admin, `/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    const again = await verify(buyer, intent);
    expect(again.body).toMatchObject({ success: false, orderId, code: "order_cancelled_refunded" });
  });
});

describe("the confirmation page's reasons are worded in both languages (issue 34, B11)", () => {
  it("has a French and an English reason for every refunded outcome", () => {
    for (const code of ["late_payment_refunded", "order_cancelled_refunded", "order_refunded"]) {
      expect(messagesFor("en").checkout.declines[code], code).toMatch(/refund/);
      expect(messagesFor("fr").checkout.declines[code], code).toMatch(/rembours/);
    }
  });
});

describe("the refund retry job and the admin's own request (issue 34, A4)", () => {
  it("never asks the provider while the admin's request is still running, and finishes the refund once", async () => {
    await seedItems([{ id: "wf-a4", stock: 2, priceCents: 2300 }]);
    const { buyer, orderId, totalCents } = await placed("wf-a4", { print: false });
    const intent = await pay(buyer, orderId);
    const sandbox = getPaymentProvider();
    let asked = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    setPaymentProvider({
      ...sandbox,
      refund: async (input) => {
        // The admin's request takes its time (Stripe's client retries for up to a minute or more).
        if (++asked === 1) await answered;
        return sandbox.refund(input);
      },
    });
    const cancelling = post(admin, `/api/admin/orders/${orderId}/cancel`, {});
    while ((await refundsOf(orderId)).length === 0 || asked === 0) await new Promise((r) => setTimeout(r, 5));

    // A minute on, past the job's wait: the admin's request (with the client's own retries) is still running.
    expect(await retryPendingRefunds(new Date(Date.now() + RETRY_AFTER_MS + 1000))).toEqual({
      finished: 0,
      refused: 0,
    });
    expect(asked).toBe(1);
    answer();
    expect((await cancelling).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(totalCents);
  });
});

describe("a refund is booked on the day it was made (issue 34, A6)", () => {
  it("a refund asked for in January and made today counts today in the tax report and on the dashboard", async () => {
    await seedItems([{ id: "wf-a6", stock: 2, priceCents: 10_000 }]);
    const { buyer, orderId, totalCents } = await placed("wf-a6", { print: false });
    await pay(buyer, orderId);
    const sandbox = refundAnswersLost();
    expect((await post(admin, `/api/admin/orders/${orderId}/cancel`, {})).status).toBe(503);
    setPaymentProvider(sandbox);
    const db = await getDb();
    const asked = new Date("2026-01-15T15:00:00Z");
    await db.update(tables.refunds).set({ createdAt: asked }).where(eq(tables.refunds.orderId, orderId));
    expect(await retryPendingRefunds(later())).toEqual({ finished: 1, refused: 0 });

    const [refund] = await refundsOf(orderId);
    expect(refund!.succeededAt!.getTime()).toBeGreaterThan(asked.getTime());
    expect((await taxReport("2026-01-01", "2026-01-31")).every((row) => row.refundedTaxCents === 0)).toBe(true);
    const today = taxDate(new Date());
    const refundedToday = (await taxReport(today, today)).reduce((sum, row) => sum + row.refundedTaxCents, 0);
    expect(refundedToday).toBeGreaterThan(0);
    const january = await salesTotals({ from: "2026-01-01", to: "2026-01-31", bucket: "day" });
    expect(january.refundedCents).toBe(0);
    const now = await salesTotals({ from: today, to: today, bucket: "day" });
    expect(now.refundedCents).toBeGreaterThanOrEqual(totalCents);
  });
});
