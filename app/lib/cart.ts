/** The cart's rules, the same in the browser and on the server. */

export type CartItem = {
  id: string;
  slug: string;
  name: { en: string; fr: string };
  priceCents: number;
  stock: number;
  isVisible: boolean;
  image: string;
};
export type CartLine = CartItem & { quantity: number };
export type Cart = { lines: CartLine[] };

export type CartError = "notAvailable" | "maxStockReached" | "invalidQuantity";
export type CartResult = { ok: true; cart: Cart } | { ok: false; error: CartError; cart: Cart };

/** The spec's words for each cart error, in English; the catalogues translate them. */
export const CART_ERROR_MESSAGES: Record<CartError, string> = {
  notAvailable: "This item is not available for purchase",
  maxStockReached: "Maximum available stock reached",
  invalidQuantity: "Invalid quantity",
};

export const EMPTY_CART: Cart = { lines: [] };

export function addToCart(cart: Cart, item: CartItem, quantity = 1): CartResult {
  if (!item.isVisible || item.stock <= 0) return { ok: false, error: "notAvailable", cart };
  if (!Number.isInteger(quantity) || quantity <= 0) return { ok: false, error: "invalidQuantity", cart };
  const existing = cart.lines.find((line) => line.id === item.id);
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > item.stock) return { ok: false, error: "maxStockReached", cart };
  const lines = existing
    ? cart.lines.map((line) => (line.id === item.id ? { ...item, quantity: wanted } : line))
    : [...cart.lines, { ...item, quantity }];
  return { ok: true, cart: { lines } };
}

export function setQuantity(cart: Cart, itemId: string, quantity: number): CartResult {
  const line = cart.lines.find((l) => l.id === itemId);
  if (!line || !Number.isInteger(quantity) || quantity <= 0 || quantity > line.stock) {
    return { ok: false, error: "invalidQuantity", cart };
  }
  return { ok: true, cart: { lines: cart.lines.map((l) => (l.id === itemId ? { ...l, quantity } : l)) } };
}

export function removeFromCart(cart: Cart, itemId: string): Cart {
  return { lines: cart.lines.filter((line) => line.id !== itemId) };
}

export function cartCount(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** For display only: the server computes the amount charged from its own prices. */
export function cartTotalCents(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
}

export type CartChange = { itemId: string; kind: "priceChanged" | "quantityReduced" | "unavailable" };

/**
 * Brings the cart in line with the server's current items: new prices, quantities capped at the
 * stock, lines whose item is gone, hidden or sold out removed. Says what changed.
 */
export function refreshCart(cart: Cart, current: Map<string, CartItem>): { cart: Cart; changes: CartChange[] } {
  const changes: CartChange[] = [];
  const lines: CartLine[] = [];
  for (const line of cart.lines) {
    const item = current.get(line.id);
    if (!item || !item.isVisible || item.stock <= 0) {
      changes.push({ itemId: line.id, kind: "unavailable" });
      continue;
    }
    if (item.priceCents !== line.priceCents) changes.push({ itemId: line.id, kind: "priceChanged" });
    const quantity = Math.min(line.quantity, item.stock);
    if (quantity < line.quantity) changes.push({ itemId: line.id, kind: "quantityReduced" });
    lines.push({ ...item, quantity });
  }
  return { cart: { lines }, changes };
}
