import { useFetcher } from "react-router";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import type { CartFormResult } from "../../../domain/cart.ts";
import { useCartAction, useServerCart } from "./cart-contents";

/**
 * How the cart differs from what the buyer put in it (an item hidden or low on stock, a custom
 * print past its price hold), shown on every page until the buyer updates the cart: reading the
 * cart never changes it, the "Update my cart" form (or any other cart form) does.
 */
export function CartNotices() {
  const m = useMessages("cart");
  const locale = useLocale();
  const { notices } = useServerCart();
  const action = useCartAction();
  const updating = useFetcher<CartFormResult>();
  if (notices.length === 0) return null;
  return (
    <div role="status" className="mx-auto mt-4 max-w-6xl px-4">
      <div className="rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm">
        <p className="font-semibold">{m.cart.changesTitle}</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {notices.map((notice) => {
            const name = notice.name?.[locale] || notice.name?.en || m.cart.anItem;
            return (
              <li key={`${notice.kind}-${notice.itemId}`}>
                {notice.kind === "reduced"
                  ? m.cart.noticeReduced(name, notice.available)
                  : notice.kind === "expired"
                    ? m.cart.noticeExpired(name)
                    : m.cart.noticeRemoved(name)}
              </li>
            );
          })}
        </ul>
        <updating.Form method="post" action={action} className="mt-2">
          <input type="hidden" name="intent" value="update" />
          <button type="submit" className="btn btn-secondary">
            {m.cart.updateCart}
          </button>
        </updating.Form>
      </div>
    </div>
  );
}
