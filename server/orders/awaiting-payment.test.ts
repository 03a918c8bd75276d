import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUpUser } from "../../tests/support/api.ts";
import { placeOrderCall, seedItems } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";
import { orderAwaitingPayment } from "./awaiting-payment.ts";

describe("the order a buyer's cart items sit in", () => {
  it("is the buyer's unpaid order whose hold runs, and nothing once it lapses or for anyone else", async () => {
    await seedItems([{ id: "awaited-item", stock: 5, priceCents: 1500 }]);
    const buyer = await signUpUser("user");
    const other = await signUpUser("user");
    expect(await orderAwaitingPayment(buyer.id)).toBeNull();
    const placed = await placeOrderCall(buyer, [{ itemId: "awaited-item", quantity: 2 }]);
    expect(placed.status).toBe(201);
    const order = placed.body.order as { id: string; totalCents: number };

    const awaited = await orderAwaitingPayment(buyer.id);
    expect(awaited).toMatchObject({ id: order.id, totalCents: order.totalCents });
    expect(await orderAwaitingPayment(other.id)).toBeNull();
    expect(await orderAwaitingPayment(buyer.id, new Date(Date.parse(awaited!.reservedUntil) + 1000))).toBeNull();

    const db = await getDb();
    await db.update(tables.orders).set({ status: "paid" }).where(eq(tables.orders.id, order.id));
    expect(await orderAwaitingPayment(buyer.id)).toBeNull();
  });
});
