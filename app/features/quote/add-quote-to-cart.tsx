import { useFetcher } from "react-router";
import { CartOutcome, useCartAction, useServerCart } from "~/features/cart/cart-contents";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import type { CartFormResult } from "../../../domain/cart.ts";

/** "Add to cart" for a priced quote: a plain form to the /cart action, sent by a fetcher when the page runs. */
export function AddQuoteToCart({ quoteId }: { quoteId: string }) {
  const m = useMessages("cart", "quote");
  const fetcher = useFetcher<CartFormResult>();
  const action = useCartAction();
  const inCart = useServerCart().customLines.some((line) => line.quoteId === quoteId);
  if (inCart)
    return (
      <p role="status" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        {fetcher.data ? <CartOutcome result={fetcher.data} /> : <span className="font-semibold">{m.quote.inCart}</span>}
        <LocalizedLink to="/cart" className="font-semibold text-accent underline">
          {m.quote.viewCart}
        </LocalizedLink>
      </p>
    );
  return (
    <fetcher.Form method="post" action={action} className="mt-3 flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="add-quote" />
      <input type="hidden" name="quoteId" value={quoteId} />
      <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
        {m.cart.addToCart}
      </button>
      <span role="status" aria-live="polite" className="text-sm">
        <CartOutcome result={fetcher.data} />
      </span>
    </fetcher.Form>
  );
}
