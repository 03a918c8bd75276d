import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUpUser } from "../../tests/support/api.ts";
import { ipOf, orderRow, placeOrderCall, seedItems, stockOf } from "../../tests/support/shop.ts";
import { addAddress } from "../accounts/addresses.ts";
import { config } from "../config.ts";
import { getDb, tables } from "../db/index.ts";
import { placeOrder } from "./place-order.ts";
import { expireOverdueOrders } from "./expiry-sweep.ts";

describe("placing an order", () => {
  it("takes the server's prices, ignores prices and totals sent by the browser, and holds the stock", async () => {
    await seedItems([
      { id: "p-a", stock: 5, priceCents: 2500 },
      { id: "p-b", stock: 4, priceCents: 1000 },
    ]);
    const buyer = await signUpUser();
    const { status, body } = await placeOrderCall(
      buyer,
      [
        { itemId: "p-a", quantity: 2, priceCents: 1, price: 0.01 },
        { itemId: "p-b", quantity: 1, priceCents: 1 },
      ],
      { total: 3, totalCents: 3, amount: 3 },
    );
    expect(status).toBe(201);
    // 60.00 picked up at the studio in Quebec: GST 3.00 and QST 5.985 → 5.99.
    expect(body.order).toMatchObject({ totalCents: 6899, amount: 6899, currency: config.currency, status: "pending" });
    expect(await stockOf("p-a")).toBe(3);
    expect(await stockOf("p-b")).toBe(3);

    const order = await orderRow(body.order.id);
    expect(order.userId).toBe(buyer.id);
    // Held a short while until the buyer reaches the card form, then for the whole reservation.
    const minutes = (order.reservedUntil!.getTime() - order.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(config.unpaidHoldMinutes, 3);
    const paying = (await (
      await call("/api/createPaymentIntent", { cookie: buyer.cookie, body: { orderId: order.id } })
    ).json()) as { reservedUntil: string };
    const held = (new Date(paying.reservedUntil).getTime() - order.createdAt.getTime()) / 60_000;
    expect(held).toBeCloseTo(config.reservationMinutes, 3);
    expect((await orderRow(order.id)).reservedUntil!.toISOString()).toBe(paying.reservedUntil);
    const db = await getDb();
    const lines = await db.select().from(tables.orderLines).where(eq(tables.orderLines.orderId, order.id));
    expect(lines.map((l) => [l.itemId, l.unitPriceCents, l.quantity]).sort()).toEqual([
      ["p-a", 2500, 2],
      ["p-b", 1000, 1],
    ]);
    expect(lines.find((l) => l.itemId === "p-a")!.itemName).toEqual({ en: "Name of p-a", fr: "Nom de p-a" });
    const events = await db.select().from(tables.orderEvents).where(eq(tables.orderEvents.orderId, order.id));
    expect(events).toMatchObject([{ status: "pending", actorUserId: buyer.id, reason: "placed", detail: null }]);
  });

  it("refuses zero, negative, fractional and non-numeric quantities with 400 'Invalid quantity'", async () => {
    await seedItems([{ id: "q-a", stock: 5, priceCents: 100 }]);
    const buyer = await signUpUser();
    for (const quantity of [0, -1, 1.5, "2", null, 1e9]) {
      const { status, body } = await placeOrderCall(buyer, [{ itemId: "q-a", quantity }]);
      expect(status, `quantity ${quantity}`).toBe(400);
      expect(body.error).toMatchObject({ code: "invalid-argument", message: "Invalid quantity" });
    }
    expect(await stockOf("q-a")).toBe(5);
  });

  it("refuses ids no item could have (NUL bytes, control characters, huge) with a 4xx, never a 500", async () => {
    const buyer = await signUpUser();
    for (const itemId of ["\u0000", "a\u0000b", "x".repeat(101), 42]) {
      const { status } = await placeOrderCall(buyer, [{ itemId, quantity: 1 }]);
      expect(status, JSON.stringify(itemId)).toBe(400);
    }
    // A NUL anywhere in a request is refused before any handler reads it (server/http/input-guard.ts).
    expect((await call("/api/orders/a%00b", { cookie: buyer.cookie })).status).toBe(400);
    expect((await call("/api/createPaymentIntent", { cookie: buyer.cookie, body: { orderId: "\u0000" } })).status).toBe(
      400,
    );
    expect(
      (
        await call("/api/verifyPayment", {
          cookie: buyer.cookie,
          body: { paymentIntent: "pi\u0000", clientSecret: "x" },
        })
      ).status,
    ).toBe(400);
    expect((await call("/api/sandbox/payment_intents/a%00/confirm", { body: { clientSecret: "x" } })).status).toBe(400);
  });

  it("refuses an empty cart and anonymous buyers", async () => {
    const buyer = await signUpUser();
    expect((await placeOrderCall(buyer, [])).body.error.message).toBe("Your cart is empty");
    const anonymous = await call("/api/orders", { body: { lines: [{ itemId: "x", quantity: 1 }] } });
    expect(anonymous.status).toBe(401);
  });

  it("refuses more than the stock with 409, a clear message per item, and reserves nothing", async () => {
    await seedItems([
      { id: "s-a", stock: 2, priceCents: 100 },
      { id: "s-b", stock: 9, priceCents: 100 },
    ]);
    const buyer = await signUpUser();
    const { status, body } = await placeOrderCall(buyer, [
      { itemId: "s-b", quantity: 3 },
      { itemId: "s-a", quantity: 3 },
    ]);
    expect(status).toBe(409);
    expect(body.error.code).toBe("aborted");
    expect(body.error.fields).toEqual({ "s-a": "Name of s-a: Maximum available stock reached (2 left)" });
    // The line that could be reserved was rolled back with the one that could not.
    expect(await stockOf("s-b")).toBe(9);
    expect(await stockOf("s-a")).toBe(2);
    const french = await placeOrderCall(buyer, [{ itemId: "s-a", quantity: 3 }], { locale: "fr" });
    expect(french.body.error.fields["s-a"]).toBe("Nom de s-a\u00a0: Stock maximal disponible atteint (il en reste 2)");
  });

  it("refuses hidden, unknown and sold-out items as not available", async () => {
    await seedItems([
      { id: "h-hidden", stock: 5, priceCents: 100, isVisible: false },
      { id: "h-gone", stock: 0, priceCents: 100 },
    ]);
    const buyer = await signUpUser();
    const { status, body } = await placeOrderCall(buyer, [
      { itemId: "h-hidden", quantity: 1 },
      { itemId: "h-gone", quantity: 1 },
      { itemId: "h-nothing", quantity: 1 },
    ]);
    expect(status).toBe(409);
    expect(body.error.fields).toEqual({
      "h-hidden": "Name of h-hidden: This item is not available for purchase",
      "h-gone": "Name of h-gone: This item is not available for purchase",
      "h-nothing": "An item: This item is not available for purchase",
    });
    expect(await stockOf("h-hidden")).toBe(5);
  });

  it("counts two lines naming the same item together", async () => {
    await seedItems([{ id: "d-a", stock: 3, priceCents: 700 }]);
    const buyer = await signUpUser();
    const tooMany = await placeOrderCall(buyer, [
      { itemId: "d-a", quantity: 2 },
      { itemId: "d-a", quantity: 2 },
    ]);
    expect(tooMany.status).toBe(409);
    expect(await stockOf("d-a")).toBe(3);
    const ok = await placeOrderCall(buyer, [
      { itemId: "d-a", quantity: 1 },
      { itemId: "d-a", quantity: 2 },
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.order.totalCents).toBe(2100 + 105 + 209); // GST and QST of a pickup in Quebec
    expect(await stockOf("d-a")).toBe(0);
    const db = await getDb();
    const lines = await db.select().from(tables.orderLines).where(eq(tables.orderLines.orderId, ok.body.order.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(3);
  });

  it("prices the cart for the review without holding anything, and never shows hidden items", async () => {
    await seedItems([
      { id: "r-a", stock: 4, priceCents: 1500 },
      { id: "r-hidden", stock: 4, priceCents: 1500, isVisible: false },
    ]);
    const response = await call("/api/orders/quote", {
      body: {
        lines: [
          { itemId: "r-a", quantity: 5, priceCents: 1 },
          { itemId: "r-hidden", quantity: 1 },
        ],
      },
    });
    const quote = (await response.json()) as any;
    expect(quote.lines[0]).toMatchObject({ itemId: "r-a", unitPriceCents: 1500, stock: 4, available: false });
    expect(quote.lines[1]).toMatchObject({
      itemId: "r-hidden",
      available: false,
      name: { en: "", fr: "" },
      unitPriceCents: 0,
    });
    expect(await stockOf("r-a")).toBe(4);
  });
});

describe("holding stock", () => {
  it("gives the stock back when the hold expires, once, and the expired order cannot be paid", async () => {
    await seedItems([{ id: "e-a", stock: 4, priceCents: 1200 }]);
    const buyer = await signUpUser();
    const placedAt = new Date(Date.now() - (config.reservationMinutes + 1) * 60_000);
    const order = await placeOrder({
      userId: buyer.id,
      locale: "en",
      lines: [{ itemId: "e-a", quantity: 3 }],
      now: placedAt,
    });
    expect(await stockOf("e-a")).toBe(1);

    const [first, second] = await Promise.all([expireOverdueOrders(), expireOverdueOrders()]);
    expect([...first, ...second].filter((id) => id === order.id)).toHaveLength(1);
    expect(await stockOf("e-a")).toBe(4);
    expect((await orderRow(order.id)).status).toBe("expired");

    const pay = await call("/api/createPaymentIntent", { cookie: buyer.cookie, body: { orderId: order.id } });
    expect(pay.status).toBe(409);
  });

  it("does not expire an order still inside its hold", async () => {
    await seedItems([{ id: "e-b", stock: 2, priceCents: 1200 }]);
    const buyer = await signUpUser();
    const { body } = await placeOrderCall(buyer, [{ itemId: "e-b", quantity: 2 }]);
    await expireOverdueOrders();
    expect((await orderRow(body.order.id)).status).toBe("pending");
    expect(await stockOf("e-b")).toBe(0);
  });

  it("gives the stock back when the buyer cancels, and only the buyer may", async () => {
    await seedItems([{ id: "c-a", stock: 2, priceCents: 1200 }]);
    const buyer = await signUpUser();
    const stranger = await signUpUser();
    const { body } = await placeOrderCall(buyer, [{ itemId: "c-a", quantity: 2 }]);
    expect(
      (await call(`/api/orders/${body.order.id}/cancel`, { cookie: stranger.cookie, method: "POST" })).status,
    ).toBe(404);
    expect((await call(`/api/orders/${body.order.id}/cancel`, { cookie: buyer.cookie, method: "POST" })).status).toBe(
      200,
    );
    expect(await stockOf("c-a")).toBe(2);
    expect((await orderRow(body.order.id)).status).toBe("cancelled");
    expect((await call(`/api/orders/${body.order.id}/cancel`, { cookie: buyer.cookie, method: "POST" })).status).toBe(
      409,
    );
    expect(await stockOf("c-a")).toBe(2);
  });

  it("sells exactly the stock when 20 buyers order the last 3 units at once", async () => {
    await seedItems([{ id: "race-a", stock: 3, priceCents: 4900 }]);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signUpUser()));
    const results = await Promise.all(
      buyers.map((buyer) => placeOrderCall(buyer, [{ itemId: "race-a", quantity: 1 }])),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(17);
    expect(await stockOf("race-a")).toBe(0);
    const db = await getDb();
    const lines = await db.select().from(tables.orderLines).where(eq(tables.orderLines.itemId, "race-a"));
    expect(lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(3);
  });

  it("never oversells when concurrent orders of different sizes compete for 5 units", async () => {
    await seedItems([
      { id: "race-b", stock: 5, priceCents: 100 },
      { id: "race-c", stock: 5, priceCents: 100 },
    ]);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signUpUser()));
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        placeOrderCall(
          buyer,
          i % 2
            ? [
                { itemId: "race-b", quantity: 2 },
                { itemId: "race-c", quantity: 1 },
              ]
            : [
                { itemId: "race-c", quantity: 2 },
                { itemId: "race-b", quantity: 1 },
              ],
        ),
      ),
    );
    const db = await getDb();
    for (const id of ["race-b", "race-c"]) {
      const lines = await db.select().from(tables.orderLines).where(eq(tables.orderLines.itemId, id));
      const sold = lines.reduce((sum, l) => sum + l.quantity, 0);
      expect(sold).toBeLessThanOrEqual(5);
      expect(await stockOf(id)).toBe(5 - sold);
    }
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  });
});

describe("reading orders", () => {
  it("shows an order to its owner and admins only, and lists the user's orders newest first", async () => {
    await seedItems([{ id: "v-a", stock: 10, priceCents: 500 }]);
    const buyer = await signUpUser();
    const stranger = await signUpUser();
    const admin = await signUpUser("admin");
    const first = await placeOrderCall(buyer, [{ itemId: "v-a", quantity: 1 }]);
    const second = await placeOrderCall(buyer, [{ itemId: "v-a", quantity: 2 }]);
    expect((await call(`/api/orders/${first.body.order.id}`, { cookie: buyer.cookie })).status).toBe(200);
    expect((await call(`/api/orders/${first.body.order.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await call(`/api/orders/${first.body.order.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/orders/${first.body.order.id}`)).status).toBe(401);

    const { listOrdersForUser } = await import("./queries.ts");
    const mine = await listOrdersForUser(buyer.id);
    expect(mine.map((o) => o.id)).toEqual([second.body.order.id, first.body.order.id]);
    expect(mine[0]).toMatchObject({ itemCount: 2, totalCents: 1000 + 50 + 100 }); // GST 0.50, QST 0.9975 → 1.00
    expect(await listOrdersForUser(stranger.id)).toEqual([]);
  });
});

describe("POST /api/orders places through the checkout's own service", () => {
  const QUEBEC = {
    fullName: "Marie Tremblay",
    line1: "1234 rue Saint-Denis",
    city: "Montréal",
    province: "QC",
    postalCode: "h2x 3k8",
  };

  it("needs a verified e-mail address, as the checkout page does", async () => {
    await seedItems([{ id: "api-v", stock: 5, priceCents: 1000 }]);
    const buyer = await signUpUser();
    const response = await call("/api/orders", {
      cookie: buyer.cookie,
      body: { lines: [{ itemId: "api-v", quantity: 1 }], delivery: { method: "pickup" } },
      ip: ipOf(buyer),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: "permission-denied",
        message: "Please verify your email address before placing an order: open the link we sent you.",
        reason: "order.email_unverified",
      },
    });
    expect(await stockOf("api-v")).toBe(5);
  });

  it("needs a delivery choice, and checks the address with the checkout's messages in the buyer's language", async () => {
    await seedItems([{ id: "api-d", stock: 5, priceCents: 1000 }]);
    const buyer = await signUpUser();
    const lines = [{ itemId: "api-d", quantity: 1 }];
    const missing = await placeOrderCall(buyer, lines, { delivery: undefined });
    expect(missing).toMatchObject({
      status: 400,
      body: { error: { message: "Choose delivery or pickup.", fields: { method: "Choose delivery or pickup." } } },
    });
    const badPostal = await placeOrderCall(buyer, lines, {
      delivery: { method: "delivery", address: { ...QUEBEC, postalCode: "12345" } },
      locale: "fr",
    });
    expect(badPostal).toMatchObject({
      status: 400,
      body: {
        error: {
          message: "Veuillez vérifier l’adresse de livraison.",
          fields: { postalCode: "Entrez un code postal canadien, comme A1A 1A1" },
        },
      },
    });
    const abroad = await placeOrderCall(buyer, lines, {
      delivery: { method: "delivery", address: { ...QUEBEC, country: "US" } },
    });
    expect(abroad.body.error.fields).toEqual({
      country: "We ship within Canada only. For delivery elsewhere, please contact us.",
    });
    expect(await stockOf("api-d")).toBe(5);
  });

  it("a delivery to an address: the server computes shipping and taxes and keeps the address on the order", async () => {
    await seedItems([{ id: "api-s", stock: 5, priceCents: 4000 }]);
    const buyer = await signUpUser();
    const placed = await placeOrderCall(buyer, [{ itemId: "api-s", quantity: 1 }], {
      delivery: { method: "delivery", address: QUEBEC },
      total: 1,
    });
    expect(placed.status).toBe(201);
    const db = await getDb();
    const [delivery] = await db
      .select()
      .from(tables.orderDelivery)
      .where(eq(tables.orderDelivery.orderId, placed.body.order.id));
    expect(delivery).toMatchObject({
      method: "ship",
      subtotalCents: 4000,
      address: { postalCode: "H2X 3K8", province: "QC" },
    });
    expect(delivery!.shippingCents).toBeGreaterThan(0);
    const taxes = await db
      .select()
      .from(tables.orderTaxLines)
      .where(eq(tables.orderTaxLines.orderId, placed.body.order.id));
    expect(taxes.map((t) => t.code)).toEqual(["GST", "QST"]);
    expect(placed.body.order.amount).toBe(
      4000 + delivery!.shippingCents + taxes[0]!.amountCents + taxes[1]!.amountCents,
    );
  });

  it("a saved address by id: only the buyer's own", async () => {
    await seedItems([{ id: "api-a", stock: 5, priceCents: 4000 }]);
    const buyer = await signUpUser();
    const other = await signUpUser();
    const toronto = await addAddress(buyer.id, {
      fullName: "Sam Lee",
      line1: "1 King St W",
      city: "Toronto",
      province: "ON",
      postalCode: "M5H 2N2",
    });
    const theirs = await addAddress(other.id, {
      fullName: "Kim Roy",
      line1: "2 rue Principale",
      city: "Québec",
      province: "QC",
      postalCode: "G1R 4P5",
    });
    const refused = await placeOrderCall(buyer, [{ itemId: "api-a", quantity: 1 }], {
      delivery: { method: "delivery", addressId: theirs.id },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { fields: { addressId: "Choose one of your saved addresses, or enter a new one." } } },
    });
    const placed = await placeOrderCall(buyer, [{ itemId: "api-a", quantity: 1 }], {
      delivery: { method: "delivery", addressId: toronto.id },
    });
    expect(placed.status).toBe(201);
    const db = await getDb();
    const taxes = await db
      .select()
      .from(tables.orderTaxLines)
      .where(eq(tables.orderTaxLines.orderId, placed.body.order.id));
    expect(taxes.map((t) => [t.code, t.jurisdiction])).toEqual([["HST", "ON"]]);
  });
});
