import { useSyncExternalStore } from "react";
import {
  addToCart,
  EMPTY_CART,
  removeFromCart,
  setQuantity,
  type Cart,
  type CartItem,
  type CartResult,
} from "~/lib/cart";

/** The cart lives in this browser (localStorage), shared by every tab, and survives reloads. */
const STORAGE_KEY = "studio-cart";
const listeners = new Set<() => void>();
let cached: { raw: string | null; cart: Cart } = { raw: null, cart: EMPTY_CART };

function read(): Cart {
  const raw = window.localStorage.getItem(STORAGE_KEY);
  if (raw !== cached.raw) {
    try {
      const parsed = raw ? (JSON.parse(raw) as Cart) : EMPTY_CART;
      cached = { raw, cart: Array.isArray(parsed.lines) ? parsed : EMPTY_CART };
    } catch {
      cached = { raw, cart: EMPTY_CART };
    }
  }
  return cached.cart;
}

export function writeCart(cart: Cart): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cart));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function apply(result: CartResult): CartResult {
  if (result.ok) writeCart(result.cart);
  return result;
}

export function useCart() {
  const cart = useSyncExternalStore(subscribe, read, () => EMPTY_CART);
  return {
    cart,
    add: (item: CartItem, quantity = 1) => apply(addToCart(read(), item, quantity)),
    setQuantity: (itemId: string, quantity: number) => apply(setQuantity(read(), itemId, quantity)),
    remove: (itemId: string) => writeCart(removeFromCart(read(), itemId)),
    clear: () => writeCart(EMPTY_CART),
    replace: writeCart,
  };
}
