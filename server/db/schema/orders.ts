import { sql } from "drizzle-orm";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/order-status.ts";
import { ORDER_EVENT_REASONS } from "../../../domain/order-events.ts";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { TAX_CODES } from "../../../domain/tax.ts";
import { CARRIERS } from "../../../domain/carriers.ts";
import { timestamps } from "./columns.ts";
import { user } from "./accounts.ts";
import { inventoryItems } from "./catalogue.ts";
import { carts } from "./cart.ts";
import type { Seller } from "../../../domain/seller.ts";

// Orders and payments
export { ORDER_STATUSES, type OrderStatus };

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    // The account the order belongs to; null for a guest's order (it opens by its access key), until
    // an account verifies the address the guest gave (order_contacts) and takes it.
    userId: text("user_id").references(() => user.id, { onDelete: "restrict" }),
    // The cart it was placed from: paying it takes its lines out of that cart, a guest's browser cart included.
    cartId: text("cart_id").references(() => carts.id, { onDelete: "set null" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull(),
    locale: text("locale").notNull().default("en"),
    paymentReference: text("payment_reference"),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    // A keyed hash of the client address that placed it (hold-limits.ts), never the address itself:
    // what one address may hold unpaid is capped.
    placedFrom: text("placed_from"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // The seller as it was when the order was paid, for its invoice (orders/seller.ts); null before 0040.
    seller: jsonb("seller").$type<Seller>(),
    // What the studio's promotions took off (goods and shipping), and the code typed (decision 080).
    discountCents: integer("discount_cents").notNull().default(0),
    discountCode: text("discount_code"),
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
    index("orders_unpaid_from_idx")
      .on(t.placedFrom)
      .where(sql`${t.status} = 'pending'`),
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
    // This line's share of the order's discount: what it was sold for is its price × quantity less this.
    discountCents: integer("discount_cents").notNull().default(0),
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
    /** Why the event happened (domain/order-events.ts); the catalogue words it. */
    reason: text("reason", { enum: ORDER_EVENT_REASONS }).notNull(),
    /** The admin's own words, a carrier and tracking number, or a refused refund's error code. */
    detail: text("detail"),
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
    // The card it was paid with, as the provider reported it: what a refund goes back to.
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
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
    // The shipping charged, after shippingDiscountCents (a free-shipping promotion) was taken off.
    shippingCents: integer("shipping_cents").notNull().default(0),
    shippingDiscountCents: integer("shipping_discount_cents").notNull().default(0),
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
 * Who moved the money: the site (an admin's refund, asked of the provider), the processor (a refund
 * made in Stripe's dashboard, heard by its webhook) or a dispute the studio lost (a chargeback).
 */
export const REFUND_ORIGINS = ["site", "processor", "dispute"] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];

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
    // A refund from outside the site is recorded already made: the provider is never asked for it.
    origin: text("origin", { enum: REFUND_ORIGINS }).notNull().default("site"),
  },
  (t) => [
    check("refunds_amount_check", sql`${t.amountCents} > 0 and ${t.shippingCents} >= 0`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'succeeded')`),
    check("refunds_origin_check", sql`${t.origin} in ('site', 'processor', 'dispute')`),
    index("refunds_order_idx").on(t.orderId),
    index("refunds_created_idx").on(t.createdAt),
  ],
);

/** A guest order's access key: only its sha256 is kept; the key itself is in the guest's link. */
// One key per e-mail that carries a guest's link (the order link, the receipt…): the database keeps
// only hashes, so each e-mail written later needs a key of its own.
/**
 * Whom the studio writes to and calls about an order, as the buyer gave it when placing it (a
 * guest's details, or the account's address and the delivery's name and phone). Every e-mail,
 * notice, list and export about the order reads it (server/orders/contact.ts). Removed, the order
 * kept, when the person asks for their data to be erased.
 */
export const orderContacts = pgTable(
  "order_contacts",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    phone: text("phone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_contacts_email_idx").on(sql`lower(${t.email})`)],
);

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
