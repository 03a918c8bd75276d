import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromAddress, ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { pricedQuote } from "../support/production.ts";
import { seedItems } from "../support/shop.ts";
import { getDb, tables } from "../../server/db/index.ts";
import { loadSite } from "../support/site.ts";

/**
 * Issue 38: what every page's header shows of a buyer (the cart, the order awaiting payment) is
 * kept between their pages (server/cart/cart-cache.ts). Each change that alters it shows on the
 * very next page: the buyer's own cart forms, another buyer's order taking the last units, an
 * admin's price, an order placed or cancelled. Every change here goes through the site as a
 * browser or an admin sends it, so that the site's own caches hear of it.
 */

process.env.SHARED_PAGE_MS = process.env.TEST_SHARED_PAGE_MS ?? "60000";

let site: { app: Hono; close: () => Promise<void>; module: <T>(path: string) => Promise<T> };
let ip = 0;
const nextAddress = () => fromAddress(`203.0.113.${(ip++ % 200) + 1}`);

type HeaderCart = {
  count: number;
  totalCents: number;
  orderable: boolean;
  lines: { itemId: string; quantity: number; state: string }[];
  awaitingPayment: { id: string } | null;
};

/** The cart the page's header was rendered with, as the browser receives it. */
async function headerCart(cookie: string, path = "/store"): Promise<HeaderCart> {
  const response = await site.app.request(`${ORIGIN}${path}`, { headers: { cookie } }, nextAddress());
  expect(response.status).toBe(200);
  const html = await response.text();
  const data = /id="personal-data">([^<]*)<\/script>/.exec(html)?.[1];
  expect(data, "a shared page with the buyer's part spliced in").toBeTruthy();
  return (JSON.parse(data!) as { cart: HeaderCart }).cart;
}

async function cartForm(cookie: string, fields: Record<string, string>): Promise<Response> {
  const response = await site.app.request(
    `${ORIGIN}/cart`,
    {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    },
    nextAddress(),
  );
  expect(response.status).toBeLessThan(400);
  return response;
}

async function api(path: string, user: TestUser, body: unknown = {}): Promise<Response> {
  return site.app.request(
    `${ORIGIN}${path}`,
    {
      method: "POST",
      headers: { cookie: user.cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify(body),
    },
    nextAddress(),
  );
}

/** POST /api/orders (a pickup) as a buyer whose e-mail address is verified. */
async function placeOrder(buyer: TestUser, lines: { itemId: string; quantity: number }[]) {
  const db = await getDb();
  await db.update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, buyer.id));
  const response = await api("/api/orders", buyer, { lines, delivery: { method: "pickup" } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { order: { id: string } }).order;
}

beforeAll(async () => {
  site = await loadSite();
  await seedItems([
    { id: "kept-lamp", stock: 10, priceCents: 2500 },
    { id: "kept-last-two", stock: 2, priceCents: 1800 },
    { id: "kept-vase", stock: 10, priceCents: 4000 },
  ]);
}, 60_000);
afterAll(() => site.close());

describe("a buyer's cart, kept between pages, is never behind", () => {
  it("follows each of the buyer's own cart forms on the next page", async () => {
    const buyer = await signUpUser();
    expect((await headerCart(buyer.cookie)).count).toBe(0);
    expect((await headerCart(buyer.cookie, "/about")).count).toBe(0);
    await cartForm(buyer.cookie, { intent: "add", itemId: "kept-lamp", quantity: "2" });
    expect((await headerCart(buyer.cookie)).count).toBe(2);
    await cartForm(buyer.cookie, { intent: "increment", itemId: "kept-lamp" });
    expect(await headerCart(buyer.cookie, "/fr/store")).toMatchObject({ count: 3, totalCents: 7500 });
    await cartForm(buyer.cookie, { intent: "remove", itemId: "kept-lamp" });
    expect((await headerCart(buyer.cookie)).count).toBe(0);
  });

  it("shows another buyer's order on the last units at once, and their cancellation", async () => {
    const alice = await signUpUser();
    const bob = await signUpUser();
    await cartForm(alice.cookie, { intent: "add", itemId: "kept-last-two", quantity: "2" });
    expect((await headerCart(alice.cookie)).lines[0]).toMatchObject({ itemId: "kept-last-two", state: "ok" });

    const placed = await placeOrder(bob, [{ itemId: "kept-last-two", quantity: 2 }]);
    const held = await headerCart(alice.cookie);
    expect(held.lines[0]).toMatchObject({ itemId: "kept-last-two", state: "held" });
    expect(held.orderable).toBe(false);

    expect((await api(`/api/orders/${placed.id}/cancel`, bob)).status).toBe(200);
    expect(await headerCart(alice.cookie)).toMatchObject({ orderable: true, lines: [{ state: "ok" }] });
  });

  it("shows an admin's new price on the next page", async () => {
    const admin = await signUpUser("admin");
    const buyer = await signUpUser();
    await cartForm(buyer.cookie, { intent: "add", itemId: "kept-vase", quantity: "1" });
    expect((await headerCart(buyer.cookie)).totalCents).toBe(4000);
    const read = await site.app.request(
      `${ORIGIN}/api/admin/items/kept-vase`,
      { headers: { cookie: admin.cookie } },
      nextAddress(),
    );
    const { item } = (await read.json()) as { item: { version: number } };
    const changed = await api("/api/update-inventory", admin, {
      itemId: "kept-vase",
      version: item.version,
      updates: { price: "45.00" },
    });
    expect(changed.status).toBe(200);
    expect((await headerCart(buyer.cookie)).totalCents).toBe(4500);
  });

  it("says an order awaits payment from the page after it is placed, until it is cancelled", async () => {
    const buyer = await signUpUser();
    await cartForm(buyer.cookie, { intent: "add", itemId: "kept-lamp", quantity: "1" });
    expect((await headerCart(buyer.cookie)).awaitingPayment).toBeNull();
    const placed = await placeOrder(buyer, [{ itemId: "kept-lamp", quantity: 1 }]);
    expect((await headerCart(buyer.cookie)).awaitingPayment?.id).toBe(placed.id);
    expect((await api(`/api/orders/${placed.id}/cancel`, buyer)).status).toBe(200);
    expect((await headerCart(buyer.cookie)).awaitingPayment).toBeNull();
  });

  it("says so for an order of custom prints alone too (no stock moves)", async () => {
    const buyer = await signUpUser();
    const quote = await pricedQuote({ userId: buyer.id }, { quantity: 1 });
    expect((await headerCart(buyer.cookie)).awaitingPayment).toBeNull();
    await cartForm(buyer.cookie, { intent: "add-quote", quoteId: quote.id });
    expect((await headerCart(buyer.cookie)).count).toBe(1);
    // As the checkout places it, through the site's own modules (whose caches must hear of it).
    const { placeOrderFromCart } = await site.module<typeof import("../../server/orders/place-from-cart.ts")>(
      "./server/orders/place-from-cart.ts",
    );
    const placed = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } });
    expect((await headerCart(buyer.cookie)).awaitingPayment?.id).toBe(placed.id);
    // Its page lists the part from the order's lines (not in production until paid).
    const orderPage = await site.app.request(
      `${ORIGIN}/orders/${placed.id}`,
      { headers: { cookie: buyer.cookie } },
      nextAddress(),
    );
    const html = await orderPage.text();
    expect(html.match(/data-testid="custom-part"/g)).toHaveLength(1);
    expect(html).toContain("bracket.stl");
  });
});
