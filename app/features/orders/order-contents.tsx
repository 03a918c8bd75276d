import type { RefundView } from "../../../domain/refund-view.ts";
import { useMessages } from "../i18n/use-locale";
import { CustomPartsCard, type OrderCustomPart } from "./custom-parts";
import { DeliverySummary, type DeliveryForDisplay } from "./delivery-parts";
import { LinesTable } from "./order-parts";
import { RefundsList } from "./refund-parts";

type OrderLineView = {
  id: string | number;
  name: { en: string; fr: string };
  unitPriceCents: number;
  quantity: number;
};

/**
 * What was ordered and what became of it, the same for the buyer's order page and the admin's
 * order screen: the lines and total, the custom prints in production, the refunds and the
 * delivery. The admin sees more (refund reasons, the label's address to copy) and may put a form
 * between the refunds and the delivery (`beforeDelivery`).
 */
export function OrderContents({
  order,
  customParts,
  refunds,
  delivery,
  forAdmin = false,
  beforeDelivery,
}: {
  order: { currency: string; totalCents: number; lines: OrderLineView[] };
  customParts: OrderCustomPart[];
  refunds: RefundView[];
  delivery: DeliveryForDisplay | null;
  forAdmin?: boolean;
  beforeDelivery?: React.ReactNode;
}) {
  const m = useMessages("orders").orders;
  return (
    <div className="space-y-6">
      <div className="card">
        <h2 className="mb-4 text-xl font-bold">{m.lines}</h2>
        <LinesTable
          caption={m.lines}
          currency={order.currency}
          totalCents={order.totalCents}
          lines={order.lines.map((line) => ({
            key: line.id,
            name: line.name,
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
          }))}
        />
      </div>
      <CustomPartsCard parts={customParts} />
      <RefundsList refunds={refunds} currency={order.currency} forAdmin={forAdmin} />
      {beforeDelivery}
      {delivery && <DeliverySummary delivery={delivery} currency={order.currency} showLabelCopy={forAdmin} />}
    </div>
  );
}
