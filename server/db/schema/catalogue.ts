import { sql } from "drizzle-orm";
import type { ItemImages, ItemModel } from "../../../domain/catalogue-types.ts";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { Translations } from "../../../domain/translations.ts";
import { searchDocument, searchText } from "../search-text.ts";
import { timestamps, tsvector } from "./columns.ts";

// Catalogue
export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  translations: jsonb("translations").$type<Translations>().notNull(),
  ...timestamps,
});

export type { ItemImages };

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
