import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { Translations } from "../../app/lib/translations.ts";
import { searchDocument } from "./search-text.ts";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

// Accounts. Column names follow better-auth's model; its `name` is our `username`.
export const user = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    ...timestamps,
  },
  (t) => [check("users_role_check", sql`${t.role} in ('user', 'admin')`)],
);

export const session = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const account = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verification = pgTable("verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  ...timestamps,
});

// Catalogue
export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  translations: jsonb("translations").$type<Translations>().notNull(),
  ...timestamps,
});

export type ItemImages = { main: string; gallery: string[] };

/** Postgres full-text document; only written by the database (generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    translations: jsonb("translations").$type<Translations>().notNull(),
    priceCents: integer("price_cents").notNull(),
    // Units on the shelf ("on hand"). Orders awaiting payment hold some of them (`held`, one
    // stock_holds row per order and item); buyers can take stock − held.
    stock: integer("stock").notNull().default(0),
    held: integer("held").notNull().default(0),
    images: jsonb("images").$type<ItemImages>().notNull(),
    isVisible: boolean("is_visible").notNull().default(true),
    version: integer("version").notNull().default(1),
    // The store's search: name and description per language, accents and case folded (search-text.ts).
    searchEn: tsvector("search_en").generatedAlwaysAs(searchDocument("en")),
    searchFr: tsvector("search_fr").generatedAlwaysAs(searchDocument("fr")),
    ...timestamps,
  },
  (t) => [
    check("inventory_items_price_check", sql`${t.priceCents} >= 0`),
    check("inventory_items_stock_check", sql`${t.stock} >= 0`),
    check("inventory_items_held_check", sql`${t.held} >= 0 and ${t.held} <= ${t.stock}`),
    index("inventory_items_category_idx").on(t.categoryId),
    index("inventory_items_visible_created_idx").on(t.isVisible, t.createdAt),
    index("inventory_items_category_created_idx").on(t.categoryId, t.createdAt),
    index("inventory_items_search_en_idx").using("gin", t.searchEn),
    index("inventory_items_search_fr_idx").using("gin", t.searchFr),
  ],
);

// Orders and payments
export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "cancelled", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull(),
    locale: text("locale").notNull().default("en"),
    paymentReference: text("payment_reference"),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("orders_total_check", sql`${t.totalCents} >= 0`),
    check(
      "orders_status_check",
      sql`${t.status} in ('pending', 'paid', 'fulfilled', 'cancelled', 'expired')`,
    ),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_reserved_idx").on(t.status, t.reservedUntil),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Kept when the item is later deleted: the line keeps its name and price as charged.
    itemId: text("item_id").references(() => inventoryItems.id, { onDelete: "set null" }),
    itemSlug: text("item_slug").notNull(),
    itemName: jsonb("item_name").$type<{ en: string; fr: string }>().notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    check("order_lines_price_check", sql`${t.unitPriceCents} >= 0`),
    check("order_lines_quantity_check", sql`${t.quantity} > 0`),
    index("order_lines_order_idx").on(t.orderId),
  ],
);

export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId)],
);

export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    failureReason: text("failure_reason"),
    ...timestamps,
  },
  (t) => [
    check("payments_amount_check", sql`${t.amountCents} >= 0`),
    index("payments_order_idx").on(t.orderId),
  ],
);

/** The units an order awaiting payment holds of an item; gone when it is paid, cancelled or expired. */
export const stockHolds = pgTable(
  "stock_holds",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.itemId] }), check("stock_holds_quantity_check", sql`${t.quantity} > 0`), index("stock_holds_item_idx").on(t.itemId)],
);

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
    newsletter: boolean("newsletter").notNull().default(true),
    locale: text("locale").notNull().default("en"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

export const outbox = pgTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["pending", "sent"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    contactMessageId: text("contact_message_id").references(() => contactMessages.id, {
      onDelete: "set null",
    }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_status_idx").on(t.status, t.createdAt)],
);

// The sandbox payment processor (server/payments/sandbox.ts): an offline stand-in for Stripe that
// keeps its payment intents here, as Stripe keeps them on its side. Not linked to orders by a
// foreign key: the processor only knows the order id as metadata, as Stripe does.
export const sandboxPaymentIntents = pgTable(
  "sandbox_payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").unique(),
    orderId: text("order_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    lastErrorCode: text("last_error_code"),
    lastErrorMessage: text("last_error_message"),
    cardLast4: text("card_last4"),
    amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("sandbox_payment_intents_order_idx").on(t.orderId)],
);
