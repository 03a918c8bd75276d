import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUpUser } from "../../tests/support/api.ts";
import { seedItems, stockOf } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { placeOrder } from "../orders/place-order.ts";
import { placeOrderFromCart } from "../orders/place-from-cart.ts";
import {
  addItem,
  clearCart,
  deleteExpiredCarts,
  importLines,
  mergeBrowserCart,
  readCart,
  removeItem,
  setItemQuantity,
  stepItemQuantity,
  tidyCart,
  type CartOwner,
} from "./cart.ts";
import { hashCartToken } from "./cookie.ts";

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

/** A new browser's cart: the first add creates it and hands back the cookie's token. */
async function browserWith(itemId: string, quantity: number): Promise<CartOwner & { token: string }> {
  const change = await addItem({ token: null }, itemId, quantity);
  expect(change.setCookieToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { token: change.setCookieToken! };
}

describe("the server's cart rules", () => {
  it("keeps a browser's cart under the hash of its cookie's token, never the token", async () => {
    await seedItems([{ id: "c-hash", stock: 5, priceCents: 1000 }]);
    const owner = await browserWith("c-hash", 2);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(tables.carts)
      .where(eq(tables.carts.tokenHash, hashCartToken(owner.token)));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(owner.token);
    const view = await readCart(owner);
    expect(view).toMatchObject({ count: 2, totalCents: 2000, orderable: true });
    expect(await readCart({ token: "x".repeat(43) })).toMatchObject({ count: 0, lines: [] });
  });

  it("refuses hidden, sold-out and unknown items with 'This item is not available for purchase'", async () => {
    await seedItems([
      { id: "c-hidden", stock: 5, priceCents: 100, isVisible: false },
      { id: "c-none", stock: 0, priceCents: 100 },
    ]);
    expect(await code(addItem({ token: null }, "c-hidden", 1))).toBe("cart.item_unavailable");
    expect(await code(addItem({ token: null }, "c-none", 1))).toBe("cart.item_unavailable");
    expect(await code(addItem({ token: null }, "no-such-item", 1))).toBe("cart.item_unavailable");
  });

  it("refuses zero, negative, fractional, empty and huge quantities with 'Invalid quantity'", async () => {
    await seedItems([{ id: "c-q", stock: 5, priceCents: 100 }]);
    for (const quantity of [0, -1, 1.5, "", "abc", 1000, null]) {
      expect(await code(addItem({ token: null }, "c-q", quantity))).toBe("cart.invalid_quantity");
    }
    const owner = await browserWith("c-q", 1);
    expect(await code(setItemQuantity(owner, "c-q", 0))).toBe("cart.invalid_quantity");
    expect((await readCart(owner)).count).toBe(1);
  });

  it("adds what is available and says so; with nothing more to add, 'Maximum available stock reached'", async () => {
    await seedItems([{ id: "c-cap", stock: 3, priceCents: 500 }]);
    const first = await addItem({ token: null }, "c-cap", 5);
    expect(first).toMatchObject({ quantity: 3, added: 3, capped: true });
    const owner = { token: first.setCookieToken! };
    expect(await code(addItem(owner, "c-cap", 1))).toBe("cart.max_stock");
    expect(await code(stepItemQuantity(owner, "c-cap", 1))).toBe("cart.max_stock");
    // Setting above the stock sets the stock, the same rule.
    expect(await setItemQuantity(owner, "c-cap", 10)).toMatchObject({ quantity: 3, capped: true });
    expect(await stepItemQuantity(owner, "c-cap", -1)).toMatchObject({ quantity: 2, capped: false });
    expect((await readCart(owner)).lines).toMatchObject([
      { itemId: "c-cap", quantity: 2, available: 3, state: "ok", lineTotalCents: 1000 },
    ]);
    await removeItem(owner, "c-cap");
    expect((await readCart(owner)).count).toBe(0);
  });

  it("shows quantities above the stock lowered and hidden items left out, until a cart write applies it", async () => {
    await seedItems([
      { id: "c-low", stock: 4, priceCents: 100 },
      { id: "c-hide", stock: 4, priceCents: 100 },
    ]);
    const owner = await browserWith("c-low", 4);
    await addItem(owner, "c-hide", 1);
    const db = await getDb();
    await db.update(tables.inventoryItems).set({ stock: 2 }).where(eq(tables.inventoryItems.id, "c-low"));
    await db.update(tables.inventoryItems).set({ isVisible: false }).where(eq(tables.inventoryItems.id, "c-hide"));
    const view = await readCart(owner);
    expect(view.notices.map((n) => [n.kind, n.itemId])).toEqual([
      ["reduced", "c-low"],
      ["removed", "c-hide"],
    ]);
    expect(view.lines).toMatchObject([{ itemId: "c-low", quantity: 2 }]);
    expect((await readCart(owner)).notices).toHaveLength(2);
    await tidyCart(owner);
    expect((await readCart(owner)).notices).toEqual([]);
  });

  it("says a line is held by another shopper, and counts it for nothing in the total", async () => {
    await seedItems([
      { id: "c-held", stock: 1, priceCents: 900 },
      { id: "c-sold", stock: 1, priceCents: 100 },
    ]);
    const owner = await browserWith("c-held", 1);
    await addItem(owner, "c-sold", 1);
    const other = await signUpUser();
    await placeOrder({ userId: other.id, locale: "en", lines: [{ itemId: "c-held", quantity: 1 }] });
    const db = await getDb();
    await db.update(tables.inventoryItems).set({ stock: 0 }).where(eq(tables.inventoryItems.id, "c-sold"));
    const view = await readCart(owner);
    expect(view.lines).toMatchObject([
      { itemId: "c-held", state: "held", quantity: 1, lineTotalCents: 0 },
      { itemId: "c-sold", state: "soldOut", lineTotalCents: 0 },
    ]);
    expect(view).toMatchObject({ totalCents: 0, orderable: false });
  });

  it("merges a browser's cart into the user's at log-in, then deletes the browser's cart", async () => {
    await seedItems([
      { id: "c-m1", stock: 3, priceCents: 100 },
      { id: "c-m2", stock: 5, priceCents: 100 },
    ]);
    const user = await signUpUser();
    await addItem({ userId: user.id }, "c-m1", 2);
    const browser = await browserWith("c-m1", 3);
    await addItem(browser, "c-m2", 1);
    await mergeBrowserCart(browser.token, user.id);
    const view = await readCart({ userId: user.id });
    expect(view.lines.map((l) => [l.itemId, l.quantity])).toEqual([
      ["c-m1", 3],
      ["c-m2", 1],
    ]);
    expect(view.notices).toMatchObject([{ kind: "reduced", itemId: "c-m1", available: 3 }]);
    expect((await readCart(browser)).count).toBe(0);
  });

  it("moves a localStorage cart once, skipping what cannot be added", async () => {
    await seedItems([
      { id: "c-i1", stock: 2, priceCents: 100 },
      { id: "c-i2", stock: 2, priceCents: 100, isVisible: false },
    ]);
    const result = await importLines({ token: null }, [
      { itemId: "c-i1", quantity: 5 },
      { itemId: "c-i2", quantity: 1 },
    ]);
    const view = await readCart({ token: result.setCookieToken! });
    expect(view.lines.map((l) => [l.itemId, l.quantity])).toEqual([["c-i1", 2]]);
  });

  it("deletes browser carts untouched for 30 days, never a user's", async () => {
    await seedItems([{ id: "c-old", stock: 2, priceCents: 100 }]);
    const long = new Date(Date.now() - 31 * 86_400_000);
    const old = (await addItem({ token: null }, "c-old", 1, long)).setCookieToken!;
    const user = await signUpUser();
    await addItem({ userId: user.id }, "c-old", 1, long);
    const fresh = await browserWith("c-old", 1);
    expect(await deleteExpiredCarts()).toBeGreaterThanOrEqual(1);
    expect((await readCart({ token: old })).count).toBe(0);
    expect((await readCart({ userId: user.id })).count).toBe(1);
    expect((await readCart(fresh)).count).toBe(1);
    await clearCart({ userId: user.id });
    expect((await readCart({ userId: user.id })).count).toBe(0);
  });
});

describe("placing the order of the server's cart", () => {
  it("resumes the unpaid order of the same cart instead of holding the stock twice", async () => {
    await seedItems([{ id: "o-same", stock: 5, priceCents: 1000 }]);
    const buyer = await signUpUser();
    await addItem({ userId: buyer.id }, "o-same", 2);
    const first = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } });
    expect(first.resumed).toBe(false);
    expect(await stockOf("o-same")).toBe(3);
    // Back from the payment page: the cart still shows its 2 units, available to this buyer.
    expect((await readCart({ userId: buyer.id })).lines).toMatchObject([{ quantity: 2, state: "ok" }]);
    const again = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } });
    expect(again).toEqual({ id: first.id, totalCents: 2000 + 100 + 200, resumed: true }); // pickup in Quebec: GST and QST
    expect(await stockOf("o-same")).toBe(3);
  });

  it("cancels the unpaid order of a cart that changed since, releasing its hold", async () => {
    await seedItems([{ id: "o-chg", stock: 3, priceCents: 1000 }]);
    const buyer = await signUpUser();
    await addItem({ userId: buyer.id }, "o-chg", 3);
    const first = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } });
    expect(await stockOf("o-chg")).toBe(0);
    await setItemQuantity({ userId: buyer.id }, "o-chg", 1);
    const second = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } });
    expect(second.id).not.toBe(first.id);
    expect(await stockOf("o-chg")).toBe(2);
    const db = await getDb();
    const [old] = await db.select().from(tables.orders).where(eq(tables.orders.id, first.id));
    expect(old!.status).toBe("cancelled");
  });

  it("refuses an empty cart and a cart with a line that cannot be bought", async () => {
    await seedItems([{ id: "o-gone", stock: 1, priceCents: 100 }]);
    const buyer = await signUpUser();
    expect(await code(placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } }))).toBe(
      "cart.empty",
    );
    await addItem({ userId: buyer.id }, "o-gone", 1);
    const db = await getDb();
    await db.update(tables.inventoryItems).set({ stock: 0 }).where(eq(tables.inventoryItems.id, "o-gone"));
    expect(await code(placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } }))).toBe(
      "cart.has_unavailable_lines",
    );
  });
});

describe("errors with stable codes in the API", () => {
  it("answers a business refusal with its status, the spec's words and its code", async () => {
    const { call } = await import("../../tests/support/api.ts");
    const buyer = await signUpUser();
    const response = await call("/api/orders/FF-NOPE", { cookie: buyer.cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not-found", message: "Order not found", reason: "order.not_found" },
    });
  });
});

describe("the /cart route's action", () => {
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    new Request(`http://localhost:3000${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    });
  type Answer = {
    data: { ok: boolean; message: string; code?: string };
    init?: { status?: number; headers?: HeadersInit };
  };

  it("answers a fetcher with the outcome in the page's language and the new cart's cookie", async () => {
    const { handleCartForm } = await import("./form.ts");
    await seedItems([{ id: "f-one", stock: 2, priceCents: 100 }]);
    const answer = (await handleCartForm(
      post("/fr/cart.data", { intent: "add", itemId: "f-one", quantity: "5" }),
      "fr",
    )) as unknown as Answer;
    expect(answer.data).toMatchObject({ ok: true, tone: "warning" });
    expect(answer.data.message).toBe(
      "2 × Nom de f-one ajouté\u00a0: Stock maximal disponible atteint. Votre panier contient tout ce qui est disponible.",
    );
    expect(new Headers(answer.init?.headers).get("set-cookie")).toMatch(
      /^studio_cart=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/,
    );

    const bad = (await handleCartForm(
      post("/cart.data", { intent: "add", itemId: "f-one", quantity: "0" }),
      "en",
    )) as unknown as Answer;
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, code: "cart.invalid_quantity", message: "Invalid quantity" });
    const unknown = (await handleCartForm(
      post("/cart.data", { intent: "steal", itemId: "f-one" }),
      "en",
    )) as unknown as Answer;
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data.code).toBe("cart.invalid_request");
    const json = new Request("http://localhost:3000/cart.data", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(((await handleCartForm(json, "en")) as unknown as Answer).init?.status).toBe(400);
  });

  it("redirects a plain form to the cart page, with the outcome kept for one view", async () => {
    const { handleCartForm } = await import("./form.ts");
    await seedItems([{ id: "f-two", stock: 2, priceCents: 100 }]);
    const response = (await handleCartForm(
      post("/cart", { intent: "add", itemId: "f-two", quantity: "1" }),
      "en",
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cart");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("studio_cart="))).toBe(true);
    expect(cookies.some((c) => c.startsWith("studio_cart_flash="))).toBe(true);
  });
});
