import { useState } from "react";
import { CARRIER_NAMES, type Carrier } from "../../../domain/carriers.ts";
import { useMessages } from "../i18n/use-locale";
import { useFormatters } from "./format";

/** What the order page and the admin's order screen show of an order's delivery (decision 029). */
export type DeliveryForDisplay = {
  method: "ship" | "pickup";
  addressLines: string[];
  address: { phone?: string } | null;
  subtotalCents: number;
  /** What the studio's discounts took off the goods. */
  discountCents: number;
  shippingCents: number;
  fulfilmentStatus: "packed" | "shipped" | "ready_for_pickup" | "picked_up" | "delivered" | null;
  carrier: Carrier | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  taxes: {
    code: string;
    jurisdiction: string;
    label: string;
    ratePpm: number;
    taxableBaseCents: number;
    amountCents: number;
  }[];
  pickup: { address: string; hours: string } | null;
};

export function DeliverySummary({
  delivery,
  currency,
  showLabelCopy = false,
}: {
  delivery: DeliveryForDisplay;
  currency: string;
  showLabelCopy?: boolean;
}) {
  const m = useMessages("fulfilment");
  const f = useFormatters();
  const t = m.fulfilment;
  return (
    <div className="card space-y-4">
      <h2 className="text-xl font-bold">{t.deliveryHeading}</h2>
      <p className="font-semibold">{t.method[delivery.method]}</p>
      {delivery.method === "ship" ? (
        <AddressLabel
          lines={[...delivery.addressLines, ...(delivery.address?.phone ? [delivery.address.phone] : [])]}
          copy={showLabelCopy}
        />
      ) : (
        delivery.pickup && (
          <dl className="grid gap-1 sm:grid-cols-[8rem_1fr]">
            <dt className="font-semibold">{t.pickupAt}</dt>
            <dd className="whitespace-pre-line">{delivery.pickup.address}</dd>
            <dt className="font-semibold">{t.hours}</dt>
            <dd>{delivery.pickup.hours}</dd>
          </dl>
        )
      )}
      {delivery.carrier && delivery.trackingNumber && delivery.trackingUrl && (
        <p>
          {t.plain.shipped(CARRIER_NAMES[f.locale][delivery.carrier])}{" "}
          <a
            href={delivery.trackingUrl}
            className="font-semibold text-accent underline"
            rel="noopener noreferrer"
            target="_blank"
          >
            {t.track(delivery.trackingNumber)}
          </a>
        </p>
      )}
      <table className="w-full max-w-sm text-left">
        <caption className="sr-only">{t.total}</caption>
        <tbody>
          <tr>
            <th scope="row" className="py-1 pr-4 font-medium">
              {t.subtotal}
            </th>
            <td className="py-1 text-right tabular-nums">{f.money(delivery.subtotalCents, currency)}</td>
          </tr>
          {delivery.discountCents > 0 && (
            <tr>
              <th scope="row" className="py-1 pr-4 font-medium">
                {t.discount}
              </th>
              <td className="py-1 text-right tabular-nums">{f.money(-delivery.discountCents, currency)}</td>
            </tr>
          )}
          <tr>
            <th scope="row" className="py-1 pr-4 font-medium">
              {t.shipping}
            </th>
            <td className="py-1 text-right tabular-nums">
              {delivery.method === "ship" && delivery.shippingCents === 0
                ? t.free
                : f.money(delivery.shippingCents, currency)}
            </td>
          </tr>
          {delivery.taxes.map((tax) => (
            <tr key={`${tax.code}-${tax.jurisdiction}`}>
              <th scope="row" className="py-1 pr-4 font-medium">
                {tax.label}
              </th>
              <td className="py-1 text-right tabular-nums">{f.money(tax.amountCents, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The address as a shipping label block: selected whole in one click, or copied with the button. */
function AddressLabel({ lines, copy }: { lines: string[]; copy: boolean }) {
  const m = useMessages("fulfilment");
  const [copied, setCopied] = useState(false);
  const text = lines.join("\n");
  return (
    <div className="space-y-2">
      <pre
        aria-label={m.fulfilment.shippingLabel}
        className="w-fit rounded-lg border border-border bg-surface-2 p-3 font-mono text-sm whitespace-pre-wrap select-all"
      >
        {text}
      </pre>
      {copy && (
        <div className="flex items-center gap-3">
          <button
            type="button"
            className="btn btn-secondary px-3 py-1.5 text-sm"
            onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
          >
            {m.fulfilment.copyLabel}
          </button>
          <span role="status">{copied ? m.fulfilment.copied : ""}</span>
        </div>
      )}
    </div>
  );
}

/** The order's state in plain words, for the buyer. */
export function usePlainStatus() {
  const m = useMessages("fulfilment", "orders");
  const f = useFormatters();
  return (order: { status: string }, delivery: DeliveryForDisplay | null, refunded: boolean): string => {
    const p = m.fulfilment.plain;
    switch (order.status) {
      case "pending":
        return p.pending;
      case "expired":
        return p.expired;
      case "cancelled":
        return refunded ? p.refunded : p.cancelled;
      case "refunded":
        return p.fullyRefunded;
    }
    const state = delivery?.fulfilmentStatus;
    if (state === "shipped") return p.shipped(delivery?.carrier ? CARRIER_NAMES[f.locale][delivery.carrier] : "");
    if (state) return p[state];
    return order.status === "paid"
      ? p.paid
      : ((m.orders.statuses as Record<string, string>)[order.status] ?? order.status);
  };
}
