import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useCart } from "../cart/use-cart";
import { LocalizedLink } from "../i18n/localized-link";
import { useLocalizedPath, useMessages } from "../i18n/use-locale";
import { LinesTable } from "../orders/order-parts";
import { useFormatters } from "../orders/format";
import { postJson } from "../payment/api";

type QuoteLine = {
  itemId: string;
  name: { en: string; fr: string };
  unitPriceCents: number;
  quantity: number;
  stock: number;
  available: boolean;
};
type Quote = { lines: QuoteLine[]; totalCents: number; currency: string };
type Placed = { order: { id: string; totalCents: number } };

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** Review of the cart priced by the server, then Place order → the payment page. */
export function CheckoutView({ reservationMinutes }: { reservationMinutes: number }) {
  const m = useMessages("checkout");
  const f = useFormatters();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const mounted = useMounted();
  const { cart, replace } = useCart();
  const wanted = useMemo(() => cart.lines.map((line) => ({ itemId: line.id, quantity: line.quantity })), [cart]);
  const wantedKey = JSON.stringify(wanted);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<{ message: string; items: string[] } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!mounted || wanted.length === 0) return;
    let live = true;
    setLoadError(false);
    void postJson<Quote>("/api/orders/quote", { lines: wanted }).then((result) => {
      if (!live) return;
      if (result.ok) setQuote(result.data);
      else setLoadError(true);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mounted, wantedKey, attempt]);

  if (!mounted || (wanted.length > 0 && !quote && !loadError)) {
    return <p role="status" className="mt-8 text-muted">{m.checkout.loadingCart}</p>;
  }

  if (wanted.length === 0) {
    return (
      <div className="card mt-8 text-center">
        <h2 className="text-xl font-bold">{m.checkout.emptyTitle}</h2>
        <p className="mt-2 text-muted">{m.checkout.emptyText}</p>
        <LocalizedLink to="/store" className="btn btn-primary mt-6">{m.checkout.toStore}</LocalizedLink>
      </div>
    );
  }

  if (loadError || !quote) {
    return (
      <div className="mt-8 space-y-4">
        <p role="alert" className="alert-error">{m.checkout.loadFailed}</p>
        <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>{m.checkout.tryAgain}</button>
      </div>
    );
  }

  const cartPrice = new Map(cart.lines.map((line) => [line.id, line.priceCents]));
  const problems = quote.lines.filter((line) => !line.available);
  const displayLines = quote.lines.map((line) => ({
    key: line.itemId,
    name: line.available || line.name.en ? line.name : { en: m.checkout.unknownItem, fr: m.checkout.unknownItem },
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    note: !line.available ? (
      <span className="mt-1 block text-sm font-normal text-danger">
        {line.stock > 0 ? m.checkout.onlyLeft(line.stock) : m.checkout.unavailable}
      </span>
    ) : cartPrice.get(line.itemId) !== undefined && cartPrice.get(line.itemId) !== line.unitPriceCents ? (
      <span className="mt-1 block text-sm font-normal text-warning">{m.checkout.priceChanged}</span>
    ) : null,
  }));

  /** Caps each line at what is left and drops what is gone, as the buyer would by hand. */
  function fitCartToStock() {
    const byId = new Map(quote!.lines.map((line) => [line.itemId, line]));
    replace({
      lines: cart.lines.flatMap((line) => {
        const current = byId.get(line.id);
        if (!current || current.available) return [line];
        return current.stock > 0 ? [{ ...line, quantity: Math.min(line.quantity, current.stock), stock: current.stock }] : [];
      }),
    });
  }

  async function placeOrder() {
    setPlacing(true);
    setFailure(null);
    const result = await postJson<Placed>("/api/orders", { lines: wanted, locale: f.locale });
    if (result.ok) {
      const { id, totalCents } = result.data.order;
      navigate(localize(`/payment/${id}/${totalCents}`));
      return;
    }
    setPlacing(false);
    if (result.status === 401) {
      window.location.reload();
      return;
    }
    const items = result.error?.fields ? Object.values(result.error.fields) : [];
    const message =
      result.status === 429 ? m.checkout.tooMany : result.status === 409 || result.status === 400 ? m.checkout.orderFailed : m.checkout.unexpectedError;
    setFailure({ message, items: result.status === 409 ? items : result.error?.message ? [localizeServerMessage(result.error.message)] : [] });
    if (result.status === 409) setAttempt((n) => n + 1);
  }

  function localizeServerMessage(message: string): string {
    if (message === "Invalid quantity") return m.checkout.invalidQuantity;
    if (message === "Your cart is empty") return m.checkout.cartEmptyError;
    return message;
  }

  return (
    <div className="mt-8 space-y-6">
      <div className="card">
        <LinesTable lines={displayLines} totalCents={quote.totalCents} currency={quote.currency} caption={m.checkout.title} />
      </div>
      {failure && (
        <div role="alert" className="alert-error">
          <strong>{failure.message}</strong>
          {failure.items.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {failure.items.map((item) => <li key={item}>{item}</li>)}
            </ul>
          )}
        </div>
      )}
      {problems.length > 0 && (
        <button type="button" className="btn btn-secondary" onClick={fitCartToStock}>{m.checkout.fitCart}</button>
      )}
      <p className="text-sm text-muted">{m.checkout.holdNote(reservationMinutes)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-primary" onClick={placeOrder} disabled={placing || problems.length > 0}>
          {placing ? m.checkout.placing : m.checkout.placeOrder}
        </button>
        <LocalizedLink to="/store" className="btn btn-secondary">{m.checkout.backToStore}</LocalizedLink>
      </div>
    </div>
  );
}
