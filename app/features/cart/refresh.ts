import { refreshCart, type Cart, type CartChange, type CartItem, type CartLine } from "~/lib/cart";
import type { ItemAvailability } from "../../../server/catalogue/catalogue.ts";

/** Asks the server for the current price, stock and visibility of the cart's items. */
export async function fetchCurrentItems(ids: string[], signal?: AbortSignal): Promise<Map<string, CartItem>> {
  const response = await fetch(`/api/catalogue/items/by-ids?ids=${ids.map(encodeURIComponent).join(",")}`, {
    signal,
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`by-ids answered ${response.status}`);
  const body = (await response.json()) as { items: ItemAvailability[] };
  const current = new Map<string, CartItem>();
  for (const item of body.items) {
    if (!item.available) continue;
    current.set(item.id, {
      id: item.id,
      slug: item.slug,
      name: item.names,
      priceCents: item.priceCents,
      stock: item.stock,
      isVisible: true,
      image: item.image,
    });
  }
  return current;
}

/** What changed in one line, with what the visitor saw before and sees now. */
export type CartNotice =
  | { kind: "priceChanged"; itemId: string; name: CartLine["name"]; before: number; after: number }
  | { kind: "quantityReduced"; itemId: string; name: CartLine["name"]; stock: number }
  | { kind: "unavailable"; itemId: string; name: CartLine["name"] };

/** Applies the server's items to the cart (the shared rules of app/lib/cart.ts) and describes each change. */
export function applyCurrentItems(cart: Cart, current: Map<string, CartItem>): { cart: Cart; notices: CartNotice[] } {
  const refreshed = refreshCart(cart, current);
  const before = new Map(cart.lines.map((line) => [line.id, line]));
  const notices = refreshed.changes.map((change: CartChange): CartNotice => {
    const old = before.get(change.itemId)!;
    const now = current.get(change.itemId);
    switch (change.kind) {
      case "priceChanged":
        return { kind: change.kind, itemId: old.id, name: old.name, before: old.priceCents, after: now!.priceCents };
      case "quantityReduced":
        return { kind: change.kind, itemId: old.id, name: old.name, stock: now!.stock };
      default:
        return { kind: "unavailable", itemId: old.id, name: old.name };
    }
  });
  return { cart: refreshed.cart, notices };
}
