import { describe, expect, it } from "vitest";
import { addToCart, cartCount, cartTotalCents, EMPTY_CART, refreshCart, removeFromCart, setQuantity, type CartItem } from "./cart";

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: "item-a",
  slug: "a",
  name: { en: "A", fr: "A" },
  priceCents: 1500,
  stock: 3,
  isVisible: true,
  image: "/a.svg",
  ...overrides,
});

describe("cart rules", () => {
  it("adds visible items and merges repeated adds", () => {
    const first = addToCart(EMPTY_CART, item());
    expect(first.ok).toBe(true);
    const second = addToCart(first.cart, item(), 2);
    expect(second.ok && cartCount(second.cart)).toBe(3);
    expect(cartTotalCents(second.cart)).toBe(4500);
  });

  it("refuses hidden or sold-out items", () => {
    expect(addToCart(EMPTY_CART, item({ isVisible: false }))).toMatchObject({ ok: false, error: "notAvailable" });
    expect(addToCart(EMPTY_CART, item({ stock: 0 }))).toMatchObject({ ok: false, error: "notAvailable" });
  });

  it("caps at the stock", () => {
    const full = addToCart(EMPTY_CART, item(), 3).cart;
    expect(addToCart(full, item())).toMatchObject({ ok: false, error: "maxStockReached" });
  });

  it("sets quantities from 1 to the stock only", () => {
    const cart = addToCart(EMPTY_CART, item()).cart;
    expect(setQuantity(cart, "item-a", 3).ok).toBe(true);
    for (const bad of [0, -1, 4, 1.5]) expect(setQuantity(cart, "item-a", bad)).toMatchObject({ error: "invalidQuantity" });
    expect(setQuantity(cart, "missing", 1)).toMatchObject({ error: "invalidQuantity" });
  });

  it("removes lines", () => {
    const cart = addToCart(EMPTY_CART, item()).cart;
    expect(removeFromCart(cart, "item-a").lines).toHaveLength(0);
  });

  it("refreshes prices and stock from the server and says what changed", () => {
    const cart = addToCart(addToCart(EMPTY_CART, item(), 3).cart, item({ id: "item-b" })).cart;
    const current = new Map([
      ["item-a", item({ stock: 2, priceCents: 1700 })],
      ["item-b", item({ id: "item-b", isVisible: false })],
    ]);
    const { cart: fresh, changes } = refreshCart(cart, current);
    expect(fresh.lines).toEqual([{ ...item({ stock: 2, priceCents: 1700 }), quantity: 2 }]);
    expect(changes).toEqual([
      { itemId: "item-a", kind: "priceChanged" },
      { itemId: "item-a", kind: "quantityReduced" },
      { itemId: "item-b", kind: "unavailable" },
    ]);
  });
});
