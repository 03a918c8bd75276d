import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";
import type { Locale } from "../domain/locale.ts";

/** Every page exists twice: English at the spec's paths, French under /fr. */
function pages(locale: Locale): RouteConfigEntry[] {
  const at = (path: string) => (locale === "en" ? path : path ? `fr/${path}` : "fr");
  const id = (name: string) => `${locale}/${name}`;
  const page = (path: string, file: string, name = file) =>
    route(at(path), `routes/${file}.tsx`, { id: id(name) });

  return [
    page("links", "links"),
    // Printable documents: outside the shell, nothing but the paper (decision 029).
    page("orders/:id/invoice", "order-invoice"),
    page("admin/orders/:id/packing-slip", "admin-packing-slip"),
    layout("routes/shell.tsx", { id: id("shell") }, [
      locale === "en"
        ? index("routes/home.tsx", { id: id("home") })
        : route("fr", "routes/home.tsx", { id: id("home") }),
      page("login", "login"),
      page("signup", "signup"),
      page("profile", "profile"),
      page("forgot-password", "forgot-password"),
      page("reset-password", "reset-password"),
      page("verify", "verify"),
      page("services", "services"),
      page("inspirations/:project?", "inspirations"),
      page("about", "about"),
      page("contact", "contact"),
      page("store", "store"),
      page("store/:slug", "store-item"),
      page("store/checkout", "checkout"),
      page("payment/confirmation", "payment-confirmation"),
      page("payment/authenticate", "payment-authenticate"),
      page("payment/:orderId/:amount?", "payment"),
      page("orders/:id", "order"),
      page("privacy", "legal", "privacy"),
      page("terms-of-sale", "legal", "terms-of-sale"),
      page("returns", "legal", "returns"),
      page("quote", "quote"),
      page("cart", "cart"),
      route(at("admin"), "routes/admin.tsx", { id: id("admin") }, [
        index("routes/admin-index.tsx", { id: id("admin-index") }),
        route("inventory", "routes/admin-inventory.tsx", { id: id("admin-inventory") }),
        route("inventory/new", "routes/admin-item.tsx", { id: id("admin-item-new") }),
        route("inventory/:id", "routes/admin-item.tsx", { id: id("admin-item") }),
        route("categories", "routes/admin-categories.tsx", { id: id("admin-categories") }),
        route("messages", "routes/admin-messages.tsx", { id: id("admin-messages") }),
        route("staff", "routes/admin-staff.tsx", { id: id("admin-staff") }),
        route("orders", "routes/admin-orders.tsx", { id: id("admin-orders") }),
        route("orders/:id", "routes/admin-order.tsx", { id: id("admin-order") }),
        route("customers", "routes/admin-customers.tsx", { id: id("admin-customers") }),
        route("customers/:id", "routes/admin-customer.tsx", { id: id("admin-customer") }),
        route("quotes", "routes/admin-quotes.tsx", { id: id("admin-quotes") }),
        route("pricing", "routes/admin-pricing.tsx", { id: id("admin-pricing") }),
        route("materials", "routes/admin-materials.tsx", { id: id("admin-materials") }),
        route("settings", "routes/admin-settings.tsx", { id: id("admin-settings") }),
        route("faq", "routes/admin-faq.tsx", { id: id("admin-faq") }),
        route("home", "routes/admin-home.tsx", { id: id("admin-home") }),
        route("portfolio", "routes/admin-portfolio.tsx", { id: id("admin-portfolio") }),
        route("portfolio/new", "routes/admin-portfolio-project.tsx", { id: id("admin-portfolio-new") }),
        route("portfolio/:id", "routes/admin-portfolio-project.tsx", { id: id("admin-portfolio-project") }),
      ]),
      page("*", "not-found"),
    ]),
  ];
}

export default [
  ...pages("en"),
  ...pages("fr"),
  route("logout", "routes/logout.tsx"),
  route("preferences", "routes/preferences.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
