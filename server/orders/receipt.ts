import { eq, sql } from "drizzle-orm";
import { messagesFor } from "../../messages/messages.server.ts";
import { isLocale, localizePath } from "../../domain/locale.ts";
import { intlLocale } from "../../domain/locale.ts";
import { formatMoney } from "../../domain/money.ts";
import { config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { guestBuyers, orderLines, orders, user } from "../db/schema.ts";
import { queueMail } from "../mail/outbox.ts";
import type { Executor } from "./db.ts";
import { receiptDeliveryLines } from "./fulfilment.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";

/** The receipt, in the order's language, with every amount formatted for it. */
export async function buildReceipt(db: Executor, orderId: string) {
  const [order] = await db
    .select({
      order: orders,
      email: sql<string>`coalesce(${guestBuyers.email}, ${user.email})`,
      username: user.username,
    })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .leftJoin(guestBuyers, eq(guestBuyers.userId, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`No order ${orderId}`);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  const locale = isLocale(order.order.locale) ? order.order.locale : "en";
  const m = messagesFor(locale).orders;
  const money = (cents: number) => formatMoney(cents, order.order.currency, locale);
  const paidAt = order.order.paidAt ?? new Date();
  const date = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "America/Toronto",
  }).format(paidAt);
  const url = new URL(localizePath(`/orders/${orderId}`, locale), config.publicUrl).toString();
  // Delivery or pickup, shipping and each tax, for orders placed with them (decision 029).
  const studioName = (await getStudioIdentity(db)).name;
  const delivery = await receiptDeliveryLines(db, orderId, locale, order.order.currency);
  const text = [
    m.receiptGreeting(order.username),
    "",
    m.receiptIntro,
    "",
    m.receiptOrder(orderId),
    m.receiptDate(date),
    "",
    ...lines.map((line) =>
      m.receiptLine(
        line.quantity,
        line.itemName[locale] || line.itemName.en,
        money(line.unitPriceCents),
        money(line.unitPriceCents * line.quantity),
      ),
    ),
    "",
    ...(delivery.length > 0 ? [...delivery, ""] : []),
    m.receiptTotal(money(order.order.totalCents)),
    "",
    m.receiptLink(url),
    "",
    m.receiptSignature(studioName),
  ].join("\n");
  return { to: order.email, subject: m.receiptSubject(orderId, studioName), text, orderId };
}

/** Queued in the caller's transaction: it exists exactly when the order became paid. */
export async function queueReceipt(db: Executor, orderId: string): Promise<void> {
  await queueMail(db as Database, await buildReceipt(db, orderId));
}
