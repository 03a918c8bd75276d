import type { Locale } from "../../domain/locale.ts";
import { onNotice } from "../db/notifications.ts";
import { onSiteChanged } from "../db/site-changes.ts";
import { createKeptReads } from "../http/kept-reads.ts";
import { orderCustomParts } from "./custom-parts.ts";
import { loadOrderDelivery, wasRefunded } from "./fulfilment.ts";
import { loadOrder } from "./queries.ts";
import { orderRefunds } from "./refunds.ts";

/**
 * What an order's page shows of the order, the same for every viewer allowed to see it (the
 * loader checks who), kept per order until it changes. A trigger on every table an order is read
 * from announces each change, whoever made it (migration 0034, topic "order-changed", on every app
 * server); the studio's settings (the pickup address) with every `siteChanged`.
 */
const keptOrders = createKeptReads(10_000);

export async function orderPageData(orderId: string, locale: Locale) {
  return keptOrders.kept(
    orderId,
    locale,
    () => readOrderPage(orderId, locale),
    (page) => page !== null,
  );
}

async function readOrderPage(orderId: string, locale: Locale) {
  const order = await loadOrder(orderId);
  if (!order) return null;
  return {
    order,
    delivery: await loadOrderDelivery(order.id, locale),
    refunded: order.status === "cancelled" && (await wasRefunded(order.id)),
    refunds: await orderRefunds(order.id, locale),
    customParts: await orderCustomParts(order),
  };
}

onNotice("order-changed", keptOrders.forget);
onSiteChanged(() => keptOrders.forget(null));
