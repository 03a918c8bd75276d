import { useId, useState } from "react";
import { useCart } from "~/features/cart/use-cart";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { useHydrated } from "~/features/shell/use-hydrated";
import { stockState } from "~/lib/stock";
import { toCartItem, type StoreItem } from "./to-cart-item";

type Outcome = { ok: true; text: string } | { ok: false; text: string } | undefined;

/** Quantity and "Add to cart", with the spec's messages in a live region. */
export function AddToCartForm({ item }: { item: StoreItem }) {
  const m = useMessages("cart", "store");
  const locale = useLocale();
  const { add } = useCart();
  const [quantity, setQuantity] = useState("1");
  const [outcome, setOutcome] = useState<Outcome>();
  const quantityId = useId();
  const live = useHydrated();
  const soldOut = stockState(item.stock) === "outOfStock";
  // The cart lives in the browser: until the page runs, a click would only reload the page.
  const disabled = soldOut || !live;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const wanted = quantity.trim() === "" ? Number.NaN : Number(quantity);
    const result = add(toCartItem(item), wanted);
    setOutcome(
      result.ok
        ? { ok: true, text: m.store.added(item.names[locale] || item.name, wanted) }
        : { ok: false, text: m.cart.errors[result.error] },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="mt-6">
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
            value={quantity}
            disabled={disabled}
            onChange={(event) => setQuantity(event.target.value)}
            className="field-input w-24"
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={disabled}>
          {m.store.addToCart}
        </button>
      </div>
      <p role="status" aria-live="polite" className="mt-3 min-h-6 text-sm">
        {outcome && <span className={outcome.ok ? "font-semibold text-success" : "font-semibold text-danger"}>{outcome.text}</span>}
      </p>
    </form>
  );
}
