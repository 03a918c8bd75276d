import { data, Form } from "react-router";
import type { Route } from "./+types/admin-customers";
import { DataTable, type DataColumn } from "~/features/admin/data-table";
import { AdminHeader, Badge, Notice } from "~/features/admin/ui";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocalizedPath, useMessages } from "~/features/i18n/use-locale";
import { useFormatters } from "~/features/orders/format";
import { messagesFor } from "../../messages/messages.server.ts";
import { parseCustomerQuery, type CustomerQuery, type CustomerRow } from "../../domain/customers.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { listAwaitingVerification, listCustomers } from "../../server/admin/customers.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "customers", (m) => m.customers.title);

const DEFAULT_QUERY: CustomerQuery = { q: "", sort: "lastOrder", dir: "desc", page: 1 };

export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const parsed = parseCustomerQuery(url.searchParams);
  if (!parsed.ok) {
    // A hand-edited address: say what is wrong, in the page's language, with a 400 (never a 500).
    const problem = messagesFor(localeFromPath(url.pathname)).customers.badQuery[parsed.problem];
    return data(
      {
        query: { ...DEFAULT_QUERY, q: (url.searchParams.get("q") ?? "").slice(0, 100) },
        customers: [],
        total: 0,
        page: 1,
        pages: 1,
        problem,
        awaiting: await listAwaitingVerification(),
      },
      400,
    );
  }
  return {
    query: parsed.value,
    ...(await listCustomers(parsed.value)),
    problem: null,
    awaiting: await listAwaitingVerification(),
  };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const m = useMessages("customers").customers;
  const f = useFormatters();
  const { query, customers, total, page, pages, problem, awaiting } = loaderData;
  const localize = useLocalizedPath();
  const columns: DataColumn<CustomerRow>[] = [
    {
      id: "name",
      header: m.columns.name,
      sortable: true,
      primary: true,
      cell: (row) => (
        <LocalizedLink to={`/admin/customers/${row.id}`} className="font-semibold text-accent underline">
          {row.username}
        </LocalizedLink>
      ),
    },
    {
      id: "email",
      header: m.columns.email,
      sortable: true,
      cell: (row) => <span className="break-all">{row.email}</span>,
    },
    {
      id: "verified",
      header: m.columns.verified,
      sortable: true,
      cell: (row) => (row.verified ? <Badge tone="success">{m.yes}</Badge> : <Badge tone="warning">{m.no}</Badge>),
    },
    { id: "orders", header: m.columns.orders, sortable: true, numeric: true, cell: (row) => row.orders },
    { id: "spent", header: m.columns.spent, sortable: true, numeric: true, cell: (row) => f.money(row.spentCents) },
    {
      id: "lastOrder",
      header: m.columns.lastOrder,
      sortable: true,
      numeric: true,
      cell: (row) => (row.lastOrderAt ? f.dateTime(row.lastOrderAt) : m.never),
    },
  ];
  return (
    <section>
      <AdminHeader title={m.title} intro={m.intro} />
      {problem && <Notice kind="error">{problem}</Notice>}
      {awaiting.total > 0 && (
        <section aria-labelledby="awaiting-title" className="card mb-6 p-5" data-testid="awaiting-verification">
          <h2 id="awaiting-title" className="text-lg font-bold">
            {m.awaiting.title(awaiting.total)}
          </h2>
          <p className="mt-1 text-sm text-muted">{m.awaiting.intro}</p>
          <ul className="mt-3 divide-y divide-border">
            {awaiting.customers.map((customer) => (
              <li key={customer.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <LocalizedLink to={`/admin/customers/${customer.id}`} className="font-semibold text-accent underline">
                    {customer.username}
                  </LocalizedLink>{" "}
                  <span className="break-all">{customer.email}</span>
                  <span className="block text-sm text-muted">{m.awaiting.since(f.dateTime(customer.createdAt))}</span>
                </span>
                {/* The customer's page records who verified it and when, and shows the outcome. */}
                <Form method="post" action={localize(`/admin/customers/${customer.id}`)}>
                  <button type="submit" name="intent" value="mark-verified" className="btn btn-secondary">
                    {m.verification.mark}
                    <span className="sr-only">: {customer.username}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.dir} />
        <div className="min-w-0 grow sm:max-w-sm">
          <label htmlFor="customer-search" className="field-label">
            {m.search}
          </label>
          <input
            id="customer-search"
            name="q"
            type="search"
            defaultValue={query.q}
            key={query.q}
            maxLength={100}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn btn-secondary">
          {m.searchButton}
        </button>
      </Form>
      {!problem && (
        <p className="mt-4 text-sm text-muted" data-testid="customer-count">
          {m.total(total)}
        </p>
      )}
      <DataTable
        caption={m.title}
        columns={columns}
        rows={customers}
        rowKey={(row) => row.id}
        sort={{ id: query.sort, dir: query.dir }}
        page={page}
        pages={pages}
        empty={query.q ? m.noMatch(query.q) : m.none}
      />
    </section>
  );
}
