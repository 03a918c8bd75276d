import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { LocalizedNavLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { unreadMessageCount } from "../../server/admin/messages.ts";
import { unreadStudioEventCount } from "../../server/notices/events.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "admin", (m) => m.admin.title);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePageAdmin(request);
  const [unreadMessages, unreadNotices] = await Promise.all([
    unreadMessageCount().catch(() => 0),
    unreadStudioEventCount(admin.id).catch(() => 0),
  ]);
  return { unreadMessages, unreadNotices };
}

/** Revalidated after every admin change, so that the unread count stays right. */
export function shouldRevalidate() {
  return true;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const m = useMessages(
    "admin",
    "orders",
    "quoteAdmin",
    "settings",
    "customers",
    "faqAdmin",
    "homeAdmin",
    "portfolioAdmin",
    "notices",
    "pagesAdmin",
    "discountsAdmin",
  );
  const sections: { to: string; label: string; end?: boolean; count?: number }[] = [
    { to: "/admin", label: m.admin.overviewLink, end: true },
    { to: "/admin/notices", label: m.notices.list.nav, count: loaderData.unreadNotices },
    { to: "/admin/inventory", label: m.admin.inventory },
    { to: "/admin/categories", label: m.admin.categories },
    { to: "/admin/portfolio", label: m.portfolioAdmin.nav },
    { to: "/admin/orders", label: m.orders.adminNav },
    { to: "/admin/discounts", label: m.discountsAdmin.nav },
    { to: "/admin/customers", label: m.customers.nav },
    { to: "/admin/messages", label: m.admin.messages, count: loaderData.unreadMessages },
    { to: "/admin/staff", label: m.admin.staff },
    { to: "/admin/quotes", label: m.quoteAdmin.nav },
    { to: "/admin/pricing", label: m.quoteAdmin.pricingNav },
    { to: "/admin/materials", label: m.quoteAdmin.materialsNav },
    { to: "/admin/settings", label: m.settings.nav },
    { to: "/admin/backups", label: m.admin.backups },
    { to: "/admin/faq", label: m.faqAdmin.nav },
    { to: "/admin/home", label: m.homeAdmin.nav },
    { to: "/admin/about", label: m.pagesAdmin.aboutNav },
    { to: "/admin/services", label: m.pagesAdmin.servicesNav },
  ];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:py-8">
      <nav aria-label={m.admin.sidebar} className="md:w-60 md:shrink-0">
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <p className="text-sm font-bold tracking-wide text-muted uppercase">{m.admin.title}</p>
          {/* A phone shows one row of sections that scrolls sideways; a reader of the list hears it whole. */}
          <p aria-hidden="true" className="text-sm text-muted md:hidden">
            {m.admin.moreSections}
          </p>
        </div>
        <ul className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-2 max-md:scroll-shadows-x md:sticky md:top-20 md:mx-0 md:flex-col md:px-0">
          {sections.map((section) => (
            <li key={section.to} className="shrink-0">
              <LocalizedNavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  `flex items-center justify-between gap-2 rounded-lg border border-border px-3 py-2 font-medium whitespace-nowrap hover:bg-surface-2 md:border-0 ${
                    isActive ? "bg-surface-2 text-accent" : ""
                  }`
                }
              >
                {section.label}
                {section.count ? (
                  <span className="rounded-full bg-accent px-2 text-xs font-bold text-on-accent">
                    {section.count}
                    <span className="sr-only"> {m.admin.messagesPage.unread}</span>
                  </span>
                ) : null}
              </LocalizedNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
