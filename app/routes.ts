import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Each page once (decision 063): English at the spec's paths, French at the same under /fr. */
const page = (path: string, file: string, id = file) => route(path, `routes/${file}.tsx`, { id });

export default [
  // `fr?/` before every path; the home page becomes an index route at `fr?` (`/` and `/fr`).
  ...prefix("fr?", [
    page("links", "links"),
    // Printable documents: outside the shell, nothing but the paper (decision 029).
    page("orders/:id/invoice", "order-invoice"),
    // A guest's copy of their order's data: a JSON file, no page.
    page("orders/:id/data", "order-data"),
    page("admin/orders/:id/packing-slip", "admin-packing-slip"),
    // An archive to download (admins only): a file, no page.
    page("admin/backups/:name", "admin-backup-download"),
    // Each discount's figures for the accountant (admins only): a file, no page.
    page("admin/discounts.csv", "admin-discounts-csv"),
    layout("routes/shell.tsx", { id: "shell" }, [
      index("routes/home.tsx", { id: "home" }),
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
      route("admin", "routes/admin.tsx", { id: "admin" }, [
        index("routes/admin-index.tsx", { id: "admin-index" }),
        route("inventory", "routes/admin-inventory.tsx", { id: "admin-inventory" }),
        route("inventory/new", "routes/admin-item.tsx", { id: "admin-item-new" }),
        route("inventory/:id", "routes/admin-item.tsx", { id: "admin-item" }),
        route("categories", "routes/admin-categories.tsx", { id: "admin-categories" }),
        route("discounts", "routes/admin-discounts.tsx", { id: "admin-discounts" }),
        route("messages", "routes/admin-messages.tsx", { id: "admin-messages" }),
        route("notices", "routes/admin-notices.tsx", { id: "admin-notices" }),
        route("notices/:id", "routes/admin-notice.tsx", { id: "admin-notice" }),
        route("staff", "routes/admin-staff.tsx", { id: "admin-staff" }),
        route("backups", "routes/admin-backups.tsx", { id: "admin-backups" }),
        route("orders", "routes/admin-orders.tsx", { id: "admin-orders" }),
        route("orders/:id", "routes/admin-order.tsx", { id: "admin-order" }),
        route("customers", "routes/admin-customers.tsx", { id: "admin-customers" }),
        route("customers/:id", "routes/admin-customer.tsx", { id: "admin-customer" }),
        route("quotes", "routes/admin-quotes.tsx", { id: "admin-quotes" }),
        route("pricing", "routes/admin-pricing.tsx", { id: "admin-pricing" }),
        route("materials", "routes/admin-materials.tsx", { id: "admin-materials" }),
        route("settings", "routes/admin-settings.tsx", { id: "admin-settings" }),
        route("faq", "routes/admin-faq.tsx", { id: "admin-faq" }),
        route("home", "routes/admin-home.tsx", { id: "admin-home" }),
        route("about", "routes/admin-page-sections.tsx", { id: "admin-about" }),
        route("services", "routes/admin-page-sections.tsx", { id: "admin-services" }),
        route("portfolio", "routes/admin-portfolio.tsx", { id: "admin-portfolio" }),
        route("portfolio/new", "routes/admin-portfolio-project.tsx", { id: "admin-portfolio-new" }),
        route("portfolio/:id", "routes/admin-portfolio-project.tsx", { id: "admin-portfolio-project" }),
      ]),
      page("*", "not-found"),
    ]),
  ]),
  route("logout", "routes/logout.tsx"),
  route("preferences", "routes/preferences.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
