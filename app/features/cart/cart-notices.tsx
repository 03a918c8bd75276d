import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { useServerCart } from "./cart-contents";
import { useMoney } from "./use-money";

/**
 * What the server changed in the cart since the buyer last saw it (after log-in merges a browser's
 * cart, or when stock ran low): shown once, on whatever page comes next.
 */
export function CartNotices() {
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
