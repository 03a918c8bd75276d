import type { Route } from "./+types/admin-index";
import { AdminHeader } from "~/features/admin/ui";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { adminOverview } from "../../server/admin/overview.ts";
import { quotesOverview } from "../../server/quotes/admin.ts";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  return { overview: await adminOverview(), quotes: await quotesOverview() };
}

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const m = useMessages("admin", "quoteAdmin");
  const a = m.admin;
  const { overview, quotes } = loaderData;
  const cards = [
    { to: "/admin/inventory", label: a.overviewCards.items, value: overview.items },
    { to: "/admin/categories", label: a.overviewCards.categories, value: overview.categories },
    { to: "/admin/orders?status=pending", label: a.overviewCards.pendingOrders, value: overview.pendingOrders },
    { to: "/admin/orders?status=paid", label: a.overviewCards.paidOrders, value: overview.paidOrders },
    { to: "/admin/messages", label: a.overviewCards.unreadMessages, value: overview.unreadMessages },
    { to: "/admin/quotes", label: m.quoteAdmin.reviews, value: quotes.reviewRequests },
    { to: "/admin/quotes", label: m.quoteAdmin.production, value: quotes.inProduction },
  ];
  const { mail } = overview;
  return (
    <section>
      <AdminHeader title={a.title} intro={`${a.welcome} ${a.overview}`} />
      {!quotes.slicer.installed && <p className="alert-error mb-6">{m.quoteAdmin.slicerMissing}</p>}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.label}>
            <LocalizedLink to={card.to} className="card block p-5 hover:bg-surface-2">
              <span className="block text-3xl font-bold">{card.value}</span>
              <span className="text-muted">{card.label}</span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
      <section aria-labelledby="outbox-title" className="card mt-6 p-5">
        <h2 id="outbox-title" className="text-lg font-bold">
          {a.outbox.title}
        </h2>
        <p className="mt-1">{mail.configured ? a.outbox.configured : a.outbox.notConfigured}</p>
        <p className="mt-1 text-muted">
          {a.outbox.waiting(mail.waiting)}
          {mail.failing > 0 && <span className="font-semibold text-danger"> {a.outbox.failing(mail.failing)}</span>}
        </p>
      </section>
    </section>
  );
}
