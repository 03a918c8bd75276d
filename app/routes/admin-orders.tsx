import { data, Form } from "react-router";
import type { Route } from "./+types/admin-orders";
import { DataTable } from "~/features/admin/data-table";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { useFormatters } from "~/features/orders/format";
import { StatusBadge } from "~/features/orders/order-parts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { FIRST_DAY, LAST_DAY } from "../../domain/calendar-day.ts";
import { ORDER_STATUSES } from "../../domain/order-status.ts";
import { listOrdersForAdmin } from "../../server/orders/queries.ts";
import { ordersUnreadByStudio, unreadByStudioCount } from "../../server/conversations/unread.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { orderFilterQuery, parseOrderFilter, type OrderFilter } from "../../domain/order-filters.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "orders", (m) => m.orders.adminTitle);

export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const parsed = parseOrderFilter(url.searchParams);
  if (!parsed.ok) {
    // A hand-edited address: say what is wrong, in the page's language, with a 400 (never a 500).
    const problem = messagesFor(localeFromPath(url.pathname)).orderFilters.problems[parsed.problem];
    const filter = {
      status: "",
      q: (url.searchParams.get("q") ?? "").slice(0, 100),
      from: "",
      to: "",
      paidFrom: "",
      paidTo: "",
      method: "",
    };
    return data({ orders: [], total: 0, page: 1, pages: 1, filter, problem, unread: [], unreadCount: 0 }, 400);
  }
  const { status, q, from, to, paidFrom, paidTo, method, page } = parsed.value;
  const list = await listOrdersForAdmin({ status: status ?? null, q, page, from, to, paidFrom, paidTo, method });
  return {
    ...list,
    // The orders of this page whose buyer wrote messages the studio has not read, and how many there are in all.
    unread: [...(await ordersUnreadByStudio(list.orders.map((order) => order.id)))],
    unreadCount: await unreadByStudioCount(),
    filter: {
      status: status ?? "",
      q,
      from: from ?? "",
      to: to ?? "",
      paidFrom: paidFrom ?? "",
      paidTo: paidTo ?? "",
      method: method ?? "",
    },
    problem: null,
  };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const m = useMessages("orders");
  const of = useMessages("orderFilters").orderFilters;
  const f = useFormatters();
  const { orders, page, pages, filter, problem } = loaderData;
  const unread = new Set<string>(loaderData.unread);
  return (
    <section>
      <h1 className="text-2xl font-bold">{m.orders.adminTitle}</h1>
      <p className="mt-1 text-muted">{m.orders.adminIntro}</p>
      {loaderData.unreadCount > 0 && (
        <p role="status" className="mt-3 font-semibold" data-testid="unread-conversations">
          {m.orders.conversation.unreadCount(loaderData.unreadCount)}
        </p>
      )}

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor="order-status" className="field-label">
            {m.orders.filterStatus}
          </label>
          <select id="order-status" name="status" defaultValue={filter.status} className="field-input">
            <option value="">{m.orders.allStatuses}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {m.orders.statuses[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-56 flex-1">
          <label htmlFor="order-search" className="field-label">
            {m.orders.search}
          </label>
          <input
            id="order-search"
            name="q"
            type="search"
            defaultValue={filter.q}
            placeholder={m.orders.searchPlaceholder}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="order-from" className="field-label">
            {of.from}
          </label>
          <input
            id="order-from"
            name="from"
            type="date"
            min={FIRST_DAY}
            max={LAST_DAY}
            defaultValue={filter.from}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="order-to" className="field-label">
            {of.to}
          </label>
          <input
            id="order-to"
            name="to"
            type="date"
            min={FIRST_DAY}
            max={LAST_DAY}
            defaultValue={filter.to}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="order-paid-from" className="field-label">
            {of.paidFrom}
          </label>
          <input
            id="order-paid-from"
            name="paidFrom"
            type="date"
            min={FIRST_DAY}
            max={LAST_DAY}
            defaultValue={filter.paidFrom}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="order-paid-to" className="field-label">
            {of.paidTo}
          </label>
          <input
            id="order-paid-to"
            name="paidTo"
            type="date"
            min={FIRST_DAY}
            max={LAST_DAY}
            defaultValue={filter.paidTo}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="order-method" className="field-label">
            {of.method}
          </label>
          <select id="order-method" name="method" defaultValue={filter.method} className="field-input">
            <option value="">{of.allMethods}</option>
            <option value="ship">{of.methods.ship}</option>
            <option value="pickup">{of.methods.pickup}</option>
          </select>
        </div>
        <button type="submit" className="btn btn-secondary">
          {m.orders.apply}
        </button>
      </Form>
      {problem && (
        <p role="alert" className="alert-error mt-4">
          {problem}
        </p>
      )}
      {!problem && (
        <p className="mt-4 text-sm text-muted">
          {/* A download, not a page: a plain link to the API (the session cookie goes with it). */}
          <a
            href={`/api/admin/exports/orders.csv?${orderFilterQuery(filter as Partial<OrderFilter>)}`}
            download
            className="font-semibold text-accent underline"
          >
            {of.exportCsv}
          </a>{" "}
          {of.exportHint}
        </p>
      )}

      <DataTable
        caption={m.orders.adminTitle}
        rows={orders}
        rowKey={(order) => order.id}
        page={page}
        pages={pages}
        empty={m.orders.noMatch}
        columns={[
          {
            id: "number",
            header: m.orders.orderNumber,
            primary: true,
            cell: (order) => (
              <LocalizedLink to={`/admin/orders/${order.id}`} className="font-mono font-semibold text-accent underline">
                {order.id}
                {unread.has(order.id) && (
                  <span className="ml-2 rounded-full bg-accent px-2 py-0.5 font-sans text-xs font-semibold text-on-accent">
                    {m.orders.conversation.unread}
                  </span>
                )}
              </LocalizedLink>
            ),
          },
          {
            id: "buyer",
            header: m.orders.buyer,
            cell: (order) => (
              <span>
                <span className="block font-medium">{order.buyer.name || m.orders.buyerErased}</span>
                <span className="block text-muted">{order.buyer.email}</span>
                {order.buyer.phone && <span className="block text-muted">{order.buyer.phone}</span>}
              </span>
            ),
          },
          {
            id: "date",
            header: m.orders.date,
            cell: (order) => <span className="whitespace-nowrap">{f.dateTime(order.createdAt)}</span>,
          },
          {
            id: "total",
            header: m.orders.total,
            numeric: true,
            cell: (order) => (
              <span className="tabular-nums">
                {f.money(order.totalCents, order.currency)}
                <span className="block text-muted">{m.orders.itemsCount(order.itemCount)}</span>
              </span>
            ),
          },
          { id: "status", header: m.orders.status, cell: (order) => <StatusBadge status={order.status} /> },
        ]}
      />
    </section>
  );
}
