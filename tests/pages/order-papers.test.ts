import type { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { refundOrder } from "../../server/orders/refunds.ts";
import { call, ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { placeOrderCall, seedItems } from "../support/shop.ts";
import { loadSite } from "../support/site.ts";

/** Issue 51: the packing slip and the invoice say what happened to the order, refunds included. */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
  buyer = await signUpUser();
  await seedItems([
    { id: "papers-lamp", stock: 5, priceCents: 4000 },
    { id: "papers-vase", stock: 5, priceCents: 2500 },
  ]);
}, 60_000);
afterAll(() => site.close());

const page = async (path: string, user: TestUser) =>
  (await site.app.request(`${ORIGIN}${path}`, { headers: { cookie: user.cookie } })).text();

async function paidOrder(extra: Record<string, unknown> = {}): Promise<string> {
  const placed = await placeOrderCall(
    buyer,
    [
      { itemId: "papers-lamp", quantity: 2 },
      { itemId: "papers-vase", quantity: 1 },
    ],
    extra,
  );
  const orderId = placed.body.order.id as string;
  const intent = (await (
    await call("/api/createPaymentIntent", { cookie: buyer.cookie, body: { orderId } })
  ).json()) as { paymentIntent: string; clientSecret: string };
  await call(`/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
    cookie: buyer.cookie,
    body: { clientSecret: intent.clientSecret, card: { number: "4242424242424242", expiry: "12 / 40", cvc: "123" } },
  });
  return orderId;
}

async function lineId(orderId: string, itemId: string): Promise<number> {
  const [line] = await (
    await getDb()
  )
    .select({ id: tables.orderLines.id })
    .from(tables.orderLines)
    .where(and(eq(tables.orderLines.orderId, orderId), eq(tables.orderLines.itemId, itemId)));
  return line!.id;
}

/** The packing slip's rows, as "name: quantity". */
function slipRows(html: string): string[] {
  return [...html.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th><td[^>]*>(\d+)<\/td>/g)].map(
    ([, name, quantity]) => `${name}: ${quantity}`,
  );
}

describe("after a partial refund before packing", () => {
  it("the packing slip lists only what is left to hand over, and the invoice lists the refund", async () => {
    const orderId = await paidOrder();
    expect(slipRows(await page(`/admin/orders/${orderId}/packing-slip`, admin))).toEqual([
      "Name of papers-lamp: 2",
      "Name of papers-vase: 1",
    ]);
    await refundOrder(orderId, admin.id, {
      request: {
        kind: "lines",
        lines: [
          { orderLineId: await lineId(orderId, "papers-lamp"), quantity: 1 },
          { orderLineId: await lineId(orderId, "papers-vase"), quantity: 1 },
        ],
        shipping: false,
      },
      restock: true,
    });
    expect(slipRows(await page(`/admin/orders/${orderId}/packing-slip`, admin))).toEqual(["Name of papers-lamp: 1"]);
    const invoice = await page(`/orders/${orderId}/invoice`, buyer);
    expect(invoice).toContain("Refunds");
    expect(invoice.replaceAll("<!-- -->", "")).toContain("1 × Name of papers-vase");
    const french = await page(`/fr/orders/${orderId}/invoice`, buyer);
    expect(french).toContain("Remboursements");
  });
});

describe("an order placed with a discount code", () => {
  it("the packing slip shows the discount line as the invoice does, in the page's language", async () => {
    const db = await getDb();
    await db.insert(tables.promotions).values({
      id: "papers-ten",
      name: "Ten off",
      kind: "percent",
      code: "PAPERS10",
      percentBp: 1000,
    });
    const orderId = await paidOrder({ discountCode: "papers10" });
    const discountCell = (html: string, label: string) =>
      html.replaceAll("<!-- -->", "").match(new RegExp(`>${label}</th><td[^>]*>([^<]+)</td>`))?.[1];
    const invoice = await page(`/orders/${orderId}/invoice`, buyer);
    const slip = await page(`/admin/orders/${orderId}/packing-slip`, admin);
    // 10 % of 2 × $40.00 + $25.00
    expect(discountCell(invoice, "Discount")).toMatch(/10\.50/);
    expect(discountCell(slip, "Discount")).toBe(discountCell(invoice, "Discount"));
    // The lines to pack are as before: the discount is no line of its own.
    expect(slipRows(slip)).toEqual(["Name of papers-lamp: 2", "Name of papers-vase: 1"]);
    const frenchSlip = await page(`/fr/admin/orders/${orderId}/packing-slip`, admin);
    expect(discountCell(frenchSlip, "Réduction")).toMatch(/10,50/);
  });

  it("an order without a discount has no discount line on its packing slip", async () => {
    const orderId = await paidOrder();
    expect(await page(`/admin/orders/${orderId}/packing-slip`, admin)).not.toContain(">Discount</th>");
  });
});
