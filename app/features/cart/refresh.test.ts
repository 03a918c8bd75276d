import { describe, expect, it } from "vitest";
import { addToCart, EMPTY_CART, type CartItem } from "~/lib/cart";
import { stockState } from "~/lib/stock";
import { applyCurrentItems } from "./refresh";

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: "a",
  slug: "a",
  name: { en: "Moose", fr: "Orignal" },
  priceCents: 2499,
  stock: 10,
  isVisible: true,
  image: "/a.svg",
  ...overrides,
});

describe("applyCurrentItems", () => {
  const cart = [item(), item({ id: "b", slug: "b", name: { en: "Vase", fr: "Vase" } }), item({ id: "c", slug: "c" })].reduce(
    (c, it) => addToCart(c, it, 5).cart,
    EMPTY_CART,
  );

  it("says what changed, with the price before and after and the stock left", () => {
    const current = new Map([
      ["a", item({ priceCents: 2999 })],
      ["b", item({ id: "b", slug: "b", name: { en: "Vase", fr: "Vase" }, stock: 2 })],
    ]);
    const result = applyCurrentItems(cart, current);
    expect(result.notices).toEqual([
      { kind: "priceChanged", itemId: "a", name: { en: "Moose", fr: "Orignal" }, before: 2499, after: 2999 },
      { kind: "quantityReduced", itemId: "b", name: { en: "Vase", fr: "Vase" }, stock: 2 },
      { kind: "unavailable", itemId: "c", name: { en: "Moose", fr: "Orignal" } },
    ]);
    expect(result.cart.lines.map((line) => [line.id, line.priceCents, line.quantity])).toEqual([
      ["a", 2999, 5],
      ["b", 2499, 2],
    ]);
  });

  it("says nothing when nothing changed", () => {
    const current = new Map(cart.lines.map((line) => [line.id, { ...line }]));
    expect(applyCurrentItems(cart, current)).toEqual({ cart, notices: [] });
  });
});

describe("stockState", () => {
  it("marks low stock under 5 and sold out at 0", () => {
    expect([0, 1, 4, 5, 40].map(stockState)).toEqual(["outOfStock", "lowStock", "lowStock", "inStock", "inStock"]);
  });
});
