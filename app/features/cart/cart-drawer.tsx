import { useEffect, useId, useRef, useState } from "react";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { CloseIcon } from "~/features/shell/icons";
import { addToCart, cartTotalCents, type CartError, type CartLine } from "~/lib/cart";
import { MinusIcon, PlusIcon, TrashIcon } from "./icons";
import { applyCurrentItems, fetchCurrentItems, type CartNotice } from "./refresh";
import { useCart } from "./use-cart";
import { useMoney } from "./use-money";

type CheckState = "idle" | "checking" | "failed";

export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages("cart", "store");
  const locale = useLocale();
  const money = useMoney();
  const { cart, replace, clear } = useCart();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [check, setCheck] = useState<CheckState>("idle");
  const [notices, setNotices] = useState<CartNotice[]>([]);
  const [error, setError] = useState<string>("");
  const cartRef = useRef(cart);
  cartRef.current = cart;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Each time the cart is shown, bring prices, stock and availability up to date from the server.
  useEffect(() => {
    if (!open) return;
    setNotices([]);
    setError("");
    const ids = cartRef.current.lines.map((line) => line.id);
    if (ids.length === 0) return;
    const controller = new AbortController();
    setCheck("checking");
    fetchCurrentItems(ids, controller.signal)
      .then((current) => {
        const result = applyCurrentItems(cartRef.current, current);
        if (JSON.stringify(result.cart) !== JSON.stringify(cartRef.current)) replace(result.cart);
        setNotices(result.notices);
        setCheck("idle");
      })
      .catch(() => {
        if (!controller.signal.aborted) setCheck("failed");
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const noticeText = (notice: CartNotice) => {
    const name = notice.name[locale] || notice.name.en;
    if (notice.kind === "priceChanged") return m.cart.priceChanged(name, money(notice.before), money(notice.after));
    if (notice.kind === "quantityReduced") return m.cart.quantityReduced(name, notice.stock);
    return m.cart.unavailable(name);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && ref.current?.close()}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-surface p-0 text-text shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-border px-5 py-4">
          <h2 id={headingId} className="text-xl font-bold">
            {m.cart.title}
          </h2>
          <button type="button" className="icon-btn" aria-label={m.cart.close} onClick={() => ref.current?.close()}>
            <CloseIcon />
          </button>
        </div>

        <div className="flex-1 overflow-y-auto px-5 py-4">
          <div role="status" aria-live="polite" className="space-y-2">
            {check === "checking" && <p className="text-sm text-muted">{m.cart.checking}</p>}
            {check === "failed" && <p className="alert-error text-sm">{m.cart.checkFailed}</p>}
            {notices.length > 0 && (
              <div className="rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm">
                <p className="font-semibold">{m.cart.changesTitle}</p>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {notices.map((notice) => (
                    <li key={`${notice.kind}-${notice.itemId}`}>{noticeText(notice)}</li>
                  ))}
                </ul>
              </div>
            )}
            {error && <p className="alert-error text-sm">{error}</p>}
          </div>

          {cart.lines.length === 0 ? (
            <p className="mt-6 text-muted">{m.cart.empty}</p>
          ) : (
            <ul className="mt-2 divide-y divide-border">
              {cart.lines.map((line) => (
                <CartLineRow key={line.id} line={line} onError={(e) => setError(e ? m.cart.errors[e] : "")} />
              ))}
            </ul>
          )}
        </div>

        <div className="border-t border-border px-5 py-4">
          {cart.lines.length === 0 ? (
            <button type="button" className="btn btn-secondary w-full" onClick={() => ref.current?.close()}>
              {m.cart.continueShopping}
            </button>
          ) : (
            <>
              <p className="flex items-baseline justify-between text-lg font-bold">
                <span>{m.cart.total}</span>
                <span data-testid="cart-total">{money(cartTotalCents(cart))}</span>
              </p>
              <p className="mt-1 text-sm text-muted">{m.cart.totalNote}</p>
              <div className="mt-4 flex gap-3">
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => {
                    clear();
                    setNotices([]);
                    setError("");
                  }}
                >
                  {m.cart.clear}
                </button>
                <LocalizedLink to="/store/checkout" className="btn btn-primary flex-1">
                  {m.cart.checkout}
                </LocalizedLink>
              </div>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}

function CartLineRow({ line, onError }: { line: CartLine; onError: (error: CartError | undefined) => void }) {
  const m = useMessages("cart", "store");
  const locale = useLocale();
  const money = useMoney();
  const { setQuantity, remove, replace, cart } = useCart();
  const name = line.name[locale] || line.name.en;
  const [draft, setDraft] = useState(String(line.quantity));
  const inputId = useId();
  useEffect(() => setDraft(String(line.quantity)), [line.quantity]);

  const change = (value: string) => {
    setDraft(value);
    if (value.trim() === "") return;
    const result = setQuantity(line.id, Number(value));
    onError(result.ok ? undefined : result.error);
  };
  const step = (delta: 1 | -1) => {
    if (delta === 1) {
      // Adding one more is "add to cart": past the stock it says so in the spec's words.
      const result = addToCart(cart, line, 1);
      if (result.ok) replace(result.cart);
      onError(result.ok ? undefined : result.error);
    } else {
      const result = setQuantity(line.id, line.quantity - 1);
      onError(result.ok ? undefined : result.error);
    }
  };

  return (
    <li className="flex gap-4 py-4">
      <img src={line.image} alt="" width={96} height={72} className="h-18 w-24 shrink-0 rounded-lg bg-surface-2 object-cover" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <LocalizedLink to={`/store/${line.slug}`} className="hover:underline">
            {name}
          </LocalizedLink>
        </p>
        <p className="text-sm text-muted">
          {m.cart.unitPrice(money(line.priceCents))}
        </p>
        <label htmlFor={inputId} className="mt-2 block text-sm">
          {m.store.quantity}
        </label>
        <div className="mt-1 flex items-center gap-2">
          <button
            type="button"
            className="icon-btn h-9 w-9 border border-border disabled:opacity-40"
            aria-label={m.cart.decrease(name)}
            disabled={line.quantity <= 1}
            onClick={() => step(-1)}
          >
            <MinusIcon className="h-4 w-4" />
          </button>
          <input
            id={inputId}
            aria-label={m.cart.quantityFor(name)}
            type="number"
            inputMode="numeric"
            min={1}
            max={line.stock}
            step={1}
            value={draft}
            onChange={(event) => change(event.target.value)}
            onBlur={() => setDraft(String(line.quantity))}
            className="field-input w-16 px-2 py-1 text-center"
          />
          <button type="button" className="icon-btn h-9 w-9 border border-border" aria-label={m.cart.increase(name)} onClick={() => step(1)}>
            <PlusIcon className="h-4 w-4" />
          </button>
          <button type="button" className="icon-btn ml-auto h-9 w-9" aria-label={m.cart.remove(name)} onClick={() => remove(line.id)}>
            <TrashIcon className="h-4 w-4" />
          </button>
        </div>
      </div>
      <p className="shrink-0 font-semibold">
        <span className="sr-only">{m.cart.lineTotal} </span>
        {money(line.priceCents * line.quantity)}
      </p>
    </li>
  );
}
