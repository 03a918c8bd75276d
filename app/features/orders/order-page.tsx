import type { ComponentProps } from "react";
import type { OrderStatus } from "../../../domain/order-status.ts";
import { LocalizedLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";
import { usePlainStatus } from "./delivery-parts";
import { useFormatters } from "./format";
import { GuestData, type GuestDataOutcome } from "./guest-data";
import { Conversation, type ConversationOutcome } from "./conversation";
import type { ConversationMessageView } from "../../../domain/conversations.ts";
import { OrderContents } from "./order-contents";
import { StatusBadge } from "./order-parts";

type Contents = ComponentProps<typeof OrderContents>;

/** What the order's loader gives its page (the owner's, an admin's, or a guest's with the order's link). */
export type OrderPageProps = Omit<Contents, "order" | "forAdmin" | "beforeDelivery"> & {
  order: Contents["order"] & {
    id: string;
    /** The account it belongs to; null for a guest's order. */
    userId: string | null;
    status: OrderStatus;
    createdAt: string;
    paidAt: string | null;
    reservedUntil: string | null;
    updatedAt: string;
  };
  refunded: boolean;
  accessKey: string | null;
  isOwner: boolean;
  buyerEmail: string;
  /** The conversation with the studio, for the order's buyer (null for anyone else, an admin included). */
  conversation: ConversationMessageView[] | null;
};

/** The order as its owner, an admin or a guest with its link sees it; `outcome`: its action's answer. */
export function OrderPage({
  page,
  outcome,
}: {
  page: OrderPageProps;
  outcome?: GuestDataOutcome | ConversationOutcome;
}) {
  const m = useMessages("orders", "fulfilment");
  const f = useFormatters();
  const { order, isOwner, delivery, refunded } = page;
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
          {m.fulfilment.pickupNotice(page.buyerEmail)}
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
        <OrderContents order={order} customParts={page.customParts} refunds={page.refunds} delivery={delivery} />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {isOwner && order.status === "pending" && (
          <LocalizedLink to={`/payment/${order.id}/${order.totalCents}`} className="btn btn-primary">
            {m.orders.payNow}
          </LocalizedLink>
        )}
        {order.paidAt && (
          <LocalizedLink
            to={`/orders/${order.id}/invoice${page.accessKey ? `?key=${page.accessKey}` : ""}`}
            className="btn btn-secondary"
          >
            {m.fulfilment.invoice.link}
          </LocalizedLink>
        )}
        {!page.accessKey && (
          <LocalizedLink to="/profile" className="btn btn-secondary">
            {m.orders.backToProfile}
          </LocalizedLink>
        )}
      </div>
      {page.conversation && (
        <Conversation
          messages={page.conversation}
          side="buyer"
          accessKey={page.accessKey}
          outcome={outcome && "conversation" in outcome ? outcome : undefined}
        />
      )}
      {/* A guest's rights over their data (an account's are on its profile); no contact left: erased. */}
      {page.accessKey && isOwner && order.userId === null && (
        <GuestData
          orderId={order.id}
          accessKey={page.accessKey}
          erased={page.buyerEmail === ""}
          outcome={outcome && !("conversation" in outcome) ? outcome : undefined}
        />
      )}
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
