import { useMessages } from "../i18n/use-locale";
import { useFormatters } from "./format";
import type { DeliveryForDisplay } from "./delivery-parts";
import { OrderFigures } from "./order-figures";
import { RefundsList } from "./refund-parts";
import type { RefundView } from "../../../domain/refund-view.ts";

/** The printable invoice and packing slip (decision 029): plain black on white when printed. */
export type Printable = {
  order: {
    id: string;
    currency: string;
    totalCents: number;
    paidAt: string | null;
    lines: { id: number; name: { en: string; fr: string }; unitPriceCents: number; quantity: number }[];
  };
  buyer: { name: string; email: string };
  delivery: DeliveryForDisplay | null;
  studio: {
    legalName: string;
    address: string;
    province: string;
    gstHstNumber: string | null;
    qstNumber: string | null;
  };
  /** The refunds made, listed under the invoice's figures. */
  refunds: RefundView[];
  /** Units of each line (by its id) refunded: the packing slip lists only what is left to hand over. */
  givenBack: Record<number, number>;
};

function PrintButton() {
  const m = useMessages("fulfilment");
  // Before the page runs, a click does nothing harmful; the browser's own Print stays at hand.
  return (
    <button type="button" className="btn btn-secondary print:hidden" onClick={() => window.print()}>
      {m.fulfilment.invoice.print}
    </button>
  );
}

function Parties({ data, title }: { data: Printable; title: string }) {
  const m = useMessages("fulfilment");
  const f = useFormatters();
  const t = m.fulfilment;
  const { order, studio, delivery, buyer } = data;
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-6">
        <div>
          <p className="text-xl font-bold">{studio.legalName}</p>
          <p className="whitespace-pre-line">{studio.address}</p>
          <p>{studio.gstHstNumber ? t.invoice.gstHst(studio.gstHstNumber) : t.invoice.noGstHst}</p>
          {studio.qstNumber ? (
            <p>{t.invoice.qst(studio.qstNumber)}</p>
          ) : (
            studio.province === "QC" && <p>{t.invoice.noQst}</p>
          )}
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p>{t.invoice.number(order.id)}</p>
          {order.paidAt && <p>{t.invoice.date(f.dateTime(order.paidAt))}</p>}
          <div className="mt-2">
            <PrintButton />
          </div>
        </div>
      </header>
      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <div>
          <h2 className="font-bold">{t.invoice.billTo}</h2>
          <p>{delivery?.address ? delivery.addressLines[0] : buyer.name}</p>
          <p>{buyer.email}</p>
        </div>
        <div>
          <h2 className="font-bold">{delivery?.method === "pickup" ? t.method.pickup : t.invoice.shipTo}</h2>
          {delivery?.method === "ship" && <p className="whitespace-pre-line">{delivery.addressLines.join("\n")}</p>}
          {delivery?.method === "pickup" && delivery.pickup && (
            <p className="whitespace-pre-line">{delivery.pickup.address}</p>
          )}
        </div>
      </div>
    </>
  );
}

export function InvoiceDocument({ data }: { data: Printable }) {
  const m = useMessages("fulfilment", "orders");
  const t = m.fulfilment;
  const { order, delivery } = data;
  return (
    <main
      id="main"
      className="mx-auto max-w-3xl bg-surface px-6 py-10 text-text print:max-w-none print:bg-white print:text-black"
    >
      <Parties data={data} title={t.invoice.title(order.id)} />
      <div className="mt-8">
        <OrderFigures
          caption={m.orders.lines}
          currency={order.currency}
          totalCents={order.totalCents}
          totalLabel={t.invoice.totalPaid}
          lines={order.lines.map((line) => ({
            key: line.id,
            name: line.name,
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
          }))}
          delivery={delivery}
          taxDetail
        />
      </div>
      <div className="mt-8">
        <RefundsList refunds={data.refunds} currency={order.currency} />
      </div>
    </main>
  );
}

export function PackingSlip({ data }: { data: Printable }) {
  const m = useMessages("fulfilment", "orders");
  const f = useFormatters();
  const t = m.fulfilment;
  const discountCents = data.delivery?.discountCents ?? 0;
  return (
    <main
      id="main"
      className="mx-auto max-w-3xl bg-surface px-6 py-10 text-text print:max-w-none print:bg-white print:text-black"
    >
      <Parties data={data} title={t.invoice.packingSlip(data.order.id)} />
      <table className="mt-8 w-full border-collapse text-left">
        <caption className="sr-only">{m.orders.lines}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-4">
              {m.orders.item}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {m.orders.quantity}
            </th>
            <th scope="col" className="py-2 text-right">
              {t.invoice.packed}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.order.lines
            .map((line) => ({ ...line, left: line.quantity - (data.givenBack[line.id] ?? 0) }))
            .filter((line) => line.left > 0)
            .map((line) => (
              <tr key={line.id} className="border-b border-border">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {line.name[f.locale] || line.name.en}
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{line.left}</td>
                <td className="py-2 text-right" aria-hidden="true">
                  ☐
                </td>
              </tr>
            ))}
        </tbody>
      </table>
      {/* The goods' discount, as the invoice shows it: the parcel's papers say why the total is less. */}
      {discountCents > 0 && (
        <table className="mt-4 w-full max-w-sm text-left">
          <caption className="sr-only">{t.discount}</caption>
          <tbody>
            <tr>
              <th scope="row" className="py-1 pr-4 font-medium">
                {t.discount}
              </th>
              <td className="py-1 text-right tabular-nums">{f.money(-discountCents, data.order.currency)}</td>
            </tr>
          </tbody>
        </table>
      )}
    </main>
  );
}
