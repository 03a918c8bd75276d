import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { validateAddress } from "../../domain/address.ts";
import { priceOrder, type Delivery } from "../../domain/pricing.ts";
import { taxDate } from "../../domain/tax.ts";
import { action } from "../../app/routes/admin-order.tsx";
import { signUpUser, type TestUser } from "../../tests/support/api.ts";
import { orderRow, paidInSandbox, seedItems, stockOf } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";
import { onSiteChanged, type SiteChange } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import { getPaymentProvider, setPaymentProvider } from "../payments/index.ts";
import { sandboxRefundedCents } from "../payments/sandbox.ts";
import { ProviderError } from "../payments/types.ts";
import { getPricingInputs } from "../settings/shop-settings.ts";
import { cancelOrderAsAdmin } from "./fulfil-or-cancel.ts";
import { advanceFulfilment, recordOrderPricing } from "./fulfilment.ts";
import { orderRefunds, refundOrder } from "./refunds.ts";
import { taxReport } from "./tax-report.ts";
import { routeArgs } from "../../tests/support/route-args.ts";

let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  buyer = await signUpUser();
  admin = await signUpUser("admin");
  await seedItems([{ id: "rf-bust", stock: 10, priceCents: 4900 }]);
});
afterEach(() => setPaymentProvider(null));

const QUEBEC = validateAddress({
  fullName: "Marie Tremblay",
  line1: "1234 rue Saint-Denis",
  city: "Montréal",
  province: "QC",
  postalCode: "H2X 3K8",
});

let counter = 0;
/**
 * A paid order, priced and recorded as checkout does, paid through the sandbox: 2 × 49.00 of the
 * seeded bust (its units already off the shelf) and 1 × 15.00 custom print, delivered to Quebec.
 */
async function paidOrder(locale: "en" | "fr" = "en", delivery: Delivery = { method: "ship", province: "QC" }) {
  const db = await getDb();
  const id = `FF-REFUND${String(++counter).padStart(3, "0")}`;
  const price = priceOrder({
    ...(await getPricingInputs()),
    lines: [
      { unitPriceCents: 4900, quantity: 2, weightGrams: 300 },
      { unitPriceCents: 1500, quantity: 1, weightGrams: 100 },
    ],
    delivery,
    at: new Date(),
  });
  await db.transaction(async (tx) => {
    await tx.insert(tables.orders).values({
      id,
      userId: buyer.id,
      status: "paid",
      totalCents: price.totalCents,
      currency: "CAD",
      locale,
      paidAt: new Date(),
    });
    await tx
      .insert(tables.orderContacts)
      .values({ orderId: id, email: buyer.email, fullName: buyer.email.split("@")[0]!, phone: null });
    await tx.insert(tables.orderLines).values([
      {
        orderId: id,
        itemId: "rf-bust",
        itemSlug: "rf-bust",
        itemName: { en: "Ember Dragon Bust", fr: "Buste de dragon Braise" },
        unitPriceCents: 4900,
        quantity: 2,
      },
      {
        orderId: id,
        itemSlug: "custom",
        itemName: { en: "Custom print", fr: "Impression sur mesure" },
        unitPriceCents: 1500,
        quantity: 1,
        kind: "custom_print",
        quoteId: "q-1",
      },
    ]);
    await recordOrderPricing(tx, id, {
      delivery,
      address: delivery.method === "ship" && QUEBEC.ok ? QUEBEC.value : null,
      price,
    });
  });
  const intentId = await paidInSandbox(id);
  const lines = await db
    .select()
    .from(tables.orderLines)
    .where(eq(tables.orderLines.orderId, id))
    .orderBy(tables.orderLines.id);
  return { id, price, intentId, bust: lines[0]!.id, print: lines[1]!.id };
}

async function refundsOf(orderId: string) {
  const db = await getDb();
  return db.select().from(tables.refunds).where(eq(tables.refunds.orderId, orderId));
}

async function mailsFor(orderId: string) {
  const db = await getDb();
  return db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId));
}

describe("refunding part of an order", () => {
  it("refunds one unit through the provider with its taxes, tells the buyer in the order's language, and the order stays paid", async () => {
    const { id, intentId, bust } = await paidOrder("fr");
    const done = await refundOrder(id, admin.id, {
      request: { kind: "lines", lines: [{ orderLineId: bust, quantity: 1 }], shipping: false },
      restock: false,
      reason: "Abîmé",
    });
    // GST and QST in proportion to the 49.00 refunded out of the taxable goods and shipping.
    const [refund] = await refundsOf(id);
    expect(refund).toMatchObject({
      status: "succeeded",
      amountCents: done.amountCents,
      shippingCents: 0,
      lines: [{ orderLineId: bust, quantity: 1, amountCents: 4900 }],
      restocked: false,
      reason: "Abîmé",
      actorUserId: admin.id,
    });
    expect(refund!.taxes.map((t) => t.code)).toEqual(["GST", "QST"]);
    expect(done.amountCents).toBe(4900 + refund!.taxes[0]!.amountCents + refund!.taxes[1]!.amountCents);
    expect(await sandboxRefundedCents(intentId)).toBe(done.amountCents);
    expect((await orderRow(id)).status).toBe("paid");

    const [mail] = await mailsFor(id);
    expect(mail!.subject).toContain(`un remboursement sur la commande ${id}`);
    expect(mail!.text).toMatch(/1 × Buste de dragon Braise\s+49,00/);
    expect(mail!.text).toMatch(/TPS \(5\u00a0%\)\s+\d+,\d\d\s\$/);
    expect(mail!.text).toMatch(/TVQ \(9,975\u00a0%\)\s+\d+,\d\d\s\$/);
    const views = await orderRefunds(id, "en");
    expect(views).toMatchObject([
      { amountCents: done.amountCents, lines: [{ quantity: 1, name: { en: "Ember Dragon Bust" } }] },
    ]);
    expect(views[0]!.taxes.map((t) => t.label)).toEqual(["GST (5%)", "QST (9.975%)"]);
  });

  it("puts refunded units back on the shelf only when asked, and never a custom print", async () => {
    const { id, bust, print } = await paidOrder();
    const before = await stockOf("rf-bust");
    const heard: SiteChange[] = [];
    onSiteChanged((change) => heard.push(change));
    await refundOrder(id, admin.id, {
      request: {
        kind: "lines",
        lines: [
          { orderLineId: bust, quantity: 1 },
          { orderLineId: print, quantity: 1 },
        ],
        shipping: false,
      },
      restock: true,
    });
    expect(await stockOf("rf-bust")).toBe(before + 1);
    // The store shows the unit again at once, on every app server (B2).
    expect(heard).toEqual(["catalogue"]);
    await refundOrder(id, admin.id, {
      request: { kind: "lines", lines: [{ orderLineId: bust, quantity: 1 }], shipping: false },
      restock: false,
    });
    expect(await stockOf("rf-bust")).toBe(before + 1);
  });

  it("refunds after shipping; every line and the shipping mark the order refunded, and nothing more can go back", async () => {
    const { id, price, intentId, bust, print } = await paidOrder();
    await advanceFulfilment(id, admin.id, "shipped", { carrier: "canada_post", trackingNumber: "1234567890123456" });
    expect((await orderRow(id)).status).toBe("fulfilled");
    await refundOrder(id, admin.id, {
      request: { kind: "lines", lines: [{ orderLineId: bust, quantity: 2 }], shipping: false },
      restock: false,
    });
    expect((await orderRow(id)).status).toBe("fulfilled");
    const last = await refundOrder(id, admin.id, {
      request: { kind: "lines", lines: [{ orderLineId: print, quantity: 1 }], shipping: true },
      restock: false,
    });
    expect(last.orderStatus).toBe("refunded");
    expect((await orderRow(id)).status).toBe("refunded");
    expect(await sandboxRefundedCents(intentId)).toBe(price.totalCents);
    const all = await refundsOf(id);
    expect(all.reduce((sum, r) => sum + r.amountCents, 0)).toBe(price.totalCents);
    for (const [index, tax] of price.taxes.entries())
      expect(all.reduce((sum, r) => sum + r.taxes[index]!.amountCents, 0)).toBe(tax.amountCents);
    await expect(
      refundOrder(id, admin.id, { request: { kind: "amount", amountCents: 1 }, restock: false }),
    ).rejects.toMatchObject({ code: "refund.not_refundable" });
  });

  it("two admins refunding the same units at once: one refund goes through, the other is refused", async () => {
    const { id, intentId, bust } = await paidOrder();
    const request = {
      request: { kind: "lines" as const, lines: [{ orderLineId: bust, quantity: 2 }], shipping: false },
      restock: false,
    };
    const results = await Promise.allSettled([refundOrder(id, admin.id, request), refundOrder(id, admin.id, request)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    // Refused while the first is with the provider, or after it, as too many units.
    expect(["order.refund_pending", "refund.too_many_units"]).toContain(refused.reason.code);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await sandboxRefundedCents(intentId)).toBe((await refundsOf(id))[0]!.amountCents);
  });

  it("a refund the provider refuses changes nothing and says so (503)", async () => {
    const { id, intentId, bust } = await paidOrder();
    const sandbox = getPaymentProvider();
    setPaymentProvider({
      ...sandbox,
      refund: async () => {
        throw new ProviderError("api_error", "Service unavailable");
      },
    });
    const before = await stockOf("rf-bust");
    const refused = await refundOrder(id, admin.id, {
      request: { kind: "lines", lines: [{ orderLineId: bust, quantity: 1 }], shipping: false },
      restock: true,
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "refund.provider_failed", status: 503 });
    expect(await refundsOf(id)).toHaveLength(0);
    expect(await stockOf("rf-bust")).toBe(before);
    expect(await mailsFor(id)).toHaveLength(0);
    expect(await sandboxRefundedCents(intentId)).toBe(0);
    expect((await orderRow(id)).status).toBe("paid");
    // The studio is told, with the refusal itself.
    const db = await getDb();
    const told = await db.select().from(tables.studioEvents).where(eq(tables.studioEvents.orderId, id));
    expect(told.map((event) => [event.kind, event.detail])).toEqual([
      ["refund_failed", { amountCents: expect.any(Number), reason: "Service unavailable" }],
    ]);
  });

  it("cancel and refund of a paid order goes through the same path: everything back, units on the shelf, order cancelled", async () => {
    const { id, price, intentId, bust } = await paidOrder();
    await refundOrder(id, admin.id, {
      request: { kind: "lines", lines: [{ orderLineId: bust, quantity: 1 }], shipping: false },
      restock: false,
    });
    const before = await stockOf("rf-bust");
    expect(await cancelOrderAsAdmin(id, admin.id, "Buyer asked")).toBe("refunded");
    expect((await orderRow(id)).status).toBe("cancelled");
    // The unit refunded before without restocking stays off the shelf; the other comes back.
    expect(await stockOf("rf-bust")).toBe(before + 1);
    expect(await sandboxRefundedCents(intentId)).toBe(price.totalCents);
    const mails = await mailsFor(id);
    expect(mails.at(-1)!.text).toContain("was cancelled and");
  });

  it("the tax report counts the taxes each refund gave back", async () => {
    const today = taxDate(new Date());
    const before = await taxReport(today, today);
    const { id, bust } = await paidOrder();
    await refundOrder(id, admin.id, {
      request: { kind: "lines", lines: [{ orderLineId: bust, quantity: 1 }], shipping: false },
      restock: false,
    });
    const [refund] = await refundsOf(id);
    const after = await taxReport(today, today);
    const qst = (rows: typeof after) => rows.find((r) => r.code === "QST")!;
    expect(qst(after).refundedTaxCents - (qst(before)?.refundedTaxCents ?? 0)).toBe(refund!.taxes[1]!.amountCents);
    expect(qst(after).refundedTaxableCents - (qst(before)?.refundedTaxableCents ?? 0)).toBe(4900);
  });
});

/** The admin's order page form, posted as a browser without JavaScript does, confirmed unless `confirmed` says otherwise. */
async function post(orderId: string, fields: Record<string, string>, prefix = "") {
  const request = new Request(`http://localhost:3000${prefix}/admin/orders/${orderId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "refund", confirmed: "yes", ...fields }),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost:3000",
      cookie: admin.cookie,
    },
  });
  const result = (await action(routeArgs(request, { id: orderId }))) as unknown;
  type Body = {
    ok: boolean;
    message: string;
    fields?: Record<string, string>;
    confirm?: { amountCents: number; leftCents: number; stock: string; fields: Record<string, string> };
  };
  const answer = result as { type?: string; data?: Body; init?: { status?: number } };
  return answer.type === "DataWithResponseInit"
    ? { status: answer.init?.status ?? 200, body: answer.data! }
    : { status: 200, body: result as Body };
}

describe("the admin's refund form", () => {
  it("asks first: an unconfirmed refund moves no money and no stock, and says the amount and what happens to stock", async () => {
    const { id, bust, intentId } = await paidOrder();
    const stockBefore = await stockOf("rf-bust");
    const asked = await post(id, { [`qty-${bust}`]: "1", restock: "on", confirmed: "" });
    expect(asked.status).toBe(200);
    expect(asked.body.confirm).toMatchObject({ stock: "back", fields: { [`qty-${bust}`]: "1", confirmed: "yes" } });
    const amount = await post(id, { amount: "12.50", restock: "on", confirmed: "" });
    expect(amount.body.confirm).toMatchObject({ amountCents: 1250, stock: "kept" });
    const cancel = await post(id, { intent: "cancel", confirmed: "" });
    expect(cancel.body.confirm).toMatchObject({ stock: "cancel", fields: { intent: "cancel", confirmed: "yes" } });
    expect(cancel.body.confirm!.amountCents).toBe(cancel.body.confirm!.leftCents);

    expect(await refundsOf(id)).toHaveLength(0);
    expect(await sandboxRefundedCents(intentId)).toBe(0);
    expect((await orderRow(id)).status).toBe("paid");
    expect(await stockOf("rf-bust")).toBe(stockBefore);
    expect(await mailsFor(id)).toHaveLength(0);

    // Saying yes posts the same request with what was left then: it refunds the amount shown, once.
    const fields = asked.body.confirm!.fields;
    const done = await post(id, fields);
    expect(done.body.message).toBe(`$${(asked.body.confirm!.amountCents / 100).toFixed(2)} was refunded.`);
    expect(await stockOf("rf-bust")).toBe(stockBefore + 1);
    expect(await post(id, fields)).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^Something was refunded on this order since you confirmed/) },
    });
    expect(await refundsOf(id)).toHaveLength(1);
  });

  it("an unconfirmed refund is refused as the refund would be, in the admin's language", async () => {
    const { id, bust } = await paidOrder();
    expect((await post(id, { [`qty-${bust}`]: "3", confirmed: "" }, "/fr")).body.fields).toEqual({
      [`line-${bust}`]: "Plus d’unités qu’il n’en reste à rembourser sur cette ligne.",
    });
    expect(await refundsOf(id)).toHaveLength(0);
  });

  it("refunds what was chosen and says how much", async () => {
    const { id, bust } = await paidOrder();
    const answer = await post(id, { [`qty-${bust}`]: "1", restock: "on", reason: "Broken horn" });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/^\$\d+\.\d\d was refunded\.$/);
    expect(await refundsOf(id)).toMatchObject([{ restocked: true, reason: "Broken horn" }]);
  });

  it("answers each mistake beside its field, in English and French", async () => {
    const { id, bust } = await paidOrder();
    expect(await post(id, { [`qty-${bust}`]: "3" })).toEqual({
      status: 400,
      body: {
        ok: false,
        message: "More units than are left to refund on this line.",
        fields: { [`line-${bust}`]: "More units than are left to refund on this line." },
      },
    });
    expect((await post(id, { [`qty-${bust}`]: "1.5" })).body.fields).toEqual({ [`line-${bust}`]: "Invalid quantity" });
    expect((await post(id, { amount: "abc" }, "/fr")).body.fields).toEqual({
      amount: "Saisissez un montant en dollars et en cents, supérieur à zéro (par exemple 12,50).",
    });
    expect((await post(id, { amount: "10", shipping: "on" })).body.fields).toEqual({
      amount: "Refund either units and shipping, or an amount, not both.",
    });
    expect((await post(id, { amount: "999999" })).body.fields).toEqual({
      amount: "This is more than what is left to refund on the order.",
    });
    const nothing = await post(id, {});
    expect(nothing).toMatchObject({
      status: 400,
      body: { ok: false, message: "Choose the units or the shipping to refund, or enter an amount." },
    });
    expect(nothing.body.fields).toBeUndefined();
    expect(await refundsOf(id)).toHaveLength(0);
  });

  it("an amount with a comma, and nothing once the order is fully refunded", async () => {
    const { id, price } = await paidOrder();
    const answer = await post(id, { amount: "12,50" }, "/fr");
    expect(answer.body.message).toMatch(/^12,50\s\$ a été remboursé\.$/);
    await post(id, { amount: ((price.totalCents - 1250) / 100).toFixed(2) });
    expect((await orderRow(id)).status).toBe("refunded");
    expect(await post(id, { amount: "1" })).toMatchObject({ status: 409 });
  });
});
