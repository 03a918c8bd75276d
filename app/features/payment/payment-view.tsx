import { useEffect, useRef, useState } from "react";
import type { OrderStatus } from "../../../domain/order-status.ts";
import { LocalizedLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";
import { useFormatters } from "../orders/format";
import { OrderFigures, type OrderFiguresDelivery } from "../orders/order-figures";
import type { LineForDisplay } from "../orders/order-parts";
import { getJson, postJson } from "~/lib/api-client";
import { SandboxCardForm, StripeCardForm, type BrowserIntent } from "./card-forms";

export type PaymentOrder = {
  id: string;
  status: OrderStatus;
  totalCents: number;
  currency: string;
  reservedUntil: string | null;
  lines: LineForDisplay[];
  delivery: OrderFiguresDelivery | null;
};

type State =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready" }
  | { kind: "processing" }
  | { kind: "paid" }
  | { kind: "paymentProcessing" }
  | { kind: "cancelled" };

/** The spec's payment states: loading, error (Try Again → /store/checkout), ready, processing. */
export function PaymentView({
  order,
  provider,
  urlAmount,
}: {
  order: PaymentOrder;
  provider: { name: "sandbox" | "stripe"; publishableKey: string | null };
  urlAmount: number;
}) {
  const m = useMessages("checkout");
  const f = useFormatters();
  const initial: State =
    order.status === "pending"
      ? { kind: "loading" }
      : order.status === "paid" || order.status === "fulfilled"
        ? { kind: "paid" }
        : { kind: "error", message: order.status === "expired" ? m.checkout.orderExpired : m.checkout.orderCancelled };
  const [state, setState] = useState<State>(initial);
  const [intent, setIntent] = useState<BrowserIntent | null>(null);
  // The hold grows once the card form is ready: the server says until when.
  const [heldUntil, setHeldUntil] = useState(order.reservedUntil);

  /** Asks the server for the order's intent (the same one, or a new one if the last was abandoned). */
  async function fetchIntent(): Promise<BrowserIntent | null> {
    const result = await postJson<BrowserIntent & { provider: string; reservedUntil: string | null }>(
      "/api/createPaymentIntent",
      {
        orderId: order.id,
        amount: order.totalCents,
      },
    );
    if (result.ok) {
      if (result.data.reservedUntil) setHeldUntil(result.data.reservedUntil);
      const next = { paymentIntent: result.data.paymentIntent, clientSecret: result.data.clientSecret };
      setIntent(next);
      setState({ kind: "ready" });
      return next;
    }
    if (result.status === 409) {
      // The order's status (a code, not a message) says why: paid meanwhile, a payment still
      // processing while it is pending, or gone.
      const current = await getJson<{ order: { status: string } }>(`/api/orders/${encodeURIComponent(order.id)}`);
      const status = current.ok ? current.data.order.status : "";
      setState(
        status === "paid" || status === "fulfilled"
          ? { kind: "paid" }
          : status === "pending"
            ? { kind: "paymentProcessing" }
            : { kind: "error", message: status === "cancelled" ? m.checkout.orderCancelled : m.checkout.orderExpired },
      );
    } else if (result.status === 0 || result.status >= 500) {
      setState({ kind: "error", message: m.checkout.failedToInitialize });
    } else {
      setState({ kind: "error", message: m.checkout.unexpectedError });
    }
    return null;
  }

  const fetchOnce = useRef(fetchIntent);
  useEffect(() => {
    if (order.status === "pending") void fetchOnce.current();
  }, [order.id, order.status]);

  const confirmCancel = useRef<HTMLDialogElement>(null);
  async function cancelOrder() {
    confirmCancel.current?.close();
    const result = await postJson(`/api/orders/${encodeURIComponent(order.id)}/cancel`, {});
    setState(result.ok ? { kind: "cancelled" } : { kind: "error", message: m.checkout.unexpectedError });
  }

  const payLabel = `${m.checkout.payNow} · ${f.money(order.totalCents, order.currency)}`;
  const formProps = {
    intent,
    payLabel,
    onProcessing: (on: boolean) => setState(on ? { kind: "processing" } : { kind: "ready" }),
    onFatal: (message: string) => setState({ kind: "error", message }),
    renewIntent: fetchIntent,
  };

  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_24rem]">
      <section aria-labelledby="order-summary" className="card min-w-0">
        <h2 id="order-summary" className="text-xl font-bold">
          {m.checkout.orderSummary}
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-semibold">{m.checkout.orderId}</dt>
          <dd className="font-mono break-all" data-testid="payment-order-id">
            {order.id}
          </dd>
          <dt className="font-semibold">{m.checkout.amount}</dt>
          <dd className="font-semibold tabular-nums" data-testid="payment-amount">
            {f.money(order.totalCents, order.currency)}
          </dd>
        </dl>
        {urlAmount !== order.totalCents && <p className="mt-2 text-sm text-muted">{m.checkout.urlAmountDiffers}</p>}
        {order.status === "pending" && state.kind !== "cancelled" && heldUntil && (
          <p className="mt-2 text-sm text-muted">{m.checkout.holdUntil(f.time(heldUntil))}</p>
        )}
        <div className="mt-6">
          <OrderFigures
            lines={order.lines}
            totalCents={order.totalCents}
            currency={order.currency}
            delivery={order.delivery}
            caption={m.checkout.items}
          />
        </div>
      </section>

      <section
        aria-labelledby="payment-form"
        className="card min-w-0 self-start"
        aria-busy={state.kind === "loading" || state.kind === "processing"}
      >
        <h2 id="payment-form" className="text-xl font-bold">
          {m.checkout.cardDetails}
        </h2>
        <div className="mt-4">
          {state.kind === "loading" && (
            <p role="status" className="text-muted">
              {m.checkout.preparing}
            </p>
          )}
          {state.kind === "error" && (
            <div className="space-y-4">
              <div role="alert" className="alert-error">
                <strong>{m.checkout.paymentErrorTitle}</strong>
                <p className="mt-1">{state.message}</p>
              </div>
              <LocalizedLink to="/store/checkout" className="btn btn-primary">
                {m.checkout.tryAgain}
              </LocalizedLink>
            </div>
          )}
          {state.kind === "paid" && (
            <div className="space-y-4">
              <p role="status">{m.checkout.alreadyPaid}</p>
              <LocalizedLink to={`/orders/${order.id}`} className="btn btn-primary">
                {m.checkout.viewOrder}
              </LocalizedLink>
            </div>
          )}
          {state.kind === "paymentProcessing" && (
            <div className="space-y-4">
              <p role="status">{m.checkout.stillProcessing}</p>
              <LocalizedLink to={`/orders/${order.id}`} className="btn btn-primary">
                {m.checkout.viewOrder}
              </LocalizedLink>
            </div>
          )}
          {state.kind === "cancelled" && (
            <div className="space-y-4">
              <p role="status">{m.checkout.cancelled}</p>
              <LocalizedLink to="/store" className="btn btn-primary">
                {m.checkout.continueShopping}
              </LocalizedLink>
            </div>
          )}
          {(state.kind === "ready" || state.kind === "processing") && (
            <>
              {provider.name === "stripe" && provider.publishableKey ? (
                <StripeCardForm {...formProps} publishableKey={provider.publishableKey} />
              ) : (
                <SandboxCardForm {...formProps} />
              )}
              {state.kind === "ready" && (
                <>
                  <button
                    type="button"
                    className="mt-4 text-sm text-muted underline"
                    onClick={() => confirmCancel.current?.showModal()}
                  >
                    {m.checkout.cancelOrder}
                  </button>
                  {/* The site's own dialog, not the browser's confirm(): labelled, in the page's language and theme. */}
                  <dialog
                    ref={confirmCancel}
                    aria-labelledby="cancel-order-title"
                    className="m-auto w-[min(92vw,28rem)] rounded-2xl border border-border bg-surface p-6 text-text shadow-xl backdrop:bg-black/50"
                  >
                    <h2 id="cancel-order-title" className="text-lg font-bold">
                      {m.checkout.cancelOrderConfirm}
                    </h2>
                    <div className="mt-6 flex flex-wrap justify-end gap-3">
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={() => confirmCancel.current?.close()}
                      >
                        {m.checkout.keepOrder}
                      </button>
                      <button type="button" className="btn btn-primary" onClick={cancelOrder}>
                        {m.checkout.cancelOrder}
                      </button>
                    </div>
                  </dialog>
                </>
              )}
            </>
          )}
        </div>
      </section>
    </div>
  );
}

/** Shown when the address lacks the order id or the amount (the spec's message). */
export function MissingOrder() {
  const m = useMessages("checkout");
  return (
    <div className="mt-8 space-y-4">
      <p role="alert" className="alert-error">
        {m.checkout.missingOrderInformation}
      </p>
      <LocalizedLink to="/store/checkout" className="btn btn-primary">
        {m.checkout.tryAgain}
      </LocalizedLink>
    </div>
  );
}
