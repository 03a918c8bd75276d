import { useLocation } from "react-router";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { useFormatters } from "~/features/orders/format";
import { useServerCart } from "./cart-contents";
import { useMoney } from "./use-money";

/**
 * What the server changed in the cart since the buyer last saw it (after log-in merges a browser's
 * cart, or when stock ran low): shown once, on whatever page comes next.
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
  const money = useMoney();
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
                  : notice.kind === "repriced"
                    ? m.cart.noticeRepriced(name, money(notice.totalCents))
                    : m.cart.noticeRemoved(name)}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
