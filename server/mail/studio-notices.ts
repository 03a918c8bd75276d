import { and, asc, eq, isNull } from "drizzle-orm";
import { messagesFor, type Messages } from "../../messages/messages.server.ts";
import { addressLines } from "../../domain/address.ts";
import { intlLocale, localizePath, type Locale } from "../../domain/locale.ts";
import { formatMoney } from "../../domain/money.ts";
import { BACKUP_OVERDUE, studioEventLink, type NoticeSettings } from "../../domain/studio-notices.ts";
import { taxLabel } from "../../domain/tax.ts";
import { config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { getDb } from "../db/index.ts";
import { orderContact } from "../orders/contact.ts";
import {
  inventoryItems,
  orderDelivery,
  orderLines,
  orders,
  orderTaxLines,
  quoteFiles,
  quotePriceTerms,
  quotes,
  studioEvents,
  user,
} from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";
import { getNoticeSettings } from "../settings/notice-settings.ts";
import { deliverNow } from "./mailer.ts";
import { queueMail } from "./outbox.ts";
import { composeMail } from "./emails/compose.ts";
import { studioNoticeEmail } from "./emails/templates.ts";
import { log } from "../log.ts";
import { unreadBuyerMessages } from "../conversations/unread.ts";

/**
 * The studio's e-mail notices (issue 21, point 2), queued from the studio's events
 * (server/notices/events.ts): each event row is taken once, by one app server, and its e-mail
 * (when that kind is on in Admin → Settings) is queued in the outbox in the same transaction that
 * marks the row mailed. A crash before that leaves the row to the next run; nothing is sent twice.
 * Each kind's subject and text come from one function below, in the studio's language.
 */

type StudioEvent = typeof studioEvents.$inferSelect;
export type Notice = { subject: string; lines: (string | null | undefined)[]; link?: string | null };
type NoticeMessages = Messages["notices"]["mail"];

const money = (cents: number, currency: string, locale: Locale) => formatMoney(cents, currency, locale);

/** A paid order: number, buyer, lines, delivery or pickup with the address, taxes and total. */
export async function paidOrderNotice(
  db: Executor,
  event: StudioEvent,
  m: NoticeMessages,
  locale: Locale,
): Promise<Notice | null> {
  if (!event.orderId) return null;
  const orderId = event.orderId;
  const [order] = await db
    .select({
      id: orders.id,
      totalCents: orders.totalCents,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const contact = await orderContact(orderId);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  const [delivery] = await db.select().from(orderDelivery).where(eq(orderDelivery.orderId, orderId));
  const taxes = await db
    .select()
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, orderId))
    .orderBy(orderTaxLines.id);
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
    lines: [
      p.intro(order.id),
      contact ? p.buyer(contact.fullName, contact.email, contact.phone) : null,
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
}

async function quoteLines(db: Executor, quoteId: string, m: NoticeMessages, locale: Locale) {
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
export async function quoteRequestNotice(
  db: Executor,
  event: StudioEvent,
  m: NoticeMessages,
  locale: Locale,
): Promise<Notice | null> {
  const found = event.quoteId ? await quoteLines(db, event.quoteId, m, locale) : null;
  if (!found) return null;
  return { subject: m.quoteRequest.subject(found.fileName), lines: [m.quoteRequest.intro, "", ...found.lines] };
}

/** The site could not price a custom print by itself (too big, not watertight, the slicer failed): a person should look. */
export async function quoteReviewNotice(
  db: Executor,
  event: StudioEvent,
  m: NoticeMessages,
  locale: Locale,
): Promise<Notice | null> {
  const found = event.quoteId ? await quoteLines(db, event.quoteId, m, locale) : null;
  if (!found) return null;
  const r = m.quoteReview;
  const reason = r.reasons[event.detail.failureCode ?? found.quote.failureCode ?? ""] ?? r.otherReason;
  return { subject: r.subject(found.fileName), lines: [r.intro(reason), "", ...found.lines] };
}

/** The payment processor refused a refund (nothing was refunded). */
export async function refundFailedNotice(
  db: Executor,
  event: StudioEvent,
  m: NoticeMessages,
  locale: Locale,
): Promise<Notice | null> {
  if (!event.orderId) return null;
  const [order] = await db
    .select({ id: orders.id, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, event.orderId));
  if (!order) return null;
  const amount = money(event.detail.amountCents ?? 0, order.currency, locale);
  const reason = event.detail.reason;
  return {
    subject: m.refundFailed.subject(order.id, amount),
    lines: [m.refundFailed.intro(order.id, amount), reason ? m.refundFailed.reason(reason) : null],
  };
}

/** Money moved at Stripe outside the site: a refund in its dashboard, a dispute opened, won or lost. */
export async function processorMoneyNotice(
  db: Executor,
  event: StudioEvent,
  m: NoticeMessages,
  locale: Locale,
): Promise<Notice | null> {
  const move = event.detail.moneyMove;
  if (!event.orderId || !move) return null;
  const [order] = await db
    .select({ id: orders.id, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, event.orderId));
  if (!order) return null;
  const p = m.processorMoney;
  const amount = money(event.detail.amountCents ?? 0, order.currency, locale);
  const dueBy = event.detail.dueBy
    ? new Intl.DateTimeFormat(intlLocale(locale), {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "America/Toronto",
      }).format(new Date(event.detail.dueBy))
    : null;
  return {
    subject: p.subject[move](order.id, amount),
    lines: [
      p.intro[move](order.id, amount),
      dueBy ? p.dueBy(dueBy) : null,
      move === "dispute_opened" && event.detail.reason ? p.reason(event.detail.reason) : null,
    ],
  };
}

/** A sale took an item's stock from the threshold or more to below it. */
export async function lowStockNotice(
  db: Executor,
  event: StudioEvent,
  m: NoticeMessages,
  locale: Locale,
): Promise<Notice | null> {
  if (!event.itemId) return null;
  const [item] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, event.itemId));
  if (!item) return null;
  const name = item.translations[locale]?.name || item.translations.en.name;
  const stock = event.detail.stock ?? item.stock;
  return {
    subject: m.lowStock.subject(name, stock),
    lines: [m.lowStock.intro(name, stock, event.detail.threshold ?? stock + 1)],
  };
}

/** A backup failed (with what went wrong), or none succeeded for 48 hours. */
export async function backupFailedNotice(_db: Executor, event: StudioEvent, m: NoticeMessages): Promise<Notice> {
  const b = m.backupFailed;
  if (event.detail.failureCode === BACKUP_OVERDUE) return { subject: b.overdueSubject, lines: [b.overdueIntro] };
  return { subject: b.subject, lines: [b.intro, event.detail.reason ? b.reason(event.detail.reason) : null] };
}

/** A buyer wrote on their order: the messages the studio has not read yet, and the order's page to answer. */
export async function buyerMessageNotice(db: Executor, event: StudioEvent, m: NoticeMessages): Promise<Notice | null> {
  if (!event.orderId) return null;
  const unread = await unreadBuyerMessages(db, event.orderId);
  if (unread.length === 0) return null;
  const contact = await orderContact(event.orderId);
  const b = m.buyerMessage;
  return {
    subject: b.subject(event.orderId),
    lines: [
      b.intro(event.orderId, contact?.fullName || b.aBuyer),
      ...unread.flatMap(({ kind, body }) => ["", kind === "message" ? null : b.kinds[kind], body || null]),
    ],
  };
}

const COMPOSERS = {
  paid_order: paidOrderNotice,
  quote_request: quoteRequestNotice,
  quote_review: quoteReviewNotice,
  refund_failed: refundFailedNotice,
  low_stock: lowStockNotice,
  processor_money: processorMoneyNotice,
  backup_failed: backupFailedNotice,
  buyer_message: buyerMessageNotice,
} satisfies Record<StudioEvent["kind"], unknown>;

/** Queues the e-mail of one event, if its kind is on; answers the outbox row's id, or null. */
async function queueNotice(db: Executor, event: StudioEvent, settings: NoticeSettings): Promise<string | null> {
  const { enabled, to } = settings.kinds[event.kind];
  if (!enabled || !to) return null;
  const m = messagesFor(settings.locale).notices.mail;
  const notice = await COMPOSERS[event.kind](db, event, m, settings.locale);
  if (!notice) return null;
  const link = studioEventLink(event);
  const data = {
    subject: notice.subject,
    lines: notice.lines.filter((line): line is string => typeof line === "string"),
    link: link ? `${config.publicUrl}${localizePath(link, settings.locale)}` : null,
    signature: m.signature,
  };
  // Not linked to the order (outbox.order_id is the buyer's mail about it: receipts, refunds).
  const mail = await composeMail(studioNoticeEmail, data, settings.locale, db);
  return queueMail(db as Database, { to, ...mail });
}

/**
 * Queues the e-mail of every event not mailed yet, one event per transaction: the row is taken
 * with FOR UPDATE SKIP LOCKED (two app servers never take the same one) and marked mailed in the
 * transaction that queues its e-mail. Answers how many e-mails were queued.
 */
export async function mailStudioNotices(): Promise<number> {
  const db = await getDb();
  const settings = await getNoticeSettings();
  let queued = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(studioEvents)
        .where(isNull(studioEvents.mailedAt))
        .orderBy(asc(studioEvents.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!event) return null;
      const outboxId = await queueNotice(tx, event, settings);
      await tx
        .update(studioEvents)
        .set({ mailedAt: new Date(), outboxId })
        .where(and(eq(studioEvents.id, event.id), isNull(studioEvents.mailedAt)));
      return { outboxId };
    });
    if (!taken) break;
    if (taken.outboxId) queued++;
  }
  if (queued > 0) void deliverNow();
  return queued;
}

let started = false;
let running: Promise<unknown> | null = null;
let again = false;
let timer: NodeJS.Timeout | undefined;

/** Runs `mailStudioNotices` now, one run at a time in this process (a call during a run gets one more run after it). */
export function mailStudioNoticesSoon(): void {
  if (!started) return;
  if (running) {
    again = true;
    return;
  }
  running = mailStudioNotices()
    .catch((error) => log().error({ err: error }, "The studio's notices could not be queued"))
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        mailStudioNoticesSoon();
      }
    });
}

/** At start: queues what a stopped server left, then again on the mailer's interval (a safety net behind the wake-up after each event). */
export function startStudioNotices(): void {
  started = true;
  timer ??= setInterval(mailStudioNoticesSoon, config.mailIntervalSeconds * 1000);
  timer.unref();
  mailStudioNoticesSoon();
}

export async function stopStudioNotices(): Promise<void> {
  started = false;
  clearInterval(timer);
  timer = undefined;
  while (running) await running;
}
