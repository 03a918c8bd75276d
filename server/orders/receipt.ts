import { eq } from "drizzle-orm";
import { isLocale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { orderLines, orders } from "../db/schema.ts";
import { orderContact } from "./contact.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { receiptEmail, type OrderSummary } from "../mail/emails/templates.ts";
import { queueMail } from "../mail/outbox.ts";
import type { Executor } from "../db/transaction.ts";
import { loadOrderDelivery } from "./fulfilment.ts";
import { orderPageUrlForMail } from "./access-keys.ts";

/** The receipt, in the order's language: each line, delivery or pickup, shipping, each tax and the total. */
export async function buildReceipt(db: Executor, orderId: string) {
  const [order] = await db.select({ order: orders }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`No order ${orderId}`);
  const contact = await orderContact(orderId);
  // The person had their details erased: nobody to write to.
  if (!contact) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  const locale = isLocale(order.order.locale) ? order.order.locale : "en";
  // Delivery or pickup, shipping and each tax, for orders placed with them (decision 029).
  const delivery = await loadOrderDelivery(orderId, locale, db);
  const summary: OrderSummary = {
    orderId,
    currency: order.order.currency,
    lines: lines.map((line) => ({
      quantity: line.quantity,
      name: line.itemName[locale] || line.itemName.en,
      unitCents: line.unitPriceCents,
      kind: line.kind,
    })),
    delivery: !delivery
      ? null
      : delivery.method === "ship"
        ? {
            method: "ship",
            addressLines: delivery.addressLines,
            subtotalCents: delivery.subtotalCents,
            shippingCents: delivery.shippingCents,
          }
        : {
            method: "pickup",
            address: delivery.pickup?.address ?? "",
            hours: delivery.pickup?.hours ?? "",
            subtotalCents: delivery.subtotalCents,
            shippingCents: delivery.shippingCents,
          },
    discount: delivery ? { cents: delivery.discountCents, code: order.order.discountCode } : undefined,
    taxes: (delivery?.taxes ?? []).map((tax) => ({ label: tax.label, amountCents: tax.amountCents })),
    totalCents: order.order.totalCents,
  };
  const mail = await composeMail(
    receiptEmail,
    {
      name: contact.fullName,
      paidAt: order.order.paidAt ?? new Date(),
      orderUrl: await orderPageUrlForMail(db, orderId, locale),
      order: summary,
    },
    locale,
    db,
  );
  return { to: contact.email, orderId, ...mail };
}

/** Queued in the caller's transaction: it exists exactly when the order became paid. */
export async function queueReceipt(db: Executor, orderId: string): Promise<void> {
  const receipt = await buildReceipt(db, orderId);
  if (receipt) await queueMail(db as Database, receipt);
}
