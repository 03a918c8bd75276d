import type { CartItem } from "~/lib/cart";
import type { StoreItem } from "../../../server/catalogue/catalogue.ts";

export type { StoreItem, StoreCategory, ItemList } from "../../../server/catalogue/catalogue.ts";

/** A visible item as the cart keeps it (both names, so the cart follows the page's language). */
export function toCartItem(item: StoreItem): CartItem {
  return {
    id: item.id,
    slug: item.slug,
    name: item.names,
    priceCents: item.priceCents,
    stock: item.stock,
    isVisible: true,
    image: item.images.main,
  };
}
