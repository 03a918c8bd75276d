import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin-customer";
import { AnswerNotice, Badge } from "~/features/admin/ui";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { useFormatters } from "~/features/orders/format";
import { StatusBadge } from "~/features/orders/order-parts";
import { messagesFor } from "../../messages/messages.server.ts";
import type { AdminAnswer } from "../../domain/admin-answer.ts";
import { customerActionSchema } from "../../domain/customer-actions.ts";
import { localeFromPath } from "../../domain/locale.ts";
import type { OrderStatus } from "../../domain/order-status.ts";
import { adminAnswer } from "../../server/admin/answer.ts";
import { getCustomer, markVerifiedByHand } from "../../server/admin/customers.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { DomainError } from "../../server/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = (args: Route.MetaArgs) =>
  pageTitle(args, "customers", (m) =>
    args.loaderData?.customer ? m.customers.detailTitle(args.loaderData.customer.username) : m.customers.title,
  );

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  try {
    return { customer: await getCustomer(params.id) };
  } catch (error) {
    if (error instanceof DomainError && error.code === "customer.not_found") throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale).customers;
  const form = await request.formData();
  const parsed = customerActionSchema.safeParse({ intent: form.get("intent") });
  if (!parsed.success)
    return data<AdminAnswer>(
      { intent: "", id: params.id, ok: false, message: messagesFor(locale).admin.errors.checkFields },
      400,
    );
  return adminAnswer(parsed.data.intent, params.id, locale, async () =>
    (await markVerifiedByHand(admin.id, params.id)) ? m.verification.marked : m.verification.already,
  );
}

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages("customers", "orders").customers;
  const f = useFormatters();
  const busy = useNavigation().state === "submitting";
  const { customer } = loaderData;
  const v = m.verification;
  return (
    <section className="space-y-8">
      <div>
        <LocalizedLink to="/admin/customers" className="text-sm text-accent underline">
          ← {m.back}
        </LocalizedLink>
        <h1 className="mt-2 text-2xl font-bold break-words">{m.detailTitle(customer.username)}</h1>
        <p className="mt-1 break-all text-muted">{customer.email}</p>
        <p className="text-sm text-muted">{m.since(f.dateTime(customer.createdAt))}</p>
      </div>
      <AnswerNotice answer={actionData} />

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [m.figures.orders, String(customer.orders)],
          [m.figures.spent, f.money(customer.spentCents)],
          [m.figures.refunded, f.money(customer.refundedCents)],
          [m.figures.lastOrder, customer.lastOrderAt ? f.dateTime(customer.lastOrderAt) : m.never],
        ].map(([label, value]) => (
          <div key={label} className="card p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-1 text-lg font-bold">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="verification-heading" className="card space-y-3">
        <h2 id="verification-heading" className="text-xl font-bold">
          {v.heading}
        </h2>
        <p>
          {customer.verified ? (
            <Badge tone="success">{v.verified}</Badge>
          ) : (
            <Badge tone="warning">{v.notVerified}</Badge>
          )}
        </p>
        {customer.events.map((event) => (
          <p key={`${event.kind}-${event.createdAt}`} className="text-sm text-muted">
            {v.byHand(event.actor ?? v.someone, f.dateTime(event.createdAt))}
          </p>
        ))}
        {!customer.verified && (
          <Form method="post" className="space-y-3">
            <p className="text-sm text-muted">{v.explain}</p>
            <button type="submit" name="intent" value="mark-verified" className="btn btn-primary" disabled={busy}>
              {v.mark}
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="text-xl font-bold">
          {m.orders.heading}
        </h2>
        {customer.orderList.length === 0 ? (
          <p className="card mt-3 text-muted">{m.orders.none}</p>
        ) : (
          <ul className="mt-3 divide-y divide-border rounded-2xl border border-border bg-surface">
            {customer.orderList.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span className="min-w-0">
                  <LocalizedLink to={`/admin/orders/${order.id}`} className="font-semibold text-accent underline">
                    {order.id}
                  </LocalizedLink>
                  <span className="block text-sm text-muted">{f.dateTime(order.createdAt)}</span>
                </span>
                <StatusBadge status={order.status as OrderStatus} />
                <span className="text-right">
                  <span className="block font-semibold">{f.money(order.totalCents)}</span>
                  {order.refundedCents > 0 && (
                    <span className="block text-sm text-muted">
                      {m.orders.refunded} {f.money(order.refundedCents)}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="quotes-heading">
        <h2 id="quotes-heading" className="text-xl font-bold">
          {m.quotes.heading}
        </h2>
        {customer.quotes.length === 0 ? (
          <p className="card mt-3 text-muted">{m.quotes.none}</p>
        ) : (
          <ul className="mt-3 divide-y divide-border rounded-2xl border border-border bg-surface">
            {customer.quotes.map((quote) => (
              <li key={quote.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span className="min-w-0 break-all">
                  <span className="font-semibold">{quote.fileName}</span> × {quote.quantity}
                  <span className="block text-sm text-muted">{f.dateTime(quote.createdAt)}</span>
                </span>
                <Badge>{m.quoteStatuses[quote.status] ?? quote.status}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="messages-heading">
        <h2 id="messages-heading" className="text-xl font-bold">
          {m.messages.heading}
        </h2>
        {customer.messages.length === 0 ? (
          <p className="card mt-3 text-muted">{m.messages.none}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {customer.messages.map((message) => (
              <li key={message.id} className="card p-4">
                <p className="text-sm text-muted">{m.messages.received(f.dateTime(message.createdAt))}</p>
                <p className="mt-2 break-words whitespace-pre-wrap">{message.message}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="consents-heading" className="card">
        <h2 id="consents-heading" className="text-xl font-bold">
          {m.consents.heading}
        </h2>
        <p className="mt-2">
          {customer.newsletter ? m.consents.newsletterYes(f.dateTime(customer.newsletter.at)) : m.consents.newsletterNo}
        </p>
        {customer.newsletter?.text && (
          <p className="mt-1 text-sm text-muted">{m.consents.words(customer.newsletter.text)}</p>
        )}
      </section>
    </section>
  );
}
