import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { user } from "./accounts.ts";
import { inventoryItems } from "./catalogue.ts";

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
