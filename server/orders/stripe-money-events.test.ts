import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, ORIGIN, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { pricedQuote } from "../../tests/support/production.ts";
import { ipOf, seedItems, stockOf } from "../../tests/support/shop.ts";
import { loadSite } from "../../tests/support/site.ts";
import { startStripeFake, type StripeFake } from "../../tests/support/stripe-fake.ts";
import { addItem, addQuote } from "../cart/cart.ts";
import { getDb, tables } from "../db/index.ts";
import { mailStudioNotices } from "../mail/studio-notices.ts";
import { listStudioEvents } from "../notices/events.ts";
import { setPaymentProvider } from "../payments/index.ts";
import { createStripeProvider } from "../payments/stripe.ts";
import type { QuoteOwner } from "../quotes/owner.ts";
import { placeOrderFromCart } from "./place-from-cart.ts";
import { retryPendingRefunds } from "./refund-retry.ts";
import { refundOrder } from "./refunds.ts";
import { taxReport } from "./tax-report.ts";

/**
 * Money that moves at Stripe outside the site (decision 078): refunds made in Stripe's dashboard
 * and disputes, heard from Stripe's signed webhook, against a local fake of Stripe's API.
 */
let stripe: StripeFake;
let admin: TestUser;

beforeAll(async () => {
  stripe = await startStripeFake();
  vi.stubEnv("STRIPE_SECRET_KEY", stripe.settings.secretKey);
  vi.stubEnv("STRIPE_PUBLISHABLE_KEY", stripe.settings.publishableKey);
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", stripe.settings.webhookSecret);
  setPaymentProvider(createStripeProvider(stripe.settings));
  admin = await signUpUser("admin");
  await seedItems([{ id: "money-lamp", stock: 50, priceCents: 4000 }]);
});

afterAll(async () => {
  setPaymentProvider(null);
  vi.unstubAllEnvs();
  await stripe.close();
});

async function send(user: TestUser, path: string, body?: unknown, method = body === undefined ? "GET" : "POST") {
  const response = await call(path, { method, cookie: user.cookie, body, ip: ipOf(user) });
  return { status: response.status, body: (await response.json()) as any };
}

async function deliver(delivery: { payload: string; signature: string }) {
  const { api } = await import("../api/index.ts");
  return api.request(`${ORIGIN}/api/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
    body: delivery.payload,
  });
}

/** A paid order (pickup in Quebec: GST and QST) of store lamps and, if asked, a custom print of 2 parts; paid through Stripe. */
async function paidOrder(options: { lamps?: number; customPrint?: boolean } = {}) {
  const buyer = await signUpUser();
  await (await getDb()).update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, buyer.id));
  const owner = { userId: buyer.id };
  await addItem(owner, "money-lamp", options.lamps ?? 1);
  let quoteId: string | null = null;
  if (options.customPrint) {
    const quote = await pricedQuote(owner, { quantity: 2 });
    quoteId = quote.id;
    await addQuote(
      owner,
      { user: { id: buyer.id, email: buyer.email, role: "user" } as QuoteOwner["user"], browserHash: null },
      quote.id,
    );
  }
  const order = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } });
  const intent = (await send(buyer, "/api/createPaymentIntent", { orderId: order.id })).body;
  stripe.intents.get(intent.paymentIntent)!.status = "succeeded";
  const paid = await send(buyer, "/api/verifyPayment", {
    paymentIntent: intent.paymentIntent,
    clientSecret: intent.clientSecret,
  });
  expect(paid.body.success).toBe(true);
  return { buyer, orderId: order.id, intentId: intent.paymentIntent as string, quoteId };
}

async function adminOrder(orderId: string) {
  return (await send(admin, `/api/admin/orders/${orderId}`)).body.order;
}

async function refundRows(orderId: string) {
  const db = await getDb();
  return db.select().from(tables.refunds).where(eq(tables.refunds.orderId, orderId)).orderBy(tables.refunds.id);
}

async function noticesAbout(orderId: string) {
  return (await listStudioEvents(admin.id)).events.filter(
    (event) => event.orderId === orderId && event.kind === "processor_money",
  );
}

async function refundMailsTo(buyer: TestUser, orderId: string) {
  const db = await getDb();
  const mails = await db
    .select()
    .from(tables.outbox)
    .where(and(eq(tables.outbox.orderId, orderId), eq(tables.outbox.to, buyer.email)));
  return mails.filter((mail) => /refund/i.test(mail.subject));
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(new Date());
async function taxRefundedToday() {
  const rows = await taxReport(today(), today());
  return rows.reduce((sum, row) => sum + row.refundedTaxCents, 0);
}

const siteRefundRequests = (intentId: string) =>
  stripe.requests.filter(
    (r) => r.method === "POST" && r.path === "/v1/refunds" && r.idempotencyKey?.includes(intentId),
  );

describe("a refund made in Stripe's dashboard", () => {
  it("in full: the order is refunded, once, without restocking and without asking Stripe to refund; the studio is told and the tax report gives the taxes back", async () => {
    const { buyer, orderId, intentId } = await paidOrder({ lamps: 2 });
    const order = await adminOrder(orderId);
    const stockBefore = await stockOf("money-lamp");
    const taxBefore = await taxRefundedToday();
    const refundsAsked = stripe.requests.filter((r) => r.path === "/v1/refunds").length;

    const charge = stripe.dashboardRefund(intentId, order.totalCents);
    const event = stripe.event("charge.refunded", charge);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200); // Stripe delivers it again

    expect((await send(buyer, `/api/orders/${orderId}`)).body.order.status).toBe("refunded");
    const rows = await refundRows(orderId);
    expect(rows.map((r) => [r.amountCents, r.origin, r.restocked, r.status])).toEqual([
      [order.totalCents, "processor", false, "succeeded"],
    ]);
    expect(await stockOf("money-lamp")).toBe(stockBefore);
    expect(stripe.requests.filter((r) => r.path === "/v1/refunds")).toHaveLength(refundsAsked);
    // 2 × 40.00 in Quebec: GST 4.00 and QST 7.98 given back.
    expect((await taxRefundedToday()) - taxBefore).toBe(400 + 798);
    const notices = await noticesAbout(orderId);
    expect(notices.map((n) => [n.moneyMove, n.amount?.cents])).toEqual([["refunded", order.totalCents]]);
    expect(await refundMailsTo(buyer, orderId)).toHaveLength(1);
    const history = (await adminOrder(orderId)).events.map((e: { reason: string }) => e.reason);
    expect(history).toContain("refunded_at_processor");
  });

  it("in part: the custom parts not yet made are given back first and leave production; the order stays paid", async () => {
    const { orderId, intentId, quoteId } = await paidOrder({ lamps: 1, customPrint: true });
    const order = await adminOrder(orderId);
    const printLine = order.lines.find((l: { quoteId: string | null }) => l.quoteId !== null);
    const printWithTaxes = Math.round((printLine.unitPriceCents * printLine.quantity * 114975) / 100000);
    const taxBefore = await taxRefundedToday();

    const charge = stripe.dashboardRefund(intentId, printWithTaxes);
    // The event's copy of the charge is stale (sent before the refund): the site asks Stripe for the charge as it is now.
    expect((await deliver(stripe.event("charge.refunded", { ...charge, amount_refunded: 0 }))).status).toBe(200);

    expect((await adminOrder(orderId)).status).toBe("paid");
    const [refund] = await refundRows(orderId);
    expect(refund).toMatchObject({ amountCents: printWithTaxes, origin: "processor", restocked: false });
    expect(refund!.lines).toEqual([
      {
        orderLineId: printLine.id,
        quantity: printLine.quantity,
        amountCents: printLine.unitPriceCents * printLine.quantity,
      },
    ]);
    const production = (await send(admin, "/api/admin/quotes/production")).body.quotes as { id: string }[];
    expect(production.map((q) => q.id)).not.toContain(quoteId);
    const given = refund!.taxes.reduce((sum, tax) => sum + tax.amountCents, 0);
    expect(given).toBeGreaterThan(0);
    expect((await taxRefundedToday()) - taxBefore).toBe(given);
    expect((await noticesAbout(orderId)).map((n) => n.amount?.cents)).toEqual([printWithTaxes]);
  });

  it("a refund the admin made through the site, reported back by Stripe, is not counted twice", async () => {
    const { orderId, intentId } = await paidOrder({ lamps: 2 });
    const refunded = await refundOrder(orderId, admin.id, {
      request: { kind: "amount", amountCents: 1000 },
      restock: false,
    });
    expect(refunded.amountCents).toBe(1000);
    expect(siteRefundRequests(orderId)).toHaveLength(1);
    expect((await deliver(stripe.event("charge.refunded", stripe.chargeOf(intentId)))).status).toBe(200);
    expect((await refundRows(orderId)).map((r) => [r.amountCents, r.origin])).toEqual([[1000, "site"]]);
    expect(await noticesAbout(orderId)).toEqual([]);
    // A later dashboard refund adds only its own amount.
    stripe.dashboardRefund(intentId, 500);
    expect((await deliver(stripe.event("charge.refunded", stripe.chargeOf(intentId)))).status).toBe(200);
    expect((await refundRows(orderId)).map((r) => [r.amountCents, r.origin])).toEqual([
      [1000, "site"],
      [500, "processor"],
    ]);
  });

  it("while the admin's refund waits for Stripe's answer, the event is refused for a later delivery, then counts nothing twice", async () => {
    const { orderId, intentId } = await paidOrder({ lamps: 1 });
    const order = await adminOrder(orderId);
    stripe.refundAnswersLost = true;
    try {
      const cancel = await send(admin, `/api/admin/orders/${orderId}/cancel`, {});
      expect(cancel.status).toBe(503);
      // Stripe made the refund and reports it before the site knows its outcome.
      expect(stripe.chargeOf(intentId).amount_refunded).toBe(order.totalCents);
      const event = stripe.event("charge.refunded", stripe.chargeOf(intentId));
      const early = await deliver(event);
      expect(early.status).toBe(409);
      expect(((await early.json()) as any).error.reason).toBe("order.refund_pending");
      stripe.refundAnswersLost = false;
      await retryPendingRefunds(new Date(Date.now() + 60 * 60_000));
      expect((await deliver(event)).status).toBe(200);
    } finally {
      stripe.refundAnswersLost = false;
    }
    expect((await adminOrder(orderId)).status).toBe("cancelled");
    expect((await refundRows(orderId)).map((r) => [r.amountCents, r.origin, r.status])).toEqual([
      [order.totalCents, "site", "succeeded"],
    ]);
    expect(await noticesAbout(orderId)).toEqual([]);
  });

  it("the same event delivered twice is acted on once, without asking Stripe again", async () => {
    const { orderId, intentId } = await paidOrder({ lamps: 1 });
    const event = stripe.event("charge.refunded", stripe.dashboardRefund(intentId, 700));
    const [first, second] = await Promise.all([deliver(event), deliver(event)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const asked = stripe.requests.filter((r) => r.path.startsWith("/v1/charges/")).length;
    expect((await deliver(event)).status).toBe(200);
    expect(stripe.requests.filter((r) => r.path.startsWith("/v1/charges/")).length).toBe(asked);
    expect((await refundRows(orderId)).map((r) => r.amountCents)).toEqual([700]);
    expect(await noticesAbout(orderId)).toHaveLength(1);
  });
});

describe("a dispute (chargeback) of the card payment", () => {
  it("holds the order: no handover, its parts paused in production, the studio told the amount and the deadline; won, the hold ends with no refund", async () => {
    const { orderId, intentId, quoteId } = await paidOrder({ lamps: 1, customPrint: true });
    const order = await adminOrder(orderId);
    const dueBy = new Date("2031-03-14T20:00:00Z");
    const dispute = stripe.openDispute(intentId, order.totalCents, dueBy);
    expect((await deliver(stripe.event("charge.dispute.created", dispute))).status).toBe(200);

    const step = await send(admin, `/api/admin/quotes/${quoteId}/production`, { from: "queued", to: "printing" });
    expect(step.status).toBe(409);
    expect(step.body.error.message).toMatch(/disputed/);
    const fulfil = await send(admin, `/api/admin/orders/${orderId}/fulfil`, { method: "picked_up" });
    expect(fulfil.status).toBe(409);
    // The money is the bank's to decide: Stripe refuses to refund a disputed charge, and so does the site.
    await expect(
      refundOrder(orderId, admin.id, { request: { kind: "everything" }, restock: false }),
    ).rejects.toMatchObject({ code: "order.disputed" });

    const [notice] = await noticesAbout(orderId);
    expect(notice).toMatchObject({
      moneyMove: "dispute_opened",
      amount: { cents: order.totalCents },
      dueBy: dueBy.toISOString(),
    });
    await mailStudioNotices();
    const db = await getDb();
    const mails = await db.select().from(tables.outbox);
    const mail = mails.find((m) => m.subject.includes(`Payment disputed: order ${orderId}`));
    expect(mail?.text).toContain("Answer by: March 14, 2031");

    dispute.status = "won";
    expect((await deliver(stripe.event("charge.dispute.closed", dispute))).status).toBe(200);
    const moved = await send(admin, `/api/admin/quotes/${quoteId}/production`, { from: "queued", to: "printing" });
    expect(moved.status).toBe(200);
    expect(await refundRows(orderId)).toEqual([]);
    expect((await adminOrder(orderId)).status).toBe("paid");
    expect((await noticesAbout(orderId)).map((n) => n.moneyMove)).toEqual(["dispute_won", "dispute_opened"]);
  });

  it("lost: recorded as a refund of the disputed amount through the refund workflow, and the hold ends", async () => {
    const { buyer, orderId, intentId, quoteId } = await paidOrder({ lamps: 1, customPrint: true });
    const order = await adminOrder(orderId);
    const dispute = stripe.openDispute(intentId, order.totalCents, new Date(Date.now() + 7 * 86_400_000));
    await deliver(stripe.event("charge.dispute.created", dispute));
    const taxBefore = await taxRefundedToday();
    dispute.status = "lost";
    expect((await deliver(stripe.event("charge.dispute.closed", dispute))).status).toBe(200);

    expect((await send(buyer, `/api/orders/${orderId}`)).body.order.status).toBe("refunded");
    expect((await refundRows(orderId)).map((r) => [r.amountCents, r.origin, r.restocked])).toEqual([
      [order.totalCents, "dispute", false],
    ]);
    const production = (await send(admin, "/api/admin/quotes/production")).body.quotes as { id: string }[];
    expect(production.map((q) => q.id)).not.toContain(quoteId);
    expect(await taxRefundedToday()).toBeGreaterThan(taxBefore);
    // The buyer's bank gave the money back: the site sends them no refund e-mail of its own.
    expect(await refundMailsTo(buyer, orderId)).toEqual([]);
    expect((await noticesAbout(orderId)).map((n) => n.moneyMove)).toEqual(["dispute_lost", "dispute_opened"]);
  });

  it("closed before it was heard open (events out of order): the outcome stands, and the late 'created' changes nothing", async () => {
    const { orderId, intentId } = await paidOrder({ lamps: 2 });
    const order = await adminOrder(orderId);
    const dispute = stripe.openDispute(intentId, 4000, new Date(Date.now() + 86_400_000));
    const created = stripe.event("charge.dispute.created", { ...dispute });
    dispute.status = "lost";
    expect((await deliver(stripe.event("charge.dispute.closed", dispute))).status).toBe(200);
    expect((await deliver(created)).status).toBe(200);

    expect((await refundRows(orderId)).map((r) => [r.amountCents, r.origin])).toEqual([[4000, "dispute"]]);
    const fulfil = await send(admin, `/api/admin/orders/${orderId}/fulfil`, { method: "picked_up" });
    expect(fulfil.body.error?.reason).not.toBe("order.disputed");
    expect((await adminOrder(orderId)).status).toBe(order.status);
    expect((await noticesAbout(orderId)).map((n) => n.moneyMove)).toEqual(["dispute_lost"]);
  });
});

describe("the admin's order page", () => {
  it("shows the hold while a dispute is open, in English and French, and offers no handover step", async () => {
    const { orderId, intentId } = await paidOrder({ lamps: 1 });
    const order = await adminOrder(orderId);
    const site = await loadSite();
    try {
      const page = async (path: string) =>
        (await site.app.request(`${ORIGIN}${path}`, { headers: { cookie: admin.cookie } })).text();
      expect(await page(`/admin/orders/${orderId}`)).toContain("Ready for pickup");
      const dispute = stripe.openDispute(intentId, order.totalCents, new Date("2031-03-14T20:00:00Z"));
      await deliver(stripe.event("charge.dispute.created", dispute));
      const english = await page(`/admin/orders/${orderId}`);
      expect(english).toContain("On hold: the buyer disputed");
      expect(english).toContain("Mar 14, 2031");
      expect(english).not.toContain("Ready for pickup");
      expect(await page(`/fr/admin/orders/${orderId}`)).toContain("En attente\u00a0: l’acheteur a contesté");
    } finally {
      await site.close();
    }
  }, 60_000);
});
