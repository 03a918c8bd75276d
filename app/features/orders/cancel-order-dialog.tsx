import { useRef } from "react";
import { Form } from "react-router";
import type { OrderStatus } from "../../../domain/order-status.ts";
import { useMessages } from "../i18n/use-locale";
import { RefundTerms, type PaidCard } from "./refund-parts";

/**
 * The admin's "Cancel order" button and its dialog: what cancelling does (a paid order is refunded
 * in full), the admin's optional words (kept as the history event's detail), and the confirmation.
 */
export function CancelOrderDialog(props: {
  status: OrderStatus;
  currency: string;
  /** What a paid order's cancellation refunds; null for an unpaid order. */
  refundableCents: number | null;
  card: PaidCard | null;
  /** Some custom parts are already in production: the admin may cancel them too. */
  partsStarted: boolean;
}) {
  const m = useMessages("orders");
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <div>
      {/* The browser opens the dialog by itself (invoker commands), so a click made before the
          page's JavaScript runs is not lost; older browsers open it once it runs. */}
      <button
        type="button"
        className="btn btn-secondary"
        {...{ commandfor: "cancel-order", command: "show-modal" }}
        onClick={() => {
          if (!dialog.current?.open) dialog.current?.showModal();
        }}
      >
        {m.orders.cancelOrder}
      </button>
      <dialog
        ref={dialog}
        id="cancel-order"
        aria-labelledby="cancel-title"
        className="m-auto max-w-md rounded-2xl border border-border bg-surface p-6 text-text backdrop:bg-black/50"
      >
        <Form method="post" className="space-y-4" onSubmit={() => dialog.current?.close()}>
          <h2 id="cancel-title" className="text-xl font-bold">
            {m.orders.cancelOrder}
          </h2>
          <p>{props.status === "paid" ? m.orders.cancelPaidConfirm : m.orders.cancelPendingConfirm}</p>
          {props.status === "paid" && props.refundableCents !== null && (
            <RefundTerms
              amountCents={props.refundableCents}
              currency={props.currency}
              stock="cancel"
              card={props.card}
            />
          )}
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="confirmed" value="yes" />
          {props.partsStarted && (
            <label className="flex items-start gap-2">
              <input type="checkbox" name="cancelStartedParts" className="mt-1" />
              <span>{m.orders.cancelStartedParts}</span>
            </label>
          )}
          <div>
            <label htmlFor="cancel-note" className="field-label">
              {m.orders.note}
            </label>
            <textarea id="cancel-note" name="note" rows={2} maxLength={500} className="field-input" />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn btn-primary">
              {m.orders.confirmCancel}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
              {m.orders.keepOrder}
            </button>
          </div>
        </Form>
      </dialog>
    </div>
  );
}
