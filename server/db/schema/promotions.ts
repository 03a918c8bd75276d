import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { PROMOTION_KINDS, PROMOTION_STATUSES } from "../../../domain/discounts.ts";
import { timestamps } from "./columns.ts";
import { orders } from "./orders.ts";

/**
 * The studio's promotions (decision 080): a code the buyer types (upper-cased, unique) or an
 * automatic discount (no code). The rules that read a row are in domain/discounts.ts.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: text("id").primaryKey(),
    code: text("code"),
    /** The studio's own name for it, shown in the admin and the reports. */
    name: text("name").notNull(),
    kind: text("kind", { enum: PROMOTION_KINDS }).notNull(),
    percentBp: integer("percent_bp").notNull().default(0),
    amountCents: integer("amount_cents"),
    categoryIds: jsonb("category_ids").$type<string[]>(),
    itemIds: jsonb("item_ids").$type<string[]>(),
    includesCustomPrints: boolean("includes_custom_prints").notNull().default(true),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    status: text("status", { enum: PROMOTION_STATUSES }).notNull().default("active"),
    maxUses: integer("max_uses"),
    maxUsesPerBuyer: integer("max_uses_per_buyer"),
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    combinesWithCode: boolean("combines_with_code").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("promotions_code_idx")
      .on(t.code)
      .where(sql`${t.code} is not null`),
    check("promotions_kind_check", sql`${t.kind} in ('percent', 'fixed', 'free_shipping')`),
    check("promotions_status_check", sql`${t.status} in ('active', 'paused', 'ended')`),
    check(
      "promotions_money_check",
      sql`${t.percentBp} between 0 and 10000 and coalesce(${t.amountCents}, 0) >= 0 and ${t.minSubtotalCents} >= 0`,
    ),
    check("promotions_limits_check", sql`coalesce(${t.maxUses}, 1) > 0 and coalesce(${t.maxUsesPerBuyer}, 1) > 0`),
  ],
);

export const PROMOTION_USE_STATUSES = ["held", "kept", "released"] as const;
export type PromotionUseStatus = (typeof PROMOTION_USE_STATUSES)[number];

/**
 * One use of a promotion by an order: held while the order awaits payment, kept once it is paid
 * (a refund does not give it back), released when it expires or is cancelled unpaid. The buyer is
 * the account's id, or `email:` and a guest's lower-cased address.
 */
export const promotionUses = pgTable(
  "promotion_uses",
  {
    id: serial("id").primaryKey(),
    promotionId: text("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "restrict" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    buyerKey: text("buyer_key").notNull(),
    status: text("status", { enum: PROMOTION_USE_STATUSES }).notNull().default("held"),
    discountCents: integer("discount_cents").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("promotion_uses_order_idx").on(t.promotionId, t.orderId),
    index("promotion_uses_buyer_idx").on(t.promotionId, t.buyerKey),
    index("promotion_uses_order_id_idx").on(t.orderId),
    check("promotion_uses_status_check", sql`${t.status} in ('held', 'kept', 'released')`),
    check("promotion_uses_discount_check", sql`${t.discountCents} >= 0`),
  ],
);
