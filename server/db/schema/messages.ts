import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";
import { orders } from "./orders.ts";

// Messages and outgoing mail
export const PROJECT_TYPES = ["cosplay", "decor", "film", "custom", "other"] as const;

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    projectType: text("project_type", { enum: PROJECT_TYPES }).notNull(),
    message: text("message").notNull(),
    newsletter: boolean("newsletter").notNull().default(false),
    // Canada's anti-spam law: express consent, kept with when it was given and the words shown.
    newsletterConsentAt: timestamp("newsletter_consent_at", { withTimezone: true }),
    newsletterConsentText: text("newsletter_consent_text"),
    locale: text("locale").notNull().default("en"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Who sent it signed in (server/contact/ownership.ts); null when sent without an account.
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_user_idx").on(t.userId)],
);

export const outbox = pgTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // The HTML part as sent (null for e-mails queued before e-mails had one): the admin's preview shows it.
    html: text("html"),
    status: text("status", { enum: ["pending", "sent"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    contactMessageId: text("contact_message_id").references(() => contactMessages.id, {
      onDelete: "set null",
    }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // A sender takes a message until this time (server/mail/outbox.ts); a server that dies while
    // sending leaves it for another once the time has passed.
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    // "Send again" from the admin's outbox queues a copy; it names the e-mail it copies.
    resentFrom: text("resent_from"),
  },
  (t) => [index("outbox_status_idx").on(t.status, t.createdAt)],
);
