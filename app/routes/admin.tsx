import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { LocalizedNavLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { requirePageAdmin } from "../../server/auth/session.ts";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, (m) => m.admin.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  return null;
}

export default function AdminLayout() {
  const m = useMessages();
  const sections = [
    { to: "/admin/inventory", label: m.admin.inventory },
    { to: "/admin/categories", label: m.admin.categories },
    { to: "/admin/orders", label: m.orders.adminNav },
  ];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row">
      <nav aria-label={m.admin.sidebar} className="md:w-60 md:shrink-0">
        <p className="mb-3 text-sm font-bold uppercase tracking-wide text-muted">{m.admin.title}</p>
        <ul className="flex gap-2 overflow-x-auto md:flex-col">
          {sections.map((section) => (
            <li key={section.to}>
              <LocalizedNavLink
                to={section.to}
                className={({ isActive }) =>
                  `block whitespace-nowrap rounded-lg px-3 py-2 font-medium hover:bg-surface-2 ${
                    isActive ? "bg-surface-2 text-accent" : ""
                  }`
                }
              >
                {section.label}
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
