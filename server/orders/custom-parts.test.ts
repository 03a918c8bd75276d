import { randomBytes } from "node:crypto";
import { GRAMS, pricedQuote } from "../../tests/support/production.ts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { ipOf, seedItems, stockOf } from "../../tests/support/shop.ts";
import { addItem, addQuote, readCart, tidyCart, type CartOwner } from "../cart/cart.ts";
import { CART_COOKIE } from "../cart/cookie.ts";
import { mergeCartAtSignIn } from "../cart/http.ts";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { hashBrowserId, QUOTE_BROWSER_COOKIE, type QuoteOwner } from "../quotes/owner.ts";
import { placeOrderFromCart } from "./place-from-cart.ts";

function browserQuoteOwner(browserId: string): QuoteOwner {
  return { user: null, browserHash: hashBrowserId(browserId) };
}

function userQuoteOwner(user: TestUser): QuoteOwner {
  return { user: { id: user.id, email: user.email, role: "user" } as QuoteOwner["user"], browserHash: null };
}

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

async function quoteRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(tables.quotes).where(eq(tables.quotes.id, id));
  return row!;
}

const PICKUP = { method: "pickup" } as const;

/** What the order's lines came to before shipping and taxes, as the order keeps it. */
async function subtotalOf(orderId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ subtotalCents: tables.orderDelivery.subtotalCents })
    .from(tables.orderDelivery)
    .where(eq(tables.orderDelivery.orderId, orderId));
  return row!.subtotalCents;
}

describe("custom prints in the cart and in orders", () => {
  it("adds a priced quote for its owner only, with its price, quantity and details", async () => {
    const mine = randomBytes(32).toString("base64url");
    const other = randomBytes(32).toString("base64url");
    const quote = await pricedQuote({ browserId: mine }, { quantity: 3 });
    const cart: CartOwner = { token: null };

    expect(await code(addQuote(cart, browserQuoteOwner(other), quote.id))).toBe("cart.quote_unavailable");

    const added = await addQuote(cart, browserQuoteOwner(mine), quote.id);
    expect(added.added).toBe(true);
    const view = await readCart({ token: added.setCookieToken! });
    expect(view.customLines).toHaveLength(1);
    expect(view.customLines[0]).toMatchObject({
      quoteId: quote.id,
      name: "bracket.stl",
      quantity: 3,
      lineTotalCents: quote.todaysTotal,
      grams: Math.round(GRAMS * 3),
      priced: true,
    });
    expect(view.customLines[0]!.material.en.length).toBeGreaterThan(0);
    expect(view).toMatchObject({ count: 3, totalCents: quote.todaysTotal, orderable: true });

    const again = await addQuote({ token: added.setCookieToken! }, browserQuoteOwner(mine), quote.id);
    expect(again.added).toBe(false);
    expect((await readCart({ token: added.setCookieToken! })).customLines).toHaveLength(1);
  });

  it("refuses a quote without a price the buyer has seen", async () => {
    const browser = randomBytes(32).toString("base64url");
    const quote = await pricedQuote({ browserId: browser });
    const db = await getDb();
    await db
      .update(tables.quotes)
      .set({ status: "estimating", unitCents: null, totalCents: null })
      .where(eq(tables.quotes.id, quote.id));
    expect(await code(addQuote({ token: null }, browserQuoteOwner(browser), quote.id))).toBe("cart.quote_not_priced");
  });

  it("re-quotes a part past its price hold at today's prices, and says so before payment", async () => {
    const buyer = await signUpUser();
    // Its old price (1 cent) is not today's; the hold ends, then the cart is read.
    const quote = await pricedQuote({ userId: buyer.id }, { totalCents: 1 });
    await addQuote({ userId: buyer.id }, userQuoteOwner(buyer), quote.id);
    const db = await getDb();
    await db
      .update(tables.quotes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(tables.quotes.id, quote.id));

    expect((await readCart({ userId: buyer.id })).notices).toEqual([
      expect.objectContaining({ kind: "expired", itemId: quote.id }),
    ]);
    // The buyer updates the cart (a write): the new price is said in the answer and shown in the cart.
    expect(await tidyCart({ userId: buyer.id })).toEqual([
      expect.objectContaining({ kind: "repriced", quoteId: quote.id, totalCents: quote.todaysTotal }),
    ]);
    const view = await readCart({ userId: buyer.id });
    expect(view.notices).toEqual([]);
    expect(view.customLines[0]!.lineTotalCents).toBe(quote.todaysTotal);
    expect(view.totalCents).toBe(quote.todaysTotal);
    const row = await quoteRow(quote.id);
    expect(row.status).toBe("priced");
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    // Seen once, the new price can be ordered.
    const order = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: PICKUP });
    expect(await subtotalOf(order.id)).toBe(quote.todaysTotal);
  });

  it("moves a browser's quotes and its custom prints to the account at log-in", async () => {
    const browserId = randomBytes(32).toString("base64url");
    const quote = await pricedQuote({ browserId });
    const added = await addQuote({ token: null }, browserQuoteOwner(browserId), quote.id);
    const buyer = await signUpUser();
    const request = new Request("http://localhost:3000/login", {
      headers: { cookie: `${CART_COOKIE}=${added.setCookieToken}; ${QUOTE_BROWSER_COOKIE}=${browserId}` },
    });
    await mergeCartAtSignIn(request, buyer.id, new Headers());
    expect((await quoteRow(quote.id)).userId).toBe(buyer.id);
    expect((await readCart({ userId: buyer.id })).customLines.map((line) => line.quoteId)).toEqual([quote.id]);
  });

  it("orders items and a custom print at the quote's price, holds no stock for it, and paying puts it in production", async () => {
    await seedItems([{ id: "cp-item", stock: 5, priceCents: 2500 }]);
    const buyer = await signUpUser();
    const quote = await pricedQuote({ userId: buyer.id }, { quantity: 2 });
    await addItem({ userId: buyer.id }, "cp-item", 1);
    await addQuote({ userId: buyer.id }, userQuoteOwner(buyer), quote.id);

    const order = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: PICKUP });
    expect(await subtotalOf(order.id)).toBe(2500 + quote.todaysTotal);
    expect(order.totalCents).toBeGreaterThan(2500 + quote.todaysTotal); // the studio's province's taxes
    expect(await stockOf("cp-item")).toBe(4);
    const db = await getDb();
    const lines = await db.select().from(tables.orderLines).where(eq(tables.orderLines.orderId, order.id));
    const custom = lines.find((line) => line.kind === "custom_print")!;
    expect(custom).toMatchObject({
      quoteId: quote.id,
      itemId: null,
      itemSlug: "custom-print",
      unitPriceCents: quote.todaysTotal,
      quantity: 1,
    });
    expect(custom.itemName.en).toBe("Custom print: bracket.stl × 2");
    expect(lines.find((line) => line.kind === "item")).toMatchObject({ itemId: "cp-item", quantity: 1 });

    // The same cart again resumes the same order.
    expect((await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: PICKUP })).id).toBe(order.id);

    const post = async (path: string, body: unknown) =>
      (await call(path, { cookie: buyer.cookie, body, ip: ipOf(buyer) })).json() as Promise<any>;
    const intent = await post("/api/createPaymentIntent", { orderId: order.id, amount: 1 });
    await post(`/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
      clientSecret: intent.clientSecret,
      card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
    });
    const verified = await post("/api/verifyPayment", {
      paymentIntent: intent.paymentIntent,
      clientSecret: intent.clientSecret,
    });
    expect(verified).toMatchObject({ status: "succeeded" });

    const row = await quoteRow(quote.id);
    expect(row).toMatchObject({ status: "ordered", orderId: order.id, productionStatus: "queued" });
    const cart = await readCart({ userId: buyer.id });
    expect(cart.customLines).toEqual([]);
    expect(cart.lines).toEqual([]);
  });

  it("the /cart action adds a quote for its browser and refuses another browser's, in the page's language", async () => {
    const { handleCartForm } = await import("../cart/form.ts");
    const mine = randomBytes(32).toString("base64url");
    const other = randomBytes(32).toString("base64url");
    const quote = await pricedQuote({ browserId: mine });
    type Answer = { data: { ok: boolean; message: string; code?: string }; init?: { status?: number } };
    const post = (browserId: string, path: string) =>
      new Request(`http://localhost:3000${path}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "add-quote", quoteId: quote.id }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: `${QUOTE_BROWSER_COOKIE}=${browserId}`,
        },
      });
    const refused = (await handleCartForm(post(other, "/fr/cart.data"), "fr")) as unknown as Answer;
    expect(refused.init?.status).toBe(404);
    expect(refused.data).toMatchObject({
      ok: false,
      code: "cart.quote_unavailable",
      message: "Ce devis ne peut pas être ajouté au panier.",
    });
    const added = (await handleCartForm(post(mine, "/cart.data"), "en")) as unknown as Answer;
    expect(added.data).toMatchObject({ ok: true, message: "bracket.stl (custom print) was added to your cart." });
  });
});
