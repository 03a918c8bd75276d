import { formatRate } from "../../../domain/tax.ts";
import { useMessages } from "../i18n/use-locale";
import type { DeliveryForDisplay } from "./delivery-parts";
import { useFormatters } from "./format";
import { LinesTable, type LineForDisplay } from "./order-parts";

export type OrderFiguresDelivery = Pick<
  DeliveryForDisplay,
  "method" | "subtotalCents" | "discountCents" | "shippingCents" | "taxes"
>;

/**
 * An order's lines and figures, the same on the payment page and the invoice: the items, their
 * subtotal, shipping (for a delivery), each tax, then the total. The invoice also names each
 * tax's base and rate (`taxDetail`).
 */
export function OrderFigures({
  lines,
  totalCents,
  currency,
  delivery,
  caption,
  totalLabel,
  taxDetail = false,
}: {
  lines: LineForDisplay[];
  totalCents: number;
  currency: string;
  delivery: OrderFiguresDelivery | null;
  caption: string;
  totalLabel?: string;
  taxDetail?: boolean;
}) {
  const t = useMessages("fulfilment").fulfilment;
  const f = useFormatters();
  const summary = delivery
    ? [
        { key: "subtotal", label: t.subtotal, amountCents: delivery.subtotalCents },
        // The goods' discount, so that the lines, the discount, shipping and taxes add up to the total.
        ...(delivery.discountCents > 0
          ? [{ key: "discount", label: t.discount, amountCents: -delivery.discountCents }]
          : []),
        ...(delivery.method === "ship"
          ? [
              {
                key: "shipping",
                label: t.shipping,
                amountCents: delivery.shippingCents,
                shown: delivery.shippingCents === 0 ? t.free : undefined,
              },
            ]
          : []),
        ...delivery.taxes.map((tax) => ({
          key: `${tax.code}-${tax.jurisdiction}`,
          label: taxDetail
            ? `${tax.label} · ${f.money(tax.taxableBaseCents, currency)} × ${formatRate(tax.ratePpm, f.locale)}`
            : tax.label,
          amountCents: tax.amountCents,
        })),
      ]
    : [];
  return (
    <LinesTable
      lines={lines}
      totalCents={totalCents}
      currency={currency}
      caption={caption}
      totalLabel={totalLabel}
      summary={summary}
    />
  );
}
