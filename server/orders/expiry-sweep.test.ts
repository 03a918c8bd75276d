import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUpUser } from "../../tests/support/api.ts";
import { ipOf, orderRow, placeOrderCall, seedItems } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";
import { expireOverdueOrders, startOrderExpiry, stopOrderExpiry } from "./expiry-sweep.ts";

async function lapse(orderId: string) {
  const db = await getDb();
  await db
    .update(tables.orders)
    .set({ reservedUntil: new Date(Date.now() - 1_000) })
    .where(eq(tables.orders.id, orderId));
}

describe("the hold-expiry sweep", () => {
  it("does not run inside a buyer's request: placing an order or paying leaves another buyer's lapsed hold to the timer", async () => {
    await seedItems([{ id: "sw-a", stock: 5, priceCents: 1000 }]);
    const late = await signUpUser();
    const other = await signUpUser();
    const lapsed = (await placeOrderCall(late, [{ itemId: "sw-a", quantity: 1 }])).body.order.id as string;
    await lapse(lapsed);

    const placed = await placeOrderCall(other, [{ itemId: "sw-a", quantity: 1 }]);
    expect(placed.status).toBe(201);
    const intent = await call("/api/createPaymentIntent", {
      cookie: other.cookie,
      body: { orderId: placed.body.order.id },
      ip: ipOf(other),
    });
    expect(intent.status).toBe(200);
    expect((await orderRow(lapsed)).status).toBe("pending");

    // The late buyer's own order already counts as expired: it cannot be paid any more.
    const latePay = await call("/api/createPaymentIntent", {
      cookie: late.cookie,
      body: { orderId: lapsed },
      ip: ipOf(late),
    });
    expect(latePay.status).toBe(409);
    expect((await latePay.json()).error.message).toBe(
      "This order has expired or was cancelled. Please place your order again.",
    );
  });

  it("runs on its timer and expires a lapsed order once, however many sweeps overlap", async () => {
    await seedItems([{ id: "sw-b", stock: 5, priceCents: 1000 }]);
    const buyer = await signUpUser();
    const orderId = (await placeOrderCall(buyer, [{ itemId: "sw-b", quantity: 2 }])).body.order.id as string;
    await lapse(orderId);

    startOrderExpiry(50);
    try {
      const sweeps = await Promise.all([expireOverdueOrders(), expireOverdueOrders(), expireOverdueOrders()]);
      for (let i = 0; i < 40 && (await orderRow(orderId)).status === "pending"; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(sweeps.flat().filter((id) => id === orderId).length).toBeLessThanOrEqual(1);
    } finally {
      await stopOrderExpiry();
    }
    expect((await orderRow(orderId)).status).toBe("expired");
    const db = await getDb();
    const events = await db.select().from(tables.orderEvents).where(eq(tables.orderEvents.orderId, orderId));
    expect(events.filter((e) => e.status === "expired")).toHaveLength(1);
  });
});
