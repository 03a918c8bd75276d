import { and, count, desc, eq, notExists, sql } from "drizzle-orm";
import {
  studioEventLink,
  type NoticeKind,
  type StudioEventDetail,
  type StudioEventView,
} from "../../domain/studio-notices.ts";
import { afterCommit } from "../db/transaction-scope.ts";
import { getDb } from "../db/index.ts";
import {
  inventoryItems,
  orders,
  quoteFiles,
  quotes,
  studioEventReads,
  studioEvents,
  studioNoticeSettings,
} from "../db/schema.ts";
import { mailStudioNoticesSoon } from "../mail/studio-notices.ts";
import type { Executor } from "../db/transaction.ts";

export type StudioEvent = {
  kind: NoticeKind;
  orderId?: string;
  quoteId?: string;
  itemId?: string;
  detail?: StudioEventDetail;
};

/**
 * Records a studio event with the transaction that causes it, so that the admin's notices list
 * and the e-mail notice exist exactly when the event does; the e-mail is queued from the row
 * once the transaction has committed (server/mail/studio-notices.ts).
 */
export async function recordStudioEvent(tx: Executor, event: StudioEvent): Promise<void> {
  await tx.insert(studioEvents).values(event);
  afterCommit(mailStudioNoticesSoon);
}

/** The stock below which an item is reported (Admin → Settings), read inside the caller's transaction. */
export async function lowStockThreshold(db: Executor): Promise<number> {
  const [row] = await db
    .select({ threshold: studioNoticeSettings.lowStockThreshold })
    .from(studioNoticeSettings)
    .where(eq(studioNoticeSettings.id, 1));
  return row?.threshold ?? 3;
}

/**
 * A sale took stock off the shelf: one event per item that went from the threshold or more to
 * below it, from the stock's own before and after in this transaction (so that two sales at
 * once report one fall once).
 */
export async function recordStockFalls(
  tx: Executor,
  changes: { itemId: string; before: number; after: number }[],
): Promise<void> {
  if (changes.length === 0) return;
  const threshold = await lowStockThreshold(tx);
  for (const change of changes) {
    if (change.before >= threshold && change.after < threshold)
      await recordStudioEvent(tx, {
        kind: "low_stock",
        itemId: change.itemId,
        detail: { stock: change.after, threshold },
      });
  }
}

const unreadBy = (userId: string) =>
  notExists(
    sql`(select 1 from ${studioEventReads} where ${studioEventReads.eventId} = ${studioEvents.id} and ${studioEventReads.userId} = ${userId})`,
  );

/** How many studio events this admin has not read. */
export async function unreadStudioEventCount(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ count: count() }).from(studioEvents).where(unreadBy(userId));
  return row?.count ?? 0;
}

export const STUDIO_EVENTS_PAGE_SIZE = 50;

/** A page of the studio's events, newest first, each marked read or not for this admin. */
export async function listStudioEvents(
  userId: string,
  page = 1,
): Promise<{ events: StudioEventView[]; total: number; unread: number }> {
  const db = await getDb();
  const rows = await db
    .select({
      event: studioEvents,
      read: sql<boolean>`exists (select 1 from ${studioEventReads} where ${studioEventReads.eventId} = ${studioEvents.id} and ${studioEventReads.userId} = ${userId})`,
      totalCents: orders.totalCents,
      currency: orders.currency,
      fileName: quoteFiles.originalName,
      itemTranslations: inventoryItems.translations,
    })
    .from(studioEvents)
    .leftJoin(orders, eq(orders.id, studioEvents.orderId))
    .leftJoin(quotes, eq(quotes.id, studioEvents.quoteId))
    .leftJoin(quoteFiles, eq(quoteFiles.id, quotes.fileId))
    .leftJoin(inventoryItems, eq(inventoryItems.id, studioEvents.itemId))
    .orderBy(desc(studioEvents.id))
    .limit(STUDIO_EVENTS_PAGE_SIZE)
    .offset((page - 1) * STUDIO_EVENTS_PAGE_SIZE);
  const [[total], unread] = await Promise.all([
    db.select({ count: count() }).from(studioEvents),
    unreadStudioEventCount(userId),
  ]);
  const events = rows.map(({ event, read, totalCents, currency, fileName, itemTranslations }): StudioEventView => {
    const amountCents =
      event.kind === "refund_failed" || event.kind === "processor_money"
        ? (event.detail.amountCents ?? null)
        : totalCents;
    return {
      id: event.id,
      kind: event.kind,
      createdAt: event.createdAt.toISOString(),
      read: Boolean(read),
      link: studioEventLink(event),
      orderId: event.orderId,
      amount: amountCents !== null && currency ? { cents: amountCents, currency } : null,
      fileName,
      itemName: itemTranslations
        ? {
            en: itemTranslations.en.name,
            fr: itemTranslations.fr?.name || itemTranslations.en.name,
          }
        : null,
      stock: event.detail.stock ?? null,
      failureCode: event.detail.failureCode ?? null,
      moneyMove: event.detail.moneyMove ?? null,
      dueBy: event.detail.dueBy ?? null,
    };
  });
  return { events, total: total?.count ?? 0, unread };
}

/** Marks one event read for this admin; answers the page it is about (null when it no longer exists). */
export async function markStudioEventRead(userId: string, eventId: number): Promise<{ link: string | null } | null> {
  const db = await getDb();
  const [event] = await db.select().from(studioEvents).where(eq(studioEvents.id, eventId));
  if (!event) return null;
  await db.insert(studioEventReads).values({ eventId, userId }).onConflictDoNothing();
  return { link: studioEventLink(event) };
}

/** Marks every event this admin has not read as read. */
export async function markAllStudioEventsRead(userId: string): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql`insert into ${studioEventReads} (event_id, user_id) select ${studioEvents.id}, ${userId} from ${studioEvents} where ${and(unreadBy(userId))} on conflict do nothing`,
  );
}

/** The payment processor refused a refund (nothing was refunded): the amount and the processor's words. */
export async function recordRefundRefused(
  tx: Executor,
  orderId: string,
  amountCents: number,
  error: unknown,
): Promise<void> {
  const reason = error instanceof Error ? error.message.slice(0, 500) : null;
  await recordStudioEvent(tx, { kind: "refund_failed", orderId, detail: { amountCents, reason } });
}
