import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { NOTICE_KINDS, type StudioEventDetail } from "../../../domain/studio-notices.ts";
import { user } from "./accounts.ts";
import { inventoryItems } from "./catalogue.ts";
import { orders } from "./orders.ts";
import { outbox } from "./messages.ts";
import { quotes } from "./quotes.ts";

/**
 * One row per studio event (a paid order, a price request, a quote to review, a refund the
 * processor refused, an item's stock falling below the threshold, a backup that failed), written inside the transaction
 * that causes it (server/notices/events.ts). The admin's notices list reads them; the e-mail
 * notice is queued from each one once (`mailed_at`, with its outbox row when the kind is on).
 */
export const studioEvents = pgTable(
  "studio_events",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: NOTICE_KINDS }).notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    quoteId: text("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    itemId: text("item_id").references(() => inventoryItems.id, { onDelete: "set null" }),
    detail: jsonb("detail").$type<StudioEventDetail>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    outboxId: text("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
  },
  (t) => [
    check(
      "studio_events_kind_check",
      sql`${t.kind} in ('paid_order', 'quote_request', 'quote_review', 'refund_failed', 'low_stock', 'processor_money', 'backup_failed', 'buyer_message')`,
    ),
    index("studio_events_unmailed_idx")
      .on(t.id)
      .where(sql`${t.mailedAt} is null`),
  ],
);

/** Which studio events each admin has read (each admin has their own unread count). */
export const studioEventReads = pgTable(
  "studio_event_reads",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => studioEvents.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);
