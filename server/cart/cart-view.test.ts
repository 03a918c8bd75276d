import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUpUser } from "../../tests/support/api.ts";
import { pricedQuote } from "../../tests/support/production.ts";
import { seedItems } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";
import { placeOrderFromCart } from "../orders/place-from-cart.ts";
import type { QuoteOwner } from "../quotes/owner.ts";
import { addItem, addQuote, readCart, tidyCart } from "./cart.ts";

/** Issue 34, B10: the cart view (read by every page) never writes; the writes and the sweeps do. */

const PICKUP = { method: "pickup" } as const;

async function storedLines(userId: string) {
  const db = await getDb();
  const [cart] = await db.select().from(tables.carts).where(eq(tables.carts.userId, userId));
  const rows = await db.select().from(tables.cartLines).where(eq(tables.cartLines.cartId, cart!.id));
  return rows.map((row) => [row.itemId ?? row.quoteId, row.quantity]).sort();
}

async function quoteRow(id: string) {
  const [row] = await (await getDb()).select().from(tables.quotes).where(eq(tables.quotes.id, id));
  return row!;
}

const ownerOf = (userId: string): QuoteOwner => ({
  user: { id: userId, email: "x@example.test", role: "user" } as QuoteOwner["user"],
  browserHash: null,
});

const pastHold = async (quoteId: string) =>
  (await getDb())
    .update(tables.quotes)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(tables.quotes.id, quoteId));

describe("reading the cart writes nothing (B10)", () => {
  it("keeps a placed, unpaid order's custom print in the cart once its quote's hold has passed", async () => {
    const buyer = await signUpUser();
    const quote = await pricedQuote({ userId: buyer.id });
    await addQuote({ userId: buyer.id }, ownerOf(buyer.id), quote.id);
    const order = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: PICKUP });
    await pastHold(quote.id);

    const view = await readCart({ userId: buyer.id });
    expect(view.notices).toEqual([]);
    expect(view.customLines.map((line) => [line.quoteId, line.lineTotalCents])).toEqual([
      [quote.id, quote.todaysTotal],
    ]);
    expect(await storedLines(buyer.id)).toEqual([[quote.id, 2]]);
    // The same cart resumes the same order, still payable.
    expect((await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: PICKUP })).id).toBe(order.id);
  });

  it("shows hidden items and lowered quantities as notices on every read, and a cart write applies them", async () => {
    await seedItems([
      { id: "v-low", stock: 4, priceCents: 100 },
      { id: "v-hide", stock: 4, priceCents: 100 },
    ]);
    const buyer = await signUpUser();
    await addItem({ userId: buyer.id }, "v-low", 4);
    await addItem({ userId: buyer.id }, "v-hide", 1);
    const db = await getDb();
    await db.update(tables.inventoryItems).set({ stock: 2 }).where(eq(tables.inventoryItems.id, "v-low"));
    await db.update(tables.inventoryItems).set({ isVisible: false }).where(eq(tables.inventoryItems.id, "v-hide"));

    for (const read of [1, 2]) {
      const view = await readCart({ userId: buyer.id });
      expect(view.notices, `read ${read}`).toHaveLength(2);
      expect(view.notices.map((n) => [n.kind, n.itemId])).toEqual([
        ["reduced", "v-low"],
        ["removed", "v-hide"],
      ]);
      expect(view.lines).toMatchObject([{ itemId: "v-low", quantity: 2 }]);
      expect(view.count).toBe(2);
    }
    expect(await storedLines(buyer.id)).toEqual([
      ["v-hide", 1],
      ["v-low", 4],
    ]);

    await tidyCart({ userId: buyer.id });
    expect(await storedLines(buyer.id)).toEqual([["v-low", 2]]);
    expect((await readCart({ userId: buyer.id })).notices).toEqual([]);
  });

  it("never re-prices a quote past its hold when read; the cart's update does, at today's terms", async () => {
    const buyer = await signUpUser();
    const quote = await pricedQuote({ userId: buyer.id }, { totalCents: 1 });
    await addQuote({ userId: buyer.id }, ownerOf(buyer.id), quote.id);
    await pastHold(quote.id);
    const before = await quoteRow(quote.id);
    const jobs = async () => (await (await getDb()).select().from(tables.jobs)).length;
    const jobsBefore = await jobs();

    const view = await readCart({ userId: buyer.id });
    expect(view.notices).toEqual([expect.objectContaining({ kind: "expired", itemId: quote.id })]);
    expect(view.orderable).toBe(false);
    expect(await quoteRow(quote.id)).toEqual(before);
    expect(await jobs()).toBe(jobsBefore);

    const changes = await tidyCart({ userId: buyer.id });
    expect(changes).toEqual([expect.objectContaining({ kind: "repriced", totalCents: quote.todaysTotal })]);
    const after = await readCart({ userId: buyer.id });
    expect(after.notices).toEqual([]);
    expect(after.customLines[0]!.lineTotalCents).toBe(quote.todaysTotal);
  });
});
