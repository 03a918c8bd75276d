import { asc, inArray } from "drizzle-orm";
import {
  conversationMessages,
  orderContacts,
  orderDelivery,
  orderEvents,
  orderLines,
  orders,
  orderTaxLines,
  payments,
  quoteFiles,
  quotes,
  refunds,
} from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * Orders as a person's copy of their data gives them (Law 25's right of access): the account's
 * export and a guest's copy from the order's page write each order the same way, with its
 * contact, lines, delivery, taxes, payments, refunds, history and conversation with the studio.
 */
export async function orderRecords(db: Executor, rows: (typeof orders.$inferSelect)[]) {
  const ids = rows.map((order) => order.id);
  const ofOrders =
    <T extends { orderId: string }>(found: T[]) =>
    (orderId: string) =>
      found.filter((row) => row.orderId === orderId);
  const none = ids.length === 0;
  const linesOf = ofOrders(
    none ? [] : await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
  );
  const eventsOf = ofOrders(
    none
      ? []
      : await db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
  );
  const contactOf = ofOrders(
    none ? [] : await db.select().from(orderContacts).where(inArray(orderContacts.orderId, ids)),
  );
  const deliveryOf = ofOrders(
    none ? [] : await db.select().from(orderDelivery).where(inArray(orderDelivery.orderId, ids)),
  );
  const taxesOf = ofOrders(
    none
      ? []
      : await db.select().from(orderTaxLines).where(inArray(orderTaxLines.orderId, ids)).orderBy(asc(orderTaxLines.id)),
  );
  const paymentsOf = ofOrders(
    none ? [] : await db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.createdAt)),
  );
  const refundsOf = ofOrders(
    none ? [] : await db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.id)),
  );
  const messagesOf = ofOrders(
    none
      ? []
      : await db
          .select()
          .from(conversationMessages)
          .where(inArray(conversationMessages.orderId, ids))
          .orderBy(asc(conversationMessages.id)),
  );
  return rows.map((order) => {
    const [delivery] = deliveryOf(order.id);
    const [contact] = contactOf(order.id);
    return {
      id: order.id,
      // Whom the studio writes to about it, as given at checkout (a guest's details included).
      contact: contact ? { email: contact.email, fullName: contact.fullName, phone: contact.phone } : null,
      status: order.status,
      totalCents: order.totalCents,
      currency: order.currency,
      locale: order.locale,
      createdAt: iso(order.createdAt),
      paidAt: iso(order.paidAt),
      lines: linesOf(order.id).map((line) => ({
        kind: line.kind,
        item: line.itemSlug,
        name: line.itemName,
        quoteId: line.quoteId,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      // The delivery address and phone exactly as the order was placed.
      delivery: delivery
        ? {
            method: delivery.method,
            address: delivery.address,
            subtotalCents: delivery.subtotalCents,
            shippingCents: delivery.shippingCents,
            fulfilmentStatus: delivery.fulfilmentStatus,
            carrier: delivery.carrier,
            trackingNumber: delivery.trackingNumber,
          }
        : null,
      taxes: taxesOf(order.id).map((t) => ({
        code: t.code,
        jurisdiction: t.jurisdiction,
        ratePpm: t.ratePpm,
        amountCents: t.amountCents,
      })),
      payments: paymentsOf(order.id).map((p) => ({
        id: p.id,
        provider: p.provider,
        status: p.status,
        amountCents: p.amountCents,
        createdAt: iso(p.createdAt),
      })),
      refunds: refundsOf(order.id).map((r) => ({
        id: r.id,
        status: r.status,
        amountCents: r.amountCents,
        reason: r.reason,
        createdAt: iso(r.createdAt),
      })),
      history: eventsOf(order.id).map((event) => ({
        status: event.status,
        reason: event.reason,
        detail: event.detail,
        at: iso(event.createdAt),
      })),
      // As the buyer saw it: the studio signs as the studio.
      conversation: messagesOf(order.id).map((message) => ({
        author: message.author,
        kind: message.kind,
        body: message.body,
        at: iso(message.createdAt),
      })),
    };
  });
}

/** A custom print as a person's copy of their data gives it (the account's export adds its file's link). */
export function customPrintRecord(q: typeof quotes.$inferSelect, file: typeof quoteFiles.$inferSelect) {
  return {
    id: q.id,
    status: q.status,
    file: { name: file.originalName, format: file.format, bytes: file.bytes, sizeMm: file.sizeMm },
    scale: q.scale,
    options: {
      materialId: q.materialId,
      colourId: q.colourId,
      qualityId: q.qualityId,
      infillPercent: q.infillPercent,
      quantity: q.quantity,
    },
    unitCents: q.unitCents,
    totalCents: q.totalCents,
    reviewNote: q.reviewNote,
    reviewEmail: q.reviewEmail,
    declineReason: q.declineReason,
    orderId: q.orderId,
    createdAt: iso(q.createdAt),
    updatedAt: iso(q.updatedAt),
  };
}
