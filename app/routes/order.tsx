import { data } from "react-router";
import type { Route } from "./+types/order";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { useFormatters } from "~/features/orders/format";
import { OrderContents } from "~/features/orders/order-contents";
import { StatusBadge } from "~/features/orders/order-parts";
import { requirePageUser } from "../../server/auth/session.ts";
import { loadOrder, orderForViewer } from "../../server/orders/queries.ts";
import { guestBuyerOf, guestOrderCookie, keyOpensOrder } from "../../server/orders/guest-checkout.ts";
import { orderCustomParts } from "../../server/orders/custom-parts.ts";
import { loadOrderDelivery, wasRefunded } from "../../server/orders/fulfilment.ts";
import { usePlainStatus } from "~/features/orders/delivery-parts";
import { localeFromPath } from "../../domain/locale.ts";
import { orderRefunds } from "../../server/orders/refunds.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "orders", (m) => m.orders.orderTitle(args.params.id ?? "")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  // A guest's link (?key=…) opens its order, and only that one; a wrong key is a missing order.
  const key = url.searchParams.get("key");
  if (key !== null && !(await keyOpensOrder(params.id, key))) throw data(null, { status: 404 });
  const user = key === null ? await requirePageUser(request) : null;
  const order = user ? await orderForViewer(params.id, user) : await loadOrder(params.id);
  // Owner or admin; anyone else sees the same page as for an order that does not exist.
  if (!order) throw data(null, { status: 404 });
  const delivery = await loadOrderDelivery(order.id, localeFromPath(url.pathname));
  const refunded = order.status === "cancelled" && (await wasRefunded(order.id));
  const refunds = await orderRefunds(order.id, localeFromPath(url.pathname));
  const page = {
    order,
    accessKey: key,
    isOwner: user ? order.userId === user.id : true,
    buyerEmail: user?.email ?? (await guestBuyerOf(order.userId))?.email ?? "",
    delivery,
    refunded,
    refunds,
    customParts: await orderCustomParts(order),
  };
  // The browser that opened the link may pay for the order (the payment pages read this cookie).
  return key === null ? page : data(page, { headers: { "Set-Cookie": guestOrderCookie(order.id, key, request.url) } });
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const m = useMessages("orders", "fulfilment");
  const f = useFormatters();
  const { order, isOwner, delivery, refunded } = loaderData;
  const plainStatus = usePlainStatus();
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{m.orders.orderTitle(order.id)}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="mt-3 text-lg" data-testid="order-progress">
        {plainStatus(order, delivery, refunded)}
      </p>
      {isOwner && awaitsPickupNotice(order.status, delivery) && (
        <p className="mt-2 text-muted" data-testid="pickup-notice">
          {m.fulfilment.pickupNotice(loaderData.buyerEmail)}
        </p>
      )}
      <dl className="card mt-6 grid gap-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">{m.orders.status}</dt>
        <dd data-testid="order-status">{m.orders.statuses[order.status]}</dd>
        <dt className="font-semibold">{m.orders.placedOn}</dt>
        <dd>{f.dateTime(order.createdAt)}</dd>
        {order.paidAt && (
          <>
            <dt className="font-semibold">{m.orders.paidOn}</dt>
            <dd>{f.dateTime(order.paidAt)}</dd>
          </>
        )}
        {order.status === "pending" && order.reservedUntil && (
          <>
            <dt className="font-semibold">{m.orders.heldUntil}</dt>
            <dd>{f.dateTime(order.reservedUntil)}</dd>
          </>
        )}
        <dt className="font-semibold">{m.orders.updatedOn}</dt>
        <dd>{f.dateTime(order.updatedAt)}</dd>
        <dt className="font-semibold">{m.orders.total}</dt>
        <dd className="font-semibold tabular-nums">{f.money(order.totalCents, order.currency)}</dd>
      </dl>
      <div className="mt-6">
        <OrderContents
          order={order}
          customParts={loaderData.customParts}
          refunds={loaderData.refunds}
          delivery={delivery}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {isOwner && order.status === "pending" && (
          <LocalizedLink to={`/payment/${order.id}/${order.totalCents}`} className="btn btn-primary">
            {m.orders.payNow}
          </LocalizedLink>
        )}
        {order.paidAt && (
          <LocalizedLink
            to={`/orders/${order.id}/invoice${loaderData.accessKey ? `?key=${loaderData.accessKey}` : ""}`}
            className="btn btn-secondary"
          >
            {m.fulfilment.invoice.link}
          </LocalizedLink>
        )}
        {!loaderData.accessKey && (
          <LocalizedLink to="/profile" className="btn btn-secondary">
            {m.orders.backToProfile}
          </LocalizedLink>
        )}
      </div>
    </section>
  );
}

/** A pickup order still on its way to the shelf: paid or awaiting payment, not yet ready. */
function awaitsPickupNotice(
  status: string,
  delivery: { method: string; fulfilmentStatus: string | null } | null,
): boolean {
  return (
    delivery?.method === "pickup" &&
    (status === "pending" || status === "paid") &&
    (delivery.fulfilmentStatus === null || delivery.fulfilmentStatus === "packed")
  );
}
