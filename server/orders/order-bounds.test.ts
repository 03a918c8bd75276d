import { beforeAll, describe, expect, it } from "vitest";
import { call, signUpUser } from "../../tests/support/api.ts";
import { ipOf, placeOrderCall, seedItems, stockOf } from "../../tests/support/shop.ts";

/**
 * Issue 50, finding 5: an order whose total would not fit the money columns answered 500. An order
 * past the shop's largest total (ORDER_MAX_TOTAL_CENTS) is refused with a 4xx in the buyer's
 * language, and nothing is held.
 */
beforeAll(() =>
  seedItems([
    { id: "bound-a", stock: 5_000, priceCents: 999_999 },
    { id: "bound-b", stock: 5_000, priceCents: 999_999 },
    { id: "bound-c", stock: 5_000, priceCents: 999_999 },
  ]),
);

describe("the largest order the shop takes", () => {
  it("refuses an order over the bound (beyond 2³¹ cents here) with a 400, holding nothing", async () => {
    const buyer = await signUpUser();
    const lines = ["bound-a", "bound-b", "bound-c"].map((itemId) => ({ itemId, quantity: 999 }));
    const placed = await placeOrderCall(buyer, lines);
    expect(placed.status).toBe(400);
    expect(placed.body.error.message).toBe(
      "This order is over the largest the shop takes online. Please split it into smaller orders, or contact the studio.",
    );
    for (const itemId of ["bound-a", "bound-b", "bound-c"]) expect(await stockOf(itemId)).toBe(5_000);
  });

  it("says so in French to a French client, and still takes an order inside the bound", async () => {
    const buyer = await signUpUser();
    const fine = await placeOrderCall(buyer, [{ itemId: "bound-a", quantity: 2 }]);
    expect(fine.status).toBe(201);
    const refused = await call("/api/orders", {
      cookie: buyer.cookie,
      body: { lines: [{ itemId: "bound-b", quantity: 3 }], delivery: { method: "pickup" }, locale: "fr" },
      ip: ipOf(buyer),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^Cette commande dépasse/);
    expect(await stockOf("bound-b")).toBe(5_000);
  });
});
