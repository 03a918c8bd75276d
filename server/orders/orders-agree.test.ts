import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { pricedQuote } from "../../tests/support/production.ts";
import { ipOf, orderRow, seedItems, stockOf } from "../../tests/support/shop.ts";
import { addItem, addQuote } from "../cart/cart.ts";
import { getDb, tables } from "../db/index.ts";
import { getPaymentProvider, setPaymentProvider } from "../payments/index.ts";
import { sandboxRefundedCents } from "../payments/sandbox.ts";
import { ProviderError } from "../payments/types.ts";
import type { QuoteOwner } from "../quotes/owner.ts";
import { cleanupAbandonedQuotes } from "../quotes/quotes.ts";
import { setReviewPrice } from "../quotes/review-and-production.ts";
import { advanceFulfilment } from "./fulfilment.ts";
import { placeOrderFromCart } from "./place-from-cart.ts";
import { refundOrder } from "./refunds.ts";
import { retryPendingRefunds, RETRY_AFTER_MS } from "./refund-retry.ts";

const PICKUP = { method: "pickup" } as const;
const CARD = { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" };

async function post(user: TestUser, path: string, body: unknown, method = "POST") {
  const response = await call(path, { method, cookie: user.cookie, body, ip: ipOf(user) });
  return { status: response.status, body: (await response.json()) as any };
}

async function verifiedBuyer(): Promise<TestUser> {
  const buyer = await signUpUser();
  await (await getDb()).update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, buyer.id));
  return buyer;
}

const ownerOf = (buyer: TestUser): QuoteOwner => ({
  user: { id: buyer.id, email: buyer.email, role: "user" } as QuoteOwner["user"],
  browserHash: null,
});

/** A buyer with a priced custom print (× 10) in the cart, and the order placed for it. */
async function placedCustomPrint(options: { itemId?: string } = {}) {
  const buyer = await verifiedBuyer();
  const quote = await pricedQuote({ userId: buyer.id }, { quantity: 10 });
  await addQuote({ userId: buyer.id }, ownerOf(buyer), quote.id);
  if (options.itemId) await addItem({ userId: buyer.id }, options.itemId, 1);
  const order = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: PICKUP });
  return { buyer, quoteId: quote.id, orderId: order.id, totalCents: order.totalCents };
}

async function pay(buyer: TestUser, orderId: string) {
  const intent = (await post(buyer, "/api/createPaymentIntent", { orderId, amount: 1 })).body;
  await post(buyer, `/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
    clientSecret: intent.clientSecret,
    card: CARD,
  });
  const verified = await post(buyer, "/api/verifyPayment", {
    paymentIntent: intent.paymentIntent,
    clientSecret: intent.clientSecret,
  });
  return { intent, verified };
}

async function quoteRow(id: string) {
  const [row] = await (await getDb()).select().from(tables.quotes).where(eq(tables.quotes.id, id));
  return row!;
}

async function productionIds(admin: TestUser): Promise<string[]> {
  const body = (await (await call("/api/admin/quotes/production", { cookie: admin.cookie })).json()) as {
    quotes: { id: string }[];
  };
  return body.quotes.map((q) => q.id);
}

const newOptions = async (quoteId: string, quantity: number) => {
  const row = await quoteRow(quoteId);
  return {
    materialId: row.materialId,
    colourId: row.colourId,
    qualityId: row.qualityId,
    infillPercent: row.infillPercent,
    quantity,
  };
};

afterEach(() => setPaymentProvider(null));

describe("what was ordered is what gets made (issue 20, finding 1; issue 26)", () => {
  it("freezes a quote when its order is placed: options, quantity and review are refused until the order is released", async () => {
    const admin = await signUpUser("admin");
    const { buyer, quoteId, orderId } = await placedCustomPrint();
    expect((await quoteRow(quoteId)).status).toBe("accepted");

    const changed = await post(buyer, `/api/quotes/${quoteId}/options`, await newOptions(quoteId, 500), "PUT");
    expect(changed.status).toBe(409);
    expect(changed.body.error.reason).toBe("quote.in_order");
    expect(changed.body.error.message).toContain("part of an order");
    const turned = await post(
      buyer,
      `/api/quotes/${quoteId}/options`,
      { ...(await newOptions(quoteId, 10)), orientation: "as-file" },
      "PUT",
    );
    expect(turned.status).toBe(409);
    expect((await quoteRow(quoteId)).orientation).toBe("best");
    expect((await post(buyer, `/api/quotes/${quoteId}/review`, { note: "please" })).status).toBe(409);
    expect(await quoteRow(quoteId)).toMatchObject({ quantity: 10, status: "accepted", orderId });

    // Cancelled before payment: the quote is the buyer's to change again.
    expect((await post(buyer, `/api/orders/${orderId}/cancel`, {})).status).toBe(200);
    expect(await quoteRow(quoteId)).toMatchObject({ status: "priced", orderId: null });
    expect((await post(buyer, `/api/quotes/${quoteId}/options`, await newOptions(quoteId, 12), "PUT")).status).toBe(
      200,
    );
    expect(await productionIds(admin)).not.toContain(quoteId);
  });

  it("pays for exactly the frozen parts: the production queue shows the quantity on the order line", async () => {
    const admin = await signUpUser("admin");
    const { buyer, quoteId, orderId } = await placedCustomPrint();
    await post(buyer, `/api/quotes/${quoteId}/options`, await newOptions(quoteId, 500), "PUT");
    const { verified } = await pay(buyer, orderId);
    expect(verified.body.status).toBe("succeeded");
    const [line] = await (await getDb()).select().from(tables.orderLines).where(eq(tables.orderLines.orderId, orderId));
    expect(line!.itemName.en).toContain("× 10");
    expect(await quoteRow(quoteId)).toMatchObject({
      status: "ordered",
      quantity: 10,
      productionStatus: "queued",
      totalCents: line!.unitPriceCents,
    });
    expect(await productionIds(admin)).toContain(quoteId);
  });

  it("F4: a part that left its order before payment (declined in a race) is refunded, never paid without its part", async () => {
    const { buyer, quoteId, orderId, totalCents } = await placedCustomPrint();
    // What a review racing the payment could have left: the quote out of the order.
    await (await getDb()).update(tables.quotes).set({ status: "declined" }).where(eq(tables.quotes.id, quoteId));
    const { intent } = await pay(buyer, orderId);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(totalCents);
    expect((await quoteRow(quoteId)).status).toBe("declined");
  });

  it("F1: cancelling a paid order takes its part out of production; a part being printed needs the admin's word", async () => {
    const admin = await signUpUser("admin");
    const { buyer, quoteId, orderId } = await placedCustomPrint();
    await pay(buyer, orderId);
    const step = (from: string, to: string) =>
      call(`/api/admin/quotes/${quoteId}/production`, { method: "POST", body: { from, to }, cookie: admin.cookie });
    expect((await step("queued", "printing")).status).toBe(200);

    const refused = await call(`/api/admin/orders/${orderId}/cancel`, { cookie: admin.cookie, body: {} });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as any).error.reason).toBe("order.parts_started");
    expect((await orderRow(orderId)).status).toBe("paid");

    const cancelled = await call(`/api/admin/orders/${orderId}/cancel`, {
      cookie: admin.cookie,
      body: { cancelStartedParts: true },
    });
    expect(cancelled.status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect((await quoteRow(quoteId)).status).toBe("cancelled");
    expect(await productionIds(admin)).not.toContain(quoteId);
    expect((await step("printing", "post_processing")).status).toBe(409);
  });

  it("F1: a full refund takes the part out of production too", async () => {
    const admin = await signUpUser("admin");
    const { buyer, quoteId, orderId } = await placedCustomPrint();
    await pay(buyer, orderId);
    await refundOrder(orderId, admin.id, { request: { kind: "everything" }, restock: false });
    expect((await orderRow(orderId)).status).toBe("refunded");
    expect(await productionIds(admin)).not.toContain(quoteId);
  });

  it("F2: deleting an account keeps its paid parts in production, with their files", async () => {
    const admin = await signUpUser("admin");
    const { buyer, quoteId, orderId } = await placedCustomPrint();
    await pay(buyer, orderId);
    expect((await post(buyer, "/api/account/delete", { email: buyer.email })).status).toBe(200);
    expect(await productionIds(admin)).toContain(quoteId);
    const db = await getDb();
    await db
      .update(tables.quotes)
      .set({ updatedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(tables.quotes.id, quoteId));
    await cleanupAbandonedQuotes();
    expect(await quoteRow(quoteId)).toMatchObject({ status: "ordered", orderId });
  });

  it("F5: an item held by an unpaid order cannot be deleted; a payment for a line whose item is gone is refunded", async () => {
    const admin = await signUpUser("admin");
    await seedItems([{ id: "agree-held", stock: 3, priceCents: 2000 }]);
    const { buyer, orderId, totalCents } = await placedCustomPrint({ itemId: "agree-held" });
    const refused = await call("/api/admin/items/agree-held", { method: "DELETE", cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as any).error.reason).toBe("item.held_by_orders");
    expect(await stockOf("agree-held")).toBe(2);

    // An item gone anyway (deleted by an older version, or by hand): the payment goes back.
    const db = await getDb();
    await db.delete(tables.stockHolds).where(eq(tables.stockHolds.orderId, orderId));
    await db.delete(tables.inventoryItems).where(eq(tables.inventoryItems.id, "agree-held"));
    const { intent } = await pay(buyer, orderId);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(totalCents);
  });

  it("F11: a reload of the confirmation after a cancel and refund is answered as handled, without a second refund", async () => {
    const admin = await signUpUser("admin");
    const { buyer, orderId, totalCents } = await placedCustomPrint();
    const { intent } = await pay(buyer, orderId);
    expect((await call(`/api/admin/orders/${orderId}/cancel`, { cookie: admin.cookie, body: {} })).status).toBe(200);
    const again = await post(buyer, "/api/verifyPayment", {
      paymentIntent: intent.paymentIntent,
      clientSecret: intent.clientSecret,
    });
    expect(again.status).toBe(200);
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(totalCents);
  });

  it("F7: shipping waits for the custom parts, or takes the admin's recorded word", async () => {
    const admin = await signUpUser("admin");
    const { buyer, orderId } = await placedCustomPrint();
    await pay(buyer, orderId);
    await expect(advanceFulfilment(orderId, admin.id, "ready_for_pickup")).rejects.toMatchObject({
      code: "order.parts_not_done",
    });
    await advanceFulfilment(orderId, admin.id, "ready_for_pickup", { withoutParts: true });
    const events = await (
      await getDb()
    )
      .select()
      .from(tables.orderEvents)
      .where(eq(tables.orderEvents.orderId, orderId));
    expect(events.at(-1)).toMatchObject({
      reason: "fulfilment_ready_for_pickup",
      detail: "without finished custom parts",
    });
  });

  it("F8: a part priced by the studio gets a weight, so its shipping is priced", async () => {
    const buyer = await verifiedBuyer();
    const quote = await pricedQuote({ userId: buyer.id }, { quantity: 2 });
    await (
      await getDb()
    )
      .update(tables.quotes)
      .set({ status: "needs_review", grams: null, unitCents: null, totalCents: null })
      .where(eq(tables.quotes.id, quote.id));
    await setReviewPrice(quote.id, { unitCents: 2500 });
    expect((await quoteRow(quote.id)).grams).toBeGreaterThan(0);
    const weighed = await pricedQuote({ userId: buyer.id });
    await (await getDb()).update(tables.quotes).set({ status: "needs_review" }).where(eq(tables.quotes.id, weighed.id));
    await setReviewPrice(weighed.id, { unitCents: 900, grams: 42 });
    expect((await quoteRow(weighed.id)).grams).toBe(42);
  });

  it("F10: two 'Place order' at once make one order, holding the stock once", async () => {
    await seedItems([{ id: "agree-twice", stock: 4, priceCents: 1500 }]);
    const buyer = await verifiedBuyer();
    await addItem({ userId: buyer.id }, "agree-twice", 2);
    const [first, second] = await Promise.all([
      placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: PICKUP }),
      placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: PICKUP }),
    ]);
    expect(first.id).toBe(second.id);
    expect(await stockOf("agree-twice")).toBe(2);
  });
});

describe("refunds survive the network (issue 26, F3)", () => {
  it("keeps a refund whose outcome is unknown, and the retry finishes it once with the same key", async () => {
    const admin = await signUpUser("admin");
    const { buyer, quoteId, orderId, totalCents } = await placedCustomPrint();
    const { intent } = await pay(buyer, orderId);
    const sandbox = getPaymentProvider();
    // The provider makes the refund, then the answer is lost (a time-out).
    setPaymentProvider({
      ...sandbox,
      refund: async (input) => {
        await sandbox.refund(input);
        throw new ProviderError("timeout", "Request timed out", false);
      },
    });
    const lost = await call(`/api/admin/orders/${orderId}/cancel`, { cookie: admin.cookie, body: {} });
    expect(lost.status).toBe(503);
    expect(((await lost.json()) as any).error.reason).toBe("refund.provider_pending");
    const db = await getDb();
    expect(
      (await db.select().from(tables.refunds).where(eq(tables.refunds.orderId, orderId))).map((r) => r.status),
    ).toEqual(["pending"]);

    setPaymentProvider(sandbox);
    const later = new Date(Date.now() + RETRY_AFTER_MS + 1000);
    expect(await retryPendingRefunds(later)).toEqual({ finished: 1, refused: 0 });
    expect(await retryPendingRefunds(later)).toEqual({ finished: 0, refused: 0 });
    expect(await sandboxRefundedCents(intent.paymentIntent)).toBe(totalCents);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect((await quoteRow(quoteId)).status).toBe("cancelled");
    const mails = await db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId));
    expect(mails.filter((mail) => /refund/i.test(mail.subject))).toHaveLength(1);
  });

  it("deletes a pending refund only on the provider's definite refusal", async () => {
    const admin = await signUpUser("admin");
    const { buyer, orderId } = await placedCustomPrint();
    await pay(buyer, orderId);
    const sandbox = getPaymentProvider();
    setPaymentProvider({
      ...sandbox,
      refund: async () => {
        throw new ProviderError("charge_disputed", "The charge is disputed");
      },
    });
    const refused = await call(`/api/admin/orders/${orderId}/cancel`, { cookie: admin.cookie, body: {} });
    expect(refused.status).toBe(503);
    expect(await (await getDb()).select().from(tables.refunds).where(eq(tables.refunds.orderId, orderId))).toEqual([]);
    expect((await orderRow(orderId)).status).toBe("paid");
  });
});
