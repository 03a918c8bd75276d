import { data } from "react-router";
import type { Route } from "./+types/admin-packing-slip";
import { pageTitle } from "~/features/i18n/page-meta";
import { PackingSlip } from "~/features/orders/printable";
import { localeFromPath } from "../../domain/locale.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { printableOrder } from "../../server/orders/invoice.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "fulfilment", (m) => m.fulfilment.invoice.packingSlip(args.params.id ?? "")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const admin = await requirePageAdmin(request);
  const printable = await printableOrder(params.id, admin, localeFromPath(url.pathname));
  if (!printable) throw data(null, { status: 404 });
  return printable;
}

export default function AdminPackingSlip({ loaderData }: Route.ComponentProps) {
  return <PackingSlip data={loaderData} />;
}
