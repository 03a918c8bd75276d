import type { OrderStatus } from "../../../domain/order-status.ts";
import { useMessages } from "../i18n/use-locale";
import { LocalizedLink } from "../i18n/localized-link";
import { useFormatters } from "./format";

const STATUS_STYLE: Record<OrderStatus, string> = {
  pending: "border-warning/50 text-warning",
  paid: "border-success/50 text-success",
  fulfilled: "border-accent/50 text-accent",
  cancelled: "border-border text-muted",
  expired: "border-border text-muted",
  refunded: "border-border text-muted",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const m = useMessages("orders");
  return (
    <span
      className={`inline-block rounded-full border bg-surface px-3 py-0.5 text-sm font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`}
    >
      {m.orders.statuses[status]}
    </span>
  );
}

export type LineForDisplay = {
  key: string | number;
  name: { en: string; fr: string };
  unitPriceCents: number;
  quantity: number;
  note?: React.ReactNode;
  /** The item's picture, when there is one (decorative: the name says what it is). */
  image?: string;
  /** When it is not unit price × quantity (a cart line that cannot be bought now counts 0). */
  lineTotalCents?: number;
};

/** An order's or a cart's lines with their totals, as a real table (readable by screen readers). */
export function LinesTable({
  lines,
  totalCents,
  currency,
  caption,
  totalLabel,
  summary = [],
}: {
  lines: LineForDisplay[];
  totalCents: number;
  currency?: string;
  caption: string;
  /** "Total" unless said otherwise ("Total paid" on an invoice). */
  totalLabel?: string;
  /** Rows between the lines and the total: subtotal, shipping, each tax. */
  summary?: { key: string; label: React.ReactNode; amountCents: number; shown?: string }[];
}) {
  const m = useMessages("orders");
  const f = useFormatters();
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-sm text-muted">
            <th scope="col" className="py-2 pr-2 font-semibold sm:pr-4">
              {m.orders.item}
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-semibold sm:pr-4">
              {m.orders.quantity}
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-semibold sm:pr-4">
              {m.orders.unitPrice}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {m.orders.lineTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} className="border-b border-border align-top">
              <th scope="row" className="py-3 pr-2 font-medium sm:pr-4">
                {line.image && (
                  <img
                    src={line.image}
                    alt=""
                    width={48}
                    height={48}
                    className="float-left mr-3 h-12 w-12 rounded object-cover"
                  />
                )}
                {/* The whole name, wrapped: a phone has no hover to show what a cut name hides. */}
                <span className="[overflow-wrap:anywhere]">{line.name[f.locale] || line.name.en}</span>
                {line.note}
              </th>
              <td className="py-3 pr-2 text-right tabular-nums sm:pr-4">{line.quantity}</td>
              <td className="py-3 pr-2 text-right tabular-nums sm:pr-4">{f.money(line.unitPriceCents, currency)}</td>
              <td className="py-3 text-right tabular-nums">
                {f.money(line.lineTotalCents ?? line.unitPriceCents * line.quantity, currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {summary.map((row) => (
            <tr key={row.key}>
              <th scope="row" colSpan={3} className="py-1 pr-2 text-right font-medium sm:pr-4">
                {row.label}
              </th>
              <td className="py-1 text-right tabular-nums">{row.shown ?? f.money(row.amountCents, currency)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={3} className="py-3 pr-2 text-right text-lg font-bold sm:pr-4">
              {totalLabel ?? m.orders.total}
            </th>
            <td className="py-3 text-right text-lg font-bold tabular-nums" data-testid="order-total">
              {f.money(totalCents, currency)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export type OrderListItem = {
  id: string;
  status: OrderStatus;
  totalCents: number;
  currency: string;
  createdAt: string;
  itemCount: number;
};

/** The profile's list of orders, newest first. */
export function OrderList({ orders, unread = [] }: { orders: OrderListItem[]; unread?: string[] }) {
  const m = useMessages("orders");
  const f = useFormatters();
  return (
    <section aria-labelledby="my-orders" className="mt-10">
      <h2 id="my-orders" className="text-2xl font-bold">
        {m.orders.myOrders}
      </h2>
      {unread.length > 0 && (
        <p role="status" className="mt-2 font-semibold" data-testid="unread-replies">
          {m.orders.conversation.unreadReplies(unread.length)}
        </p>
      )}
      {orders.length === 0 ? (
        <p className="mt-4 text-muted">
          {m.orders.noOrders}{" "}
          <LocalizedLink to="/store" className="font-semibold text-accent underline">
            {m.orders.toStore}
          </LocalizedLink>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <LocalizedLink to={`/orders/${order.id}`} className="font-mono font-semibold text-accent underline">
                {order.id}
              </LocalizedLink>
              {unread.includes(order.id) && (
                <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
                  {m.orders.conversation.unread}
                </span>
              )}
              <span className="text-sm text-muted">{f.dateTime(order.createdAt)}</span>
              <span className="text-sm text-muted">{m.orders.itemsCount(order.itemCount)}</span>
              <span className="ml-auto font-semibold tabular-nums">{f.money(order.totalCents, order.currency)}</span>
              <StatusBadge status={order.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
