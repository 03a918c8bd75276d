import { and, eq, isNull, notInArray } from "drizzle-orm";
import { isLocale, localizePath } from "../../domain/locale.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { orders, payments } from "../db/schema.ts";
import { orderContact } from "./contact.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { paymentFailedEmail } from "../mail/emails/templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { FINAL_STATUSES, recordIntentStatus } from "../payments/records.ts";
import type { PaymentIntent } from "../payments/types.ts";
import type { Executor } from "../db/transaction.ts";
import { orderPageUrlForMail } from "./access-keys.ts";

/**
 * Records what the provider says of a payment. A card refused (the intent back to asking for a
 * payment method, with the bank's reason) e-mails the buyer a way back to pay, in the transaction
 * that records the refusal: once, not again for the refusals that follow it on the same payment.
 */
export async function recordPaymentReport(intent: PaymentIntent): Promise<void> {
  if (intent.status !== "requires_payment_method" || !intent.lastError) return recordIntentStatus(intent);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [refused] = await tx
      .update(payments)
      .set({ status: intent.status, failureReason: intent.lastError!.code, updatedAt: new Date() })
      .where(
        and(eq(payments.id, intent.id), notInArray(payments.status, FINAL_STATUSES), isNull(payments.failureReason)),
      )
      .returning({ orderId: payments.orderId });
    if (refused) await queuePaymentFailed(tx, refused.orderId, intent.lastError!.code);
  });
  await recordIntentStatus(intent);
}

async function queuePaymentFailed(db: Executor, orderId: string, code: string): Promise<void> {
  const [order] = await db.select({ order: orders }).from(orders).where(eq(orders.id, orderId));
  // Only an order that can still be paid: an expired or cancelled one has nothing to come back to.
  if (!order || order.order.status !== "pending") return;
  const contact = await orderContact(orderId);
  if (!contact) return;
  const locale = isLocale(order.order.locale) ? order.order.locale : "en";
  const declines = messagesFor(locale).checkout.declines;
  const page = (path: string) => new URL(localizePath(path, locale), config.publicUrl).toString();
  const orderUrl = await orderPageUrlForMail(db, orderId, locale);
  const mail = await composeMail(
    paymentFailedEmail,
    {
      name: contact.fullName,
      orderId,
      orderUrl,
      // A guest's payment page opens only in the browser that placed the order; the keyed page opens anywhere.
      payUrl: orderUrl.includes("?key=") ? orderUrl : page(`/payment/${orderId}`),
      totalCents: order.order.totalCents,
      currency: order.order.currency,
      reason: declines[code] ?? declines.generic_decline!,
    },
    locale,
    db,
  );
  await queueMail(db, { to: contact.email, orderId, ...mail });
}
