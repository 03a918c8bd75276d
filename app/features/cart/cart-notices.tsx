import { useFetcher, useLocation } from "react-router";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { useFormatters } from "~/features/orders/format";
import type { CartFormResult } from "../../../domain/cart.ts";
import { useCartAction, useServerCart } from "./cart-contents";

/**
 * How the cart differs from what the buyer put in it (an item hidden or low on stock, a custom
 * print past its price hold), shown on every page until the buyer updates the cart: reading the
 * cart never changes it, the "Update my cart" form (or any other cart form) does.
 */
export function CartNotices() {
  return (
    <>
      <AwaitingPayment />
      <CartChanges />
    </>
  );
}

/**
 * A placed order keeps its lines in the cart until it is paid (if its hold lapses, nothing is
 * lost), so every page says where they are now and leads to its payment, as a shop's "finish
 * your order" banner does; the order's own pages need no reminder.
 */
function AwaitingPayment() {
  const m = useMessages("cart");
  const f = useFormatters();
  const { awaitingPayment: order } = useServerCart();
  const { pathname } = useLocation();
  if (!order) return null;
  const path = pathname.replace(/^\/fr(?=\/)/, "");
  if (path.startsWith(`/payment/${order.id}`) || path.startsWith(`/orders/${order.id}`)) return null;
  return (
    <aside
      aria-label={m.cart.awaitingPaymentLabel}
      className="mx-auto mt-4 max-w-6xl px-4"
      data-testid="awaiting-payment"
    >
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-accent/50 bg-surface px-4 py-3 text-sm">
        <p className="min-w-0 flex-1">{m.cart.awaitingPayment(order.id, f.time(order.reservedUntil))}</p>
        <LocalizedLink to={`/payment/${order.id}/${order.totalCents}`} className="btn btn-primary">
          {m.cart.payOrder}
        </LocalizedLink>
      </div>
    </aside>
  );
}

function CartChanges() {
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
