import { data } from "react-router";
import type { Route } from "./+types/payment";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { MissingOrder, PaymentView } from "~/features/payment/payment-view";
import { requirePagePayer } from "../../server/orders/guest-payer.ts";
import { orderForOwner } from "../../server/orders/queries.ts";
import { getPaymentProvider } from "../../server/payments/index.ts";
import { loadOrderDelivery } from "../../server/orders/fulfilment.ts";
import { localeFromPath } from "../../domain/locale.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "checkout", (m) => m.checkout.paymentTitle),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const payer = await requirePagePayer(request, params.orderId);
  const amount = params.amount !== undefined && /^\d+$/.test(params.amount) ? Number(params.amount) : null;
  if (!params.orderId || amount === null) return { missing: true as const };
  const order = await orderForOwner(params.orderId, payer);
  // Someone else's order looks exactly like one that does not exist.
  if (!order) throw data(null, { status: 404 });
  const provider = getPaymentProvider();
  const delivery = await loadOrderDelivery(order.id, localeFromPath(url.pathname));
  return {
    missing: false as const,
    urlAmount: amount,
    provider: { name: provider.name, publishableKey: provider.publishableKey },
    order: {
      id: order.id,
      status: order.status,
      totalCents: order.totalCents,
      currency: order.currency,
      reservedUntil: order.reservedUntil,
      lines: order.lines.map((line) => ({
        key: line.id,
        name: line.name,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      delivery: delivery && {
        method: delivery.method,
        subtotalCents: delivery.subtotalCents,
        discountCents: delivery.discountCents,
        shippingCents: delivery.shippingCents,
        taxes: delivery.taxes,
      },
    },
  };
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  const m = useMessages("checkout");
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.checkout.paymentTitle}</h1>
      {loaderData.missing ? (
        <MissingOrder />
      ) : (
        <PaymentView
          key={loaderData.order.id}
          order={loaderData.order}
          provider={loaderData.provider}
          urlAmount={loaderData.urlAmount}
        />
      )}
    </section>
  );
}
