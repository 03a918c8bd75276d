import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { ipOf, placeOrderCall, seedItems } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";

/** Decision 080 for JSON clients: POST /api/orders and POST /api/checkout/price take the checkout's discount code. */
let buyer: TestUser;
beforeAll(async () => {
  buyer = await signUpUser();
  await seedItems([{ id: "api-code-vase", stock: 20, priceCents: 5000 }]);
  const db = await getDb();
  await db.insert(tables.promotions).values([
    { id: "api-code-ten", name: "Ten off", kind: "percent", code: "APITEN", percentBp: 1000 },
    { id: "api-code-gone", name: "Gone", kind: "percent", code: "APIGONE", endsAt: new Date(Date.now() - 1000) },
  ]);
}, 60_000);

const lines = [{ itemId: "api-code-vase", quantity: 2 }];
type ErrorBody = { error: { code: string; reason?: string; message: string; fields?: Record<string, string> } };

const price = (body: Record<string, unknown>, locale = "en-CA") =>
  call("/api/checkout/price", {
    body: { lines, method: "pickup", ...body },
    headers: { "accept-language": locale },
    ip: ipOf(buyer),
  });

describe("POST /api/checkout/price with a discount code", () => {
  it("prices the code as typed (trimmed, any case) and says what it took off", async () => {
    const plain = (await (await price({})).json()) as { totalCents: number; discountCents: number };
    expect(plain.discountCents).toBe(0);
    const response = await price({ discountCode: "  apiten " });
    expect(response.status).toBe(200);
    const priced = (await response.json()) as { totalCents: number; discountCents: number; discountCode: string };
    expect(priced.discountCents).toBe(1000);
    expect(priced.discountCode).toBe("APITEN");
    expect(priced.totalCents).toBeLessThan(plain.totalCents);
    // An empty code is no code.
    expect(((await (await price({ discountCode: "" })).json()) as { discountCents: number }).discountCents).toBe(0);
  });

  it("refuses a code with the page's status, code and words, in the client's language", async () => {
    const unknown = await price({ discountCode: "NOPE" });
    expect(unknown.status).toBe(400);
    const body = (await unknown.json()) as ErrorBody;
    expect(body.error).toMatchObject({ code: "invalid-argument", reason: "discount.unknown" });
    expect(body.error.message).toBe("This discount code does not exist.");
    const expired = await price({ discountCode: "APIGONE" }, "fr-CA");
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as ErrorBody).error.message).toBe("Ce code de réduction a expiré.");
  });

  it("refuses a code that is not a string or is too long", async () => {
    expect((await price({ discountCode: 42 })).status).toBe(400);
    const long = await price({ discountCode: "A".repeat(101) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as ErrorBody).error.reason).toBe("discount.unknown");
  });
});

describe("POST /api/orders with a discount code", () => {
  it("places the order with the code's discount, kept on the order", async () => {
    const placed = await placeOrderCall(buyer, lines, { discountCode: " apiten" });
    expect(placed.status).toBe(201);
    const db = await getDb();
    const [order] = await db.select().from(tables.orders).where(eq(tables.orders.id, placed.body.order.id));
    expect(order!.discountCode).toBe("APITEN");
    expect(order!.discountCents).toBe(1000);
    expect(placed.body.order.totalCents).toBe(order!.totalCents);
  });

  it("refuses a refused code as the page does, and places nothing", async () => {
    const other = await signUpUser();
    const db = await getDb();
    const before = await db.select().from(tables.orders).where(eq(tables.orders.userId, other.id));
    const unknown = await placeOrderCall(other, lines, { discountCode: "NOPE" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      reason: "discount.unknown",
      message: "This discount code does not exist.",
    });
    const expired = await placeOrderCall(other, lines, { discountCode: "APIGONE", locale: "fr" });
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe("Ce code de réduction a expiré.");
    expect((await placeOrderCall(other, lines, { discountCode: ["APITEN"] })).status).toBe(400);
    expect(await db.select().from(tables.orders).where(eq(tables.orders.userId, other.id))).toEqual(before);
  });
});

describe("codes are not guessed through the API", () => {
  it("refused codes count against the client address, across both endpoints, as at checkout", async () => {
    const guesser = await signUpUser();
    const ip = ipOf(guesser);
    for (let i = 0; i < 10; i++) {
      const refused = await call("/api/checkout/price", {
        body: { lines, method: "pickup", discountCode: `GUESS${i}` },
        ip,
      });
      expect(refused.status).toBe(400);
    }
    const tooMany = await call("/api/checkout/price", {
      body: { lines, method: "pickup", discountCode: "GUESSX" },
      ip,
    });
    expect(tooMany.status).toBe(429);
    expect(((await tooMany.json()) as ErrorBody).error.message).toBe(
      "Too many codes tried. Please wait a minute and try again.",
    );
    const placing = await placeOrderCall(guesser, lines, { discountCode: "GUESSY" });
    expect(placing.status).toBe(429);
    // A good code is not a guess: it still prices.
    const good = await call("/api/checkout/price", { body: { lines, method: "pickup", discountCode: "APITEN" }, ip });
    expect(good.status).toBe(200);
  });
});
