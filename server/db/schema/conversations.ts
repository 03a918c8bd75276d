import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { MESSAGE_AUTHORS, MESSAGE_KINDS, MESSAGE_MAX_CHARS } from "../../../domain/conversations.ts";
import { user } from "./accounts.ts";
import { orders } from "./orders.ts";

/**
 * The conversation on an order between its buyer and the studio (decision 081): one row per
 * message (or step of a finished part's approval). A studio message keeps the staff member who wrote it, for the admin's eyes only;
 * `read_at` is when the other side first saw it, `mailed_at` when it went out in an e-mail to the
 * other side (server/conversations/mail.ts).
 */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    author: text("author", { enum: MESSAGE_AUTHORS }).notNull(),
    staffUserId: text("staff_user_id").references(() => user.id, { onDelete: "set null" }),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull().default("message"),
    // Words are required of a message; an approval may come without any.
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    check("conversation_messages_author_check", sql`${t.author} in ('buyer', 'studio')`),
    check(
      "conversation_messages_kind_check",
      sql`${t.kind} in ('message', 'approval_request', 'approved', 'change_requested')`,
    ),
    check(
      "conversation_messages_body_check",
      sql`char_length(${t.body}) <= ${sql.raw(String(MESSAGE_MAX_CHARS))} and (${t.kind} <> 'message' or ${t.body} <> '')`,
    ),
    index("conversation_messages_order_idx").on(t.orderId, t.createdAt),
    index("conversation_messages_unread_idx")
      .on(t.author, t.orderId)
      .where(sql`${t.readAt} is null`),
  ],
);
