import { sql } from "drizzle-orm";
import { ORDER_STATUSES, type OrderStatus } from "../../domain/order-status.ts";
import type { ItemImages, ItemModel } from "../../domain/catalogue-types.ts";
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  timestamp,
} from "drizzle-orm/pg-core";
import type { Translations } from "../../domain/translations.ts";
import type { PrintabilityReport } from "../../domain/printability-report.ts";
import type { ProjectPicture, ProjectTranslations } from "../../domain/portfolio.ts";
import type { PriceTerms } from "../../domain/quote-pricing.ts";
import { ORIENTATION_CHOICES, type PartOrientations } from "../../domain/orientation.ts";
import {
  PRODUCTION_STATUSES,
  QUOTE_STATUSES,
  type ProductionStatus,
  type QuoteStatus,
} from "../../domain/quote-states.ts";
import { searchDocument, searchText } from "./search-text.ts";
import { TAX_CODES } from "../../domain/tax.ts";
import { CARRIERS } from "../../domain/carriers.ts";
import type { Closure, DayHours, SocialNetwork, Weekday } from "../../domain/studio-identity.ts";
import { NOTICE_KINDS, type StudioEventDetail } from "../../domain/studio-notices.ts";

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
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
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

export type { ItemImages };

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
    // Its 3D model (decision 056): what the stored binary STL is; the file is in the media storage
    // under item-models/<model id>/model.stl. Null: no model.
    model: jsonb("model").$type<ItemModel>(),
    version: integer("version").notNull().default(1),
    // Shipping weight of one unit, packed (decision 029).
    weightGrams: integer("weight_grams").notNull().default(0),
    // Its packed size in millimetres, when the owner measured it (null: not given).
    lengthMm: integer("length_mm"),
    widthMm: integer("width_mm"),
    heightMm: integer("height_mm"),
    // The store's search: name and description per language, accents and case folded (search-text.ts).
    searchEn: tsvector("search_en").generatedAlwaysAs(searchDocument("en")),
    searchFr: tsvector("search_fr").generatedAlwaysAs(searchDocument("fr")),
    // The same folded words as plain text, for typo-forgiving trigram matching (pg_trgm).
    searchTextEn: text("search_text_en").generatedAlwaysAs(searchText("en")),
    searchTextFr: text("search_text_fr").generatedAlwaysAs(searchText("fr")),
    ...timestamps,
  },
  (t) => [
    check("inventory_items_price_check", sql`${t.priceCents} >= 0`),
    check("inventory_items_stock_check", sql`${t.stock} >= 0`),
    check("inventory_items_weight_check", sql`${t.weightGrams} >= 0`),
    check("inventory_items_held_check", sql`${t.held} >= 0 and ${t.held} <= ${t.stock}`),
    index("inventory_items_category_idx").on(t.categoryId),
    index("inventory_items_visible_created_idx").on(t.isVisible, t.createdAt),
    index("inventory_items_category_created_idx").on(t.categoryId, t.createdAt),
    index("inventory_items_search_en_idx").using("gin", t.searchEn),
    index("inventory_items_search_fr_idx").using("gin", t.searchFr),
    index("inventory_items_search_text_en_idx").using("gin", t.searchTextEn.op("gin_trgm_ops")),
    index("inventory_items_search_text_fr_idx").using("gin", t.searchTextFr.op("gin_trgm_ops")),
  ],
);

// Orders and payments
export { ORDER_STATUSES, type OrderStatus };

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
      sql`${t.status} in ('pending', 'paid', 'fulfilled', 'cancelled', 'expired', 'refunded')`,
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
    // A custom print's line names its quote (no item, no stock); item lines keep 'item'.
    kind: text("kind", { enum: ["item", "custom_print"] })
      .notNull()
      .default("item"),
    quoteId: text("quote_id"),
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
  (t) => [check("payments_amount_check", sql`${t.amountCents} >= 0`), index("payments_order_idx").on(t.orderId)],
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
  (t) => [
    primaryKey({ columns: [t.orderId, t.itemId] }),
    check("stock_holds_quantity_check", sql`${t.quantity} > 0`),
    index("stock_holds_item_idx").on(t.itemId),
  ],
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

/** The sandbox's refunds, one per idempotency key, as Stripe keeps them. */
export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    id: text("id").primaryKey(),
    intentId: text("intent_id")
      .notNull()
      .references(() => sandboxPaymentIntents.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("sandbox_refunds_amount_check", sql`${t.amountCents} > 0`)],
);

// Rate-limit counters shared by every app server on PostgreSQL (server/http/rate-limit.ts): one
// row per client address and purpose, counting the hits of the current fixed window.
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_expires_idx").on(t.expiresAt)],
);
// Background jobs (server/jobs/queue.ts): taken with FOR UPDATE SKIP LOCKED and a lease, so a job
// whose worker died is taken again once its lease runs out.
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    // Jobs with the same key are one job: enqueueing it again while it exists does nothing.
    uniqueKey: text("unique_key").unique(),
    ...timestamps,
  },
  (t) => [
    check("jobs_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index("jobs_ready_idx").on(t.status, t.runAt),
  ],
);

// Custom prints. Price terms are versioned: a quote points at the version it was priced with.
export const quotePriceTerms = pgTable("quote_price_terms", {
  version: serial("version").primaryKey(),
  terms: jsonb("terms").$type<PriceTerms>().notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const quoteFiles = pgTable(
  "quote_files",
  {
    id: text("id").primaryKey(),
    storageKey: text("storage_key").notNull(),
    sha256: text("sha256").notNull(),
    bytes: integer("bytes").notNull(),
    format: text("format", { enum: ["stl", "obj", "3mf"] }).notNull(),
    originalName: text("original_name").notNull(),
    sizeMm: jsonb("size_mm").$type<[number, number, number]>().notNull(),
    // Past 2³¹ for a part over 1.3 m a side; kept up to 2⁵³ (domain/quote-bounds.ts).
    volumeMm3: bigint("volume_mm3", { mode: "number" }).notNull(),
    areaMm2: bigint("area_mm2", { mode: "number" }).notNull(),
    triangles: integer("triangles").notNull(),
    manifold: boolean("manifold").notNull(),
    // The ways the part may be placed on the bed (domain/orientation.ts); null for files uploaded before.
    orientations: jsonb("orientations").$type<PartOrientations>(),
    ...timestamps,
  },
  (t) => [index("quote_files_created_idx").on(t.createdAt)],
);

export { QUOTE_STATUSES, PRODUCTION_STATUSES, type QuoteStatus, type ProductionStatus };

export const quotes = pgTable(
  "quotes",
  {
    id: text("id").primaryKey(),
    // The owner: a browser (sha-256 of the id in its HttpOnly cookie) until it logs in, then the user.
    browserHash: text("browser_hash"),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => quoteFiles.id, { onDelete: "cascade" }),
    scale: jsonb("scale").$type<number>().notNull().default(1),
    materialId: text("material_id").notNull(),
    colourId: text("colour_id").notNull(),
    qualityId: text("quality_id").notNull(),
    infillPercent: integer("infill_percent").notNull(),
    quantity: integer("quantity").notNull(),
    orientation: text("orientation", { enum: ORIENTATION_CHOICES }).notNull().default("best"),
    termsVersion: integer("terms_version")
      .notNull()
      .references(() => quotePriceTerms.version, { onDelete: "restrict" }),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("estimating"),
    estimateCents: integer("estimate_cents"),
    // The slicer's figures for one part and the price from them (or the studio's price after review).
    grams: jsonb("grams").$type<number>(),
    printSeconds: integer("print_seconds"),
    unitCents: integer("unit_cents"),
    totalCents: integer("total_cents"),
    discountPercent: integer("discount_percent"),
    failureCode: text("failure_code"),
    // Which slice_results row gives this quote its exact figures (file + slicing options).
    sliceKey: text("slice_key"),
    reviewNote: text("review_note"),
    reviewEmail: text("review_email"),
    declineReason: text("decline_reason"),
    // Set when a person at the studio priced it: that price stands until the buyer changes the options.
    studioPricedAt: timestamp("studio_priced_at", { withTimezone: true }),
    locale: text("locale").notNull().default("en"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    orderId: text("order_id"),
    productionStatus: text("production_status", { enum: PRODUCTION_STATUSES }),
    ...timestamps,
  },
  (t) => [
    check("quotes_quantity_check", sql`${t.quantity} > 0`),
    check("quotes_owner_check", sql`${t.browserHash} is not null or ${t.userId} is not null`),
    index("quotes_browser_idx").on(t.browserHash),
    index("quotes_user_idx").on(t.userId),
    index("quotes_status_idx").on(t.status, t.updatedAt),
    index("quotes_file_idx").on(t.fileId),
  ],
);

// The slicer's answer for one file at one set of slicing options, shared by every quote that asks the same.
/** What a printer would make badly of a part at a scale, turned as it is printed (domain/printability.ts). */
export const partReports = pgTable(
  "part_reports",
  {
    fileId: text("file_id")
      .notNull()
      .references(() => quoteFiles.id, { onDelete: "cascade" }),
    scale: doublePrecision("scale").notNull(),
    // The rotation onto the bed (domain/orientation.ts rotationKey).
    turn: text("turn").notNull().default("[1,0,0,0,1,0,0,0,1]"),
    report: jsonb("report").$type<PrintabilityReport>().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.fileId, t.scale, t.turn] })],
);

export const sliceResults = pgTable("slice_results", {
  key: text("key").primaryKey(),
  fileId: text("file_id")
    .notNull()
    .references(() => quoteFiles.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["pending", "done", "failed"] })
    .notNull()
    .default("pending"),
  grams: jsonb("grams").$type<number>(),
  printSeconds: integer("print_seconds"),
  failureCode: text("failure_code"),
  detail: text("detail"),
  ...timestamps,
});
// The server-side cart (server/cart/): one per browser (the hash of its cookie's token) until the
// buyer signs in, then one per user. A line is an inventory item or, later, a custom print's quote.
export const CART_LINE_KINDS = ["item", "custom_print"] as const;
export type CartLineKind = (typeof CART_LINE_KINDS)[number];

export const carts = pgTable(
  "carts",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").unique(),
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    check("carts_owner_check", sql`(${t.tokenHash} is null) <> (${t.userId} is null)`),
    index("carts_updated_idx").on(t.updatedAt),
  ],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CART_LINE_KINDS }).notNull(),
    itemId: text("item_id").references(() => inventoryItems.id, { onDelete: "cascade" }),
    // The quotes table comes with the custom-print work; no foreign key until then.
    quoteId: text("quote_id"),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("cart_lines_quantity_check", sql`${t.quantity} > 0`),
    check(
      "cart_lines_kind_check",
      sql`(${t.kind} = 'item' and ${t.itemId} is not null and ${t.quoteId} is null) or (${t.kind} = 'custom_print' and ${t.quoteId} is not null and ${t.itemId} is null)`,
    ),
    uniqueIndex("cart_lines_cart_item_idx").on(t.cartId, t.itemId),
    uniqueIndex("cart_lines_cart_quote_idx").on(t.cartId, t.quoteId),
  ],
);

// Canada: taxes, shipping, the studio's settings, saved addresses (decision 029).

/** Sales tax rates. A rate in millionths (5 % = 50 000, QST 9.975 % = 99 750); a change is a new row. */

export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    // "CA" for the federal GST, else a province's two-letter code.
    jurisdiction: text("jurisdiction").notNull(),
    code: text("code", { enum: TAX_CODES }).notNull(),
    ratePpm: integer("rate_ppm").notNull(),
    effectiveFrom: text("effective_from").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("tax_rates_code_check", sql`${t.code} in ('GST', 'HST', 'QST', 'PST')`),
    check("tax_rates_rate_check", sql`${t.ratePpm} >= 0 and ${t.ratePpm} <= 1000000`),
    check("tax_rates_date_check", sql`${t.effectiveFrom} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    uniqueIndex("tax_rates_jurisdiction_code_from_idx").on(t.jurisdiction, t.code, t.effectiveFrom),
  ],
);

/** The provincial taxes the studio collects (QST, PST in BC/SK/MB). GST/HST are always collected. */
export const taxRegistrations = pgTable("tax_registrations", {
  jurisdiction: text("jurisdiction").primaryKey(),
  code: text("code", { enum: TAX_CODES }).notNull(),
  registered: boolean("registered").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const shippingZones = pgTable("shipping_zones", {
  id: text("id").primaryKey(),
  name: jsonb("name").$type<{ en: string; fr: string }>().notNull(),
  provinces: jsonb("provinces").$type<string[]>().notNull(),
  position: integer("position").notNull().default(0),
});

/** A parcel up to max_grams costs price_cents in its zone; heavier orders go as several parcels of the heaviest band. */
export const shippingWeightBands = pgTable(
  "shipping_weight_bands",
  {
    id: serial("id").primaryKey(),
    zoneId: text("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    maxGrams: integer("max_grams").notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [
    check("shipping_weight_bands_grams_check", sql`${t.maxGrams} > 0`),
    check("shipping_weight_bands_price_check", sql`${t.priceCents} >= 0`),
    uniqueIndex("shipping_weight_bands_zone_grams_idx").on(t.zoneId, t.maxGrams),
  ],
);

/** One row (id 1): the studio's own details used by checkout, invoices and e-mails. */
export const studioSettings = pgTable(
  "studio_settings",
  {
    id: integer("id").primaryKey().default(1),
    province: text("province").notNull(),
    legalName: text("legal_name").notNull(),
    pickupAddress: text("pickup_address").notNull(),
    pickupHours: jsonb("pickup_hours").$type<{ en: string; fr: string }>().notNull(),
    freeShippingThresholdCents: integer("free_shipping_threshold_cents"),
    gstHstNumber: text("gst_hst_number"),
    qstNumber: text("qst_number"),
    // The production capacity (issue 24): a quote's ready-by date comes from them (domain/lead-time.ts).
    printers: integer("printers").notNull().default(2),
    printerHoursPerDay: integer("printer_hours_per_day").notNull().default(10),
    handlingDays: integer("handling_days").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("studio_settings_single_row", sql`${t.id} = 1`),
    check(
      "studio_settings_threshold_check",
      sql`${t.freeShippingThresholdCents} is null or ${t.freeShippingThresholdCents} >= 0`,
    ),
    check(
      "studio_settings_capacity_check",
      sql`${t.printers} > 0 and ${t.printerHoursPerDay} between 1 and 24 and ${t.handlingDays} >= 0`,
    ),
  ],
);

/** Who changed which setting, when, and from what to what. */
export const settingsChanges = pgTable(
  "settings_changes",
  {
    id: serial("id").primaryKey(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    area: text("area").notNull(),
    change: jsonb("change").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("settings_changes_created_idx").on(t.createdAt)],
);

export const addresses = pgTable(
  "addresses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    province: text("province").notNull(),
    postalCode: text("postal_code").notNull(),
    phone: text("phone"),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    uniqueIndex("addresses_one_default_idx")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const DELIVERY_METHODS = ["ship", "pickup"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const FULFILMENT_STATUSES = ["packed", "shipped", "ready_for_pickup", "picked_up", "delivered"] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The address as placed: a copy, never a reference to a saved address that can change. */
export type AddressSnapshot = {
  fullName: string;
  line1: string;
  line2?: string;
  city: string;
  province: string;
  postalCode: string;
  phone?: string;
  country: "CA";
};

/** Delivery, money and fulfilment of an order, one row per order (orders placed before have none). */
export const orderDelivery = pgTable(
  "order_delivery",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    method: text("method", { enum: DELIVERY_METHODS }).notNull(),
    address: jsonb("address").$type<AddressSnapshot>(),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    fulfilmentStatus: text("fulfilment_status", { enum: FULFILMENT_STATUSES }),
    carrier: text("carrier", { enum: CARRIERS }),
    trackingNumber: text("tracking_number"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_delivery_method_check", sql`${t.method} in ('ship', 'pickup')`),
    check("order_delivery_address_check", sql`${t.method} = 'pickup' or ${t.address} is not null`),
    check("order_delivery_money_check", sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0`),
    check(
      "order_delivery_fulfilment_check",
      sql`${t.fulfilmentStatus} is null or ${t.fulfilmentStatus} in ('packed', 'shipped', 'ready_for_pickup', 'picked_up', 'delivered')`,
    ),
    check(
      "order_delivery_carrier_check",
      sql`${t.carrier} is null or ${t.carrier} in ('canada_post', 'purolator', 'ups', 'fedex')`,
    ),
  ],
);

export const orderTaxLines = pgTable(
  "order_tax_lines",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    code: text("code", { enum: TAX_CODES }).notNull(),
    jurisdiction: text("jurisdiction").notNull(),
    ratePpm: integer("rate_ppm").notNull(),
    taxableBaseCents: integer("taxable_base_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    check("order_tax_lines_amount_check", sql`${t.amountCents} >= 0 and ${t.taxableBaseCents} >= 0`),
    index("order_tax_lines_order_idx").on(t.orderId),
  ],
);

export type RefundedLine = { orderLineId: number; quantity: number; amountCents: number };
export type RefundedTax = {
  code: (typeof TAX_CODES)[number];
  jurisdiction: string;
  ratePpm: number;
  taxableCents: number;
  amountCents: number;
};
export const REFUND_STATUSES = ["pending", "succeeded"] as const;

/**
 * Money given back on an order (decision 035). A row is written `pending` under the order's row
 * lock before the provider is asked (so two admins cannot both refund the same units), and becomes
 * `succeeded` once the provider agreed; a refused refund's row is deleted.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    lines: jsonb("lines").$type<RefundedLine[]>().notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    taxes: jsonb("taxes").$type<RefundedTax[]>().notNull(),
    restocked: boolean("restocked").notNull().default(false),
    reason: text("reason"),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    providerRefundId: text("provider_refund_id"),
    // The admin's "cancel and refund": the order is cancelled when this refund is finished.
    cancelsOrder: boolean("cancels_order").notNull().default(false),
    // A refund whose outcome the provider left unknown is asked again (same key) until it is known.
    attempts: integer("attempts").notNull().default(1),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // When the provider made it: the reports book a refund on this day, not the day it was asked for.
    succeededAt: timestamp("succeeded_at", { withTimezone: true }),
    // A request to the provider for this refund may still be running until then: the retry job waits.
    inFlightUntil: timestamp("in_flight_until", { withTimezone: true }),
  },
  (t) => [
    check("refunds_amount_check", sql`${t.amountCents} > 0 and ${t.shippingCents} >= 0`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'succeeded')`),
    index("refunds_order_idx").on(t.orderId),
    index("refunds_created_idx").on(t.createdAt),
  ],
);

/**
 * What the studio's staff did to a customer's account by hand (issue 21): who, when, what. Kept
 * when the staff member's account is deleted (actor set to null); gone with the customer's.
 */
export const customerEvents = pgTable(
  "customer_events",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["email_verified_by_hand"] }).notNull(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("customer_events_kind_check", sql`${t.kind} in ('email_verified_by_hand')`),
    index("customer_events_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * The e-mails the studio gets about its business (server/mail/studio-notices.ts): one row. Each
 * kind on or off with its address (`kinds`, a kind absent keeps its default: on, STUDIO_EMAIL),
 * the language they are written in, and the stock below which an item is reported.
 */
export const studioNoticeSettings = pgTable(
  "studio_notice_settings",
  {
    id: integer("id").primaryKey().default(1),
    locale: text("locale", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(3),
    kinds: jsonb("kinds").$type<Record<string, { enabled: boolean; to: string }>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("studio_notice_settings_single_row", sql`${t.id} = 1`),
    check("studio_notice_settings_locale_check", sql`${t.locale} in ('en', 'fr')`),
    check("studio_notice_settings_threshold_check", sql`${t.lowStockThreshold} >= 0`),
  ],
);

/**
 * One row per studio event (a paid order, a price request, a quote to review, a refund the
 * processor refused, an item's stock falling below the threshold), written inside the transaction
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
      sql`${t.kind} in ('paid_order', 'quote_request', 'quote_review', 'refund_failed', 'low_stock')`,
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

/**
 * The studio's identity as the owner edits it in Admin → Settings (issue 23): one row, written on
 * first start from the STUDIO_* variables (server/settings/studio-identity.ts), then only by the admin.
 */
export const studioIdentity = pgTable(
  "studio_identity",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    street: text("street").notNull().default(""),
    city: text("city").notNull(),
    hours: jsonb("hours").$type<Record<Weekday, DayHours>>().notNull(),
    closures: jsonb("closures").$type<Closure[]>().notNull().default([]),
    socials: jsonb("socials").$type<Record<SocialNetwork, string | null>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("studio_identity_single_row", sql`${t.id} = 1`)],
);

/** The FAQ of /contact (issue 23): Markdown answers, ordered by position; French may be missing. */
export const faqEntries = pgTable(
  "faq_entries",
  {
    id: serial("id").primaryKey(),
    position: integer("position").notNull(),
    published: boolean("published").notNull().default(false),
    question: jsonb("question").$type<{ en: string; fr: string }>().notNull(),
    answer: jsonb("answer").$type<{ en: string; fr: string }>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("faq_entries_position_idx").on(t.position)],
);

// The studio's portfolio (/inspirations, the home page's featured three), managed in the admin.
export const portfolioProjects = pgTable(
  "portfolio_projects",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    category: text("category").notNull(),
    // Every text in English and French: title, description, client, duration, materials, process,
    // challenge, solution (long texts are Markdown).
    translations: jsonb("translations").$type<ProjectTranslations>().notNull(),
    // The main picture and the gallery: an uploaded media address or a sample drawing, with alt text and caption per language.
    image: jsonb("image").$type<ProjectPicture>().notNull(),
    gallery: jsonb("gallery").$type<ProjectPicture[]>().notNull().default([]),
    position: integer("position").notNull(),
    published: boolean("published").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check(
      "portfolio_projects_category_check",
      sql`${t.category} in ('decoration', 'cosplay', 'filmProps', 'functional')`,
    ),
    index("portfolio_projects_position_idx").on(t.position),
  ],
);

/**
 * The home page's "What we do" and "Who we work with" cards (issue 23), edited in Admin → Home page:
 * plain text in English and French (a card without its French is left off /fr), ordered by position
 * within its section. `version` refuses a save from a page opened before the latest one.
 */
export const homeCards = pgTable(
  "home_cards",
  {
    id: serial("id").primaryKey(),
    section: text("section").notNull(),
    position: integer("position").notNull(),
    icon: text("icon").notNull(),
    title: jsonb("title").$type<{ en: string; fr: string }>().notNull(),
    text: jsonb("text").$type<{ en: string; fr: string }>().notNull(),
    published: boolean("published").notNull().default(false),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check("home_cards_section_check", sql`${t.section} in ('services', 'industries')`),
    check("home_cards_icon_check", sql`${t.icon} in ('scan', 'printer', 'spool', 'mask', 'clapper', 'lamp')`),
    index("home_cards_section_position_idx").on(t.section, t.position),
  ],
);

/** The home page's hero (issue 23): one row, every text in both languages; `{city}` in the subtitle is the studio's city. */
export const homeHero = pgTable(
  "home_hero",
  {
    id: integer("id").primaryKey().default(1),
    eyebrow: jsonb("eyebrow").$type<{ en: string; fr: string }>().notNull(),
    title: jsonb("title").$type<{ en: string; fr: string }>().notNull(),
    subtitle: jsonb("subtitle").$type<{ en: string; fr: string }>().notNull(),
    imageAlt: jsonb("image_alt").$type<{ en: string; fr: string }>().notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("home_hero_single_row", sql`${t.id} = 1`)],
);

/**
 * The studio's own words on /about and /services (issue 35), edited in Admin → About and Admin →
 * Services: ordered sections in English and French (`domain/page-sections.ts`). A story part and an
 * offer are Markdown; a team member is a name, a role, a few lines and a photo.
 */
export const pageSections = pgTable(
  "page_sections",
  {
    id: serial("id").primaryKey(),
    page: text("page").notNull(),
    kind: text("kind").notNull(),
    position: integer("position").notNull(),
    title: jsonb("title").$type<{ en: string; fr: string }>().notNull(),
    subtitle: jsonb("subtitle").$type<{ en: string; fr: string }>().notNull(),
    text: jsonb("text").$type<{ en: string; fr: string }>().notNull(),
    priceCents: integer("price_cents"),
    picture: text("picture"),
    published: boolean("published").notNull().default(false),
    /** Seeded as sample content and not edited since: the owner's first steps ask to replace it. */
    sample: boolean("sample").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("page_sections_page_check", sql`${t.page} in ('about', 'services')`),
    check(
      "page_sections_kind_check",
      sql`(${t.page} = 'about' and ${t.kind} in ('story', 'member')) or (${t.page} = 'services' and ${t.kind} = 'offer')`,
    ),
    check("page_sections_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    index("page_sections_page_position_idx").on(t.page, t.position),
  ],
);

/**
 * The sample content a new install was offered, once each ("catalogue", "portfolio"): an owner who
 * deletes every sample item or project does not get them back at the next start.
 */
export const sampleContentOffers = pgTable("sample_content_offers", {
  name: text("name").primaryKey(),
  offeredAt: timestamp("offered_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A buyer who checked out without an account (decision 016's browser cart, then guest checkout):
 * a users row of its own that no one can sign in to, with the address and phone the guest gave.
 */
export const guestBuyers = pgTable(
  "guest_buyers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("guest_buyers_email_idx").on(sql`lower(${t.email})`)],
);

/** A guest order's access key: only its sha256 is kept; the key itself is in the guest's link. */
// One key per e-mail that carries a guest's link (the order link, the receipt…): the database keeps
// only hashes, so each e-mail written later needs a key of its own.
export const orderAccessKeys = pgTable(
  "order_access_keys",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_access_keys_order_idx").on(t.orderId)],
);

/**
 * The owner's first steps (issue 35) the data cannot tell apart from "not done": a step marked done
 * by an admin (keeping the outbox, staying in test mode for now…). The rest is worked out from the data.
 */
export const firstStepsDone = pgTable("first_steps_done", {
  step: text("step").primaryKey(),
  doneBy: text("done_by").references(() => user.id, { onDelete: "set null" }),
  doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
});
