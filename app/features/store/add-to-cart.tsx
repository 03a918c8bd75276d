import { useId } from "react";
import { useFetcher } from "react-router";
import { CartOutcome, useCartAction } from "~/features/cart/cart-contents";
import { useMessages } from "~/features/i18n/use-locale";
import type { CartFormResult } from "../../../domain/cart.ts";
import { stockState } from "../../../domain/stock.ts";
import type { StoreItem } from "../../../domain/catalogue-types.ts";

/**
 * Quantity and "Add to cart": a form posting to the /cart action (without JavaScript the buyer
 * lands on the cart page with the outcome; with it, the page stays and the outcome shows here).
 */
export function AddToCartForm({ item }: { item: StoreItem }) {
  const m = useMessages("cart", "store");
  const fetcher = useFetcher<CartFormResult>();
  const action = useCartAction();
  const quantityId = useId();
  const soldOut = stockState(item.stock) === "outOfStock";

  return (
    <fetcher.Form method="post" action={action} noValidate className="mt-6">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="itemId" value={item.id} />
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={quantityId} className="field-label">
            {m.store.quantity}
          </label>
          <input
            id={quantityId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, item.stock)}
            step={1}
            defaultValue="1"
            disabled={soldOut}
            className="field-input w-24"
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={soldOut}>
          {m.store.addToCart}
        </button>
      </div>
      <p role="status" aria-live="polite" className="mt-3 min-h-6 text-sm">
        <CartOutcome result={fetcher.data} />
      </p>
    </fetcher.Form>
  );
}
