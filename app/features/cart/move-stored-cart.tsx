import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { CartFormResult } from "../../../domain/cart.ts";
import { MAX_IMPORT_LENGTH, STORED_CART_KEY } from "../../../domain/cart-view.ts";
import { useCartAction } from "./cart-contents";

let sent = false;

function readStoredCart(): string | null {
  try {
    return window.localStorage.getItem(STORED_CART_KEY);
  } catch {
    return null; // storage refused (privacy settings): nothing to move
  }
}

/**
 * The cart used to live in this browser's localStorage. Once, after the page runs, a cart kept
 * there is posted to the server (which adds what it still can), then removed from the browser.
 */
export function MoveStoredCart() {
  const fetcher = useFetcher<CartFormResult>();
  const action = useCartAction();
  useEffect(() => {
    const stored = readStoredCart();
    if (!stored || sent) return;
    sent = true;
    void fetcher.submit({ intent: "import", lines: stored.slice(0, MAX_IMPORT_LENGTH) }, { method: "post", action });
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) window.localStorage.removeItem(STORED_CART_KEY);
  }, [fetcher.state, fetcher.data]);
  return null;
}
