import { data } from "react-router";
import type { Route } from "./+types/order-invoice";
import { pageTitle } from "~/features/i18n/page-meta";
import { InvoiceDocument } from "~/features/orders/printable";
import { localeFromPath } from "../../domain/locale.ts";
import { requirePageUser } from "../../server/auth/session.ts";
import { keyOpensOrder } from "../../server/orders/access-keys.ts";
import { printableOrder } from "../../server/orders/invoice.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "fulfilment", (m) => m.fulfilment.invoice.title(args.params.id ?? "")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  // A guest's link (?key=…) opens its own invoice and nothing else.
  const key = url.searchParams.get("key");
  if (key !== null && !(await keyOpensOrder(params.id, key))) throw data(null, { status: 404 });
  const viewer = key === null ? await requirePageUser(request) : null;
  const printable = await printableOrder(params.id, viewer, localeFromPath(url.pathname));
  if (!printable) throw data(null, { status: 404 });
  return printable;
}

export default function OrderInvoice({ loaderData }: Route.ComponentProps) {
  return <InvoiceDocument data={loaderData} />;
}
