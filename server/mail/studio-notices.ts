import { and, eq, inArray, sql } from "drizzle-orm";
import { messagesFor, type Messages } from "../../messages/messages.server.ts";
import { addressLines } from "../../domain/address.ts";
import { localizePath, type Locale } from "../../domain/locale.ts";
import { formatMoney } from "../../domain/money.ts";
import type { NoticeKind } from "../../domain/studio-notices.ts";
import { taxLabel } from "../../domain/tax.ts";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import {
  inventoryItems,
  orderDelivery,
  orderLines,
  orders,
  orderTaxLines,
  quoteFiles,
  quotePriceTerms,
  quotes,
  user,
} from "../db/schema.ts";
import { getNoticeSettings } from "../settings/notice-settings.ts";
import { sendMail } from "./mailer.ts";
import { composeMail } from "./emails/compose.ts";
import { studioNoticeEmail } from "./emails/templates.ts";

/**
 * The studio's notices (issue 21, point 2): an e-mail to the studio for each paid order, each
 * custom print a buyer asks it to price, each one the site could not price by itself, each refund
 * the processor refused, and each item whose stock falls below the owner's threshold. Each kind is
 * on or off, with its address, in Admin → Settings (server/settings/notice-settings.ts), written
 * in the studio's language, and queued through the outbox like every other e-mail.
 *
 * Each function is called with one line where its event happens, after the event's transaction
 * committed, given ids only: it reads what it says itself. It never throws (a notice that cannot
 * be written is logged; the buyer's payment or the admin's refund does not fail because of it).
 */

type Notice = { subject: string; lines: (string | null | undefined)[]; link?: string };

async function send(
  kind: NoticeKind,
  compose: (m: Messages["notices"]["mail"], locale: Locale) => Promise<Notice | null>,
): Promise<string | null> {
  try {
    const settings = await getNoticeSettings();
    const { enabled, to } = settings.kinds[kind];
    if (!enabled || !to) return null;
    const m = messagesFor(settings.locale).notices.mail;
    const notice = await compose(m, settings.locale);
    if (!notice) return null;
    const data = {
      subject: notice.subject,
      lines: notice.lines.filter((line): line is string => typeof line === "string"),
      link: notice.link ? `${config.publicUrl}${localizePath(notice.link, settings.locale)}` : null,
      signature: m.signature,
    };
    // Not linked to the order (outbox.order_id is the buyer's mail about it: receipts, refunds).
    return await sendMail({ to, ...(await composeMail(studioNoticeEmail, data, settings.locale)) });
  } catch (error) {
    console.error(`The studio's ${kind} notice could not be written:`, error);
    return null;
  }
}

const money = (cents: number, currency: string, locale: Locale) => formatMoney(cents, currency, locale);

/** A paid order: number, buyer, lines, delivery or pickup with the address, taxes and total. */
export function noticeOrderPaid(orderId: string): Promise<string | null> {
  return send("paid_order", async (m, locale) => {
    const db = await getDb();
    const [order] = await db
      .select({
        id: orders.id,
        totalCents: orders.totalCents,
        currency: orders.currency,
        username: user.username,
        email: user.email,
      })
      .from(orders)
      .innerJoin(user, eq(user.id, orders.userId))
      .where(eq(orders.id, orderId));
    if (!order) return null;
    const [lines, [delivery], taxes] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id),
      db.select().from(orderDelivery).where(eq(orderDelivery.orderId, orderId)),
      db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, orderId)).orderBy(orderTaxLines.id),
    ]);
    const p = m.paidOrder;
    const cash = (cents: number) => money(cents, order.currency, locale);
    const deliveryLines =
      delivery?.method === "ship" && delivery.address
        ? [
            p.ship,
            ...addressLines(delivery.address).map((line) => `  ${line}`),
            delivery.address.phone ? `  ${delivery.address.phone}` : null,
          ]
        : delivery?.method === "pickup"
          ? [p.pickup]
          : [p.noDelivery];
    return {
      subject: p.subject(order.id, cash(order.totalCents)),
      link: `/admin/orders/${order.id}`,
      lines: [
        p.intro(order.id),
        p.buyer(order.username, order.email),
        "",
        p.lines,
        ...lines.map((line) =>
          p.line(
            line.quantity,
            line.itemName[locale] || line.itemName.en,
            cash(line.unitPriceCents),
            cash(line.unitPriceCents * line.quantity),
          ),
        ),
        "",
        ...deliveryLines,
        "",
        delivery ? p.subtotal(cash(delivery.subtotalCents)) : null,
        delivery && delivery.method === "ship" ? p.shipping(cash(delivery.shippingCents)) : null,
        ...taxes.map((tax) => p.tax(taxLabel(tax, locale), cash(tax.amountCents))),
        p.total(cash(order.totalCents)),
      ],
    };
  });
}

async function quoteLines(quoteId: string, m: Messages["notices"]["mail"], locale: Locale) {
  const db = await getDb();
  const [found] = await db
    .select({ quote: quotes, fileName: quoteFiles.originalName, terms: quotePriceTerms.terms, ownerEmail: user.email })
    .from(quotes)
    .innerJoin(quoteFiles, eq(quoteFiles.id, quotes.fileId))
    .innerJoin(quotePriceTerms, eq(quotePriceTerms.version, quotes.termsVersion))
    .leftJoin(user, eq(user.id, quotes.userId))
    .where(eq(quotes.id, quoteId));
  if (!found) return null;
  const { quote, terms } = found;
  const material = terms.materials.find((item) => item.id === quote.materialId);
  const colour = material?.colours.find((item) => item.id === quote.colourId);
  const quality = terms.qualities.find((item) => item.id === quote.qualityId);
  const email = found.ownerEmail ?? quote.reviewEmail;
  return {
    quote,
    fileName: found.fileName,
    lines: [
      m.quote.file(found.fileName),
      m.quote.options(
        material?.name[locale] ?? quote.materialId,
        colour?.name[locale] ?? quote.colourId,
        quality?.name[locale] ?? quote.qualityId,
        quote.infillPercent,
        quote.quantity,
      ),
      email ? m.quote.contact(email) : m.quote.anonymous,
      quote.reviewNote ? m.quote.note(quote.reviewNote) : null,
    ],
  };
}

/** A buyer asked the studio to price a custom print ("ask the studio"). */
export function noticeQuoteRequest(quoteId: string): Promise<string | null> {
  return send("quote_request", async (m, locale) => {
    const found = await quoteLines(quoteId, m, locale);
    if (!found || found.quote.status !== "needs_review") return null;
    return {
      subject: m.quoteRequest.subject(found.fileName),
      link: "/admin/quotes",
      lines: [m.quoteRequest.intro, "", ...found.lines],
    };
  });
}

/** The site could not price a custom print by itself (too big, not watertight, the slicer failed): a person should look. */
export function noticeQuoteNeedsReview(quoteId: string): Promise<string | null> {
  return send("quote_review", async (m, locale) => {
    const found = await quoteLines(quoteId, m, locale);
    if (!found || found.quote.status !== "failed") return null;
    const r = m.quoteReview;
    const reason = r.reasons[found.quote.failureCode ?? ""] ?? r.otherReason;
    return { subject: r.subject(found.fileName), link: "/admin/quotes", lines: [r.intro(reason), "", ...found.lines] };
  });
}

/** The payment processor refused a refund (nothing was refunded). */
export function noticeRefundFailed(orderId: string, amountCents: number, error?: unknown): Promise<string | null> {
  return send("refund_failed", async (m, locale) => {
    const db = await getDb();
    const [order] = await db
      .select({ id: orders.id, currency: orders.currency })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return null;
    const amount = money(amountCents, order.currency, locale);
    const reason = error instanceof Error ? error.message.slice(0, 500) : null;
    return {
      subject: m.refundFailed.subject(order.id, amount),
      link: `/admin/orders/${order.id}`,
      lines: [m.refundFailed.intro(order.id, amount), reason ? m.refundFailed.reason(reason) : null],
    };
  });
}

/**
 * After a sale took stock: one notice per item of the order whose stock on the shelf went from
 * the threshold or more to below it with this order (so each fall is reported once, not each
 * sale after it). Stock never goes below zero, so `stock + sold` is what the shelf held before.
 */
export async function noticeLowStockAfterOrder(orderId: string): Promise<string[]> {
  try {
    const settings = await getNoticeSettings();
    if (!settings.kinds.low_stock.enabled) return [];
    const threshold = settings.lowStockThreshold;
    const db = await getDb();
    const sold = db
      .select({ itemId: orderLines.itemId, quantity: sql<number>`sum(${orderLines.quantity})::int`.as("quantity") })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, "item")))
      .groupBy(orderLines.itemId)
      .as("sold");
    const fallen = await db
      .select({ id: inventoryItems.id, translations: inventoryItems.translations, stock: inventoryItems.stock })
      .from(inventoryItems)
      .innerJoin(sold, eq(sold.itemId, inventoryItems.id))
      .where(
        and(
          sql`${inventoryItems.stock} < ${threshold}`,
          sql`${inventoryItems.stock} + ${sold.quantity} >= ${threshold}`,
        ),
      );
    const ids: string[] = [];
    for (const item of fallen) {
      const id = await noticeLowStock(item.id);
      if (id) ids.push(id);
    }
    return ids;
  } catch (error) {
    console.error("The studio's low_stock notice could not be written:", error);
    return [];
  }
}

/** One item's stock is below the threshold. */
export function noticeLowStock(itemId: string): Promise<string | null> {
  return send("low_stock", async (m, locale) => {
    const settings = await getNoticeSettings();
    const db = await getDb();
    const [item] = await db
      .select()
      .from(inventoryItems)
      .where(inArray(inventoryItems.id, [itemId]));
    if (!item || item.stock >= settings.lowStockThreshold) return null;
    const name = item.translations[locale]?.name || item.translations.en.name;
    return {
      subject: m.lowStock.subject(name, item.stock),
      link: `/admin/inventory/${item.id}`,
      lines: [m.lowStock.intro(name, item.stock, settings.lowStockThreshold)],
    };
  });
}

/** Everything the studio is told when an order is paid: the order, and the items it took below the threshold. */
export async function noticesAfterPayment(orderId: string): Promise<void> {
  await Promise.all([noticeOrderPaid(orderId), noticeLowStockAfterOrder(orderId)]);
}
