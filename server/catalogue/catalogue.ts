import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import { MAX_QUERY_LENGTH } from "../../domain/store-query.ts";
import { translate } from "../../domain/translations.ts";
import { getDb } from "../db/index.ts";
import {
  itemModelUrl,
  type ItemList,
  type ItemModel,
  type StoreCategory,
  type StoreItem,
} from "../../domain/catalogue-types.ts";
import { categories, inventoryItems } from "../db/schema.ts";
import { foldSql, searchQuery } from "../db/search-text.ts";
import { availableUnitsSql } from "../inventory/availability.ts";
import { cachedRead } from "./read-cache.ts";

/**
 * What visitors may see of the catalogue. Every function here returns visible items only: a
 * hidden item never leaves the server for a visitor (the admin area has its own service).
 */

export const PAGE_SIZE = 24;
export const MAX_BY_IDS = 100;

export type { ItemList, StoreCategory, StoreItem };

export type ItemListQuery = { q?: string; category?: string; page?: number; locale: Locale; pageSize?: number };

/** The current state of items in a cart. Hidden or deleted items say only that they are unavailable. */
export type ItemAvailability =
  | ({ available: true } & Pick<StoreItem, "id" | "slug" | "names" | "priceCents" | "stock"> & { image: string })
  | { id: string; available: false };

const itemColumns = {
  id: inventoryItems.id,
  slug: inventoryItems.slug,
  translations: inventoryItems.translations,
  priceCents: inventoryItems.priceCents,
  images: inventoryItems.images,
  model: inventoryItems.model,
  categoryId: categories.id,
  categorySlug: categories.slug,
  categoryTranslations: categories.translations,
};

type ItemRow = { [K in Exclude<keyof typeof itemColumns, "model">]: (typeof itemColumns)[K]["_"]["data"] } & {
  stock: number;
  model: ItemModel | null;
};

function toStoreItem(row: ItemRow, locale: Locale): StoreItem {
  const text = translate(row.translations, locale);
  return {
    id: row.id,
    slug: row.slug,
    category: { id: row.categoryId, slug: row.categorySlug, name: translate(row.categoryTranslations, locale).name },
    name: text.name,
    description: text.description,
    names: { en: row.translations.en.name, fr: translate(row.translations, "fr").name },
    priceCents: row.priceCents,
    stock: row.stock,
    images: row.images,
    model: row.model
      ? { url: itemModelUrl(row.id, row.model.id), triangles: row.model.triangles, sizeMm: row.model.sizeMm }
      : null,
  };
}

/** Trims the visitor's words to letters, digits and word joiners; empty when nothing is left. */
export function cleanQuery(q: string | undefined): string {
  return (q ?? "")
    .normalize("NFC")
    .slice(0, MAX_QUERY_LENGTH)
    .replace(/[^\p{L}\p{N}'’-]+/gu, " ")
    .trim();
}

/**
 * Visible items, filtered in the database; category by slug. With words, an item matches when its
 * name and description in the page's language hold every word as a word prefix, or come close to
 * the words (a typo: trigram word similarity), or when its category's name matches; accents and
 * case never matter. Best matches first, then newest first.
 */
export function listItems(query: ItemListQuery): Promise<ItemList> {
  return cachedRead(`items:${JSON.stringify(query)}`, () => loadItems(query));
}

/** Categories whose name in the page's language matches the words (prefixes or a near spelling). */
async function categoriesNamed(words: string, locale: Locale): Promise<string[]> {
  const db = await getDb();
  const name =
    locale === "fr"
      ? sql`coalesce(nullif(${categories.translations}->'fr'->>'name', ''), ${categories.translations}->'en'->>'name')`
      : sql`(${categories.translations}->'en'->>'name')`;
  const folded = foldSql(name);
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      sql`to_tsvector('simple'::regconfig, ${folded}) @@ ${searchQuery(words)} or ${foldSql(sql`${words}::text`)} <% ${folded}`,
    );
  return rows.map((row) => row.id);
}

async function loadItems(query: ItemListQuery): Promise<ItemList> {
  const db = await getDb();
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const words = cleanQuery(query.q);

  const conditions: SQL[] = [eq(inventoryItems.isVisible, true)];
  if (query.category) conditions.push(eq(categories.slug, query.category));
  const order: SQL[] = [];
  if (words) {
    const french = query.locale === "fr";
    const document = french ? inventoryItems.searchFr : inventoryItems.searchEn;
    const text = french ? inventoryItems.searchTextFr : inventoryItems.searchTextEn;
    const foldedWords = foldSql(sql`${words}::text`);
    const categoryIds = await categoriesNamed(words, query.locale);
    const everyWord = sql`${document} @@ ${searchQuery(words)}`;
    const inCategory = categoryIds.length > 0 ? inArray(inventoryItems.categoryId, categoryIds) : sql`false`;
    // `<%`: pg_trgm's word similarity of at least 0.6 ("dragn" is 0.67 from "dragon"), indexed.
    const nearWords = sql`${foldedWords} <% ${text}`;
    conditions.push(or(everyWord, nearWords, inCategory)!);
    // Its own words first (exact over near), then a match by category only.
    order.push(
      desc(
        sql`(case when ${everyWord} then 1 else 0 end) + word_similarity(${foldedWords}, ${text}) + (case when ${inCategory} then 0.5 else 0 end)`,
      ),
    );
  }
  const where = and(...conditions);

  // The page and the count are two queries: a window count over every match would make the
  // database read (and detoast) all matching rows before it can stop at one page.
  const rows = await db
    .select({ ...itemColumns, stock: availableUnitsSql })
    .from(inventoryItems)
    .innerJoin(categories, eq(categories.id, inventoryItems.categoryId))
    .where(where)
    .orderBy(...order, desc(inventoryItems.createdAt), asc(inventoryItems.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total =
    page === 1 && rows.length < pageSize
      ? rows.length
      : ((
          await db
            .select({ n: count() })
            .from(inventoryItems)
            .innerJoin(categories, eq(categories.id, inventoryItems.categoryId))
            .where(where)
        )[0]?.n ?? 0);
  return {
    items: rows.map((row) => toStoreItem(row, query.locale)),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
  };
}

/** One visible item by its slug; undefined for a hidden or unknown one. */
export async function findVisibleItem(slug: string, locale: Locale): Promise<StoreItem | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ ...itemColumns, stock: availableUnitsSql })
    .from(inventoryItems)
    .innerJoin(categories, eq(categories.id, inventoryItems.categoryId))
    .where(and(eq(inventoryItems.slug, slug), eq(inventoryItems.isVisible, true)))
    .limit(1);
  return row ? toStoreItem(row, locale) : undefined;
}

/** Every category, sorted by its name in the page's language. */
export function listCategories(locale: Locale): Promise<StoreCategory[]> {
  return cachedRead(`categories:${locale}`, () => loadCategories(locale));
}

async function loadCategories(locale: Locale): Promise<StoreCategory[]> {
  const db = await getDb();
  const rows = await db.select().from(categories);
  return rows
    .map((row) => ({ id: row.id, slug: row.slug, ...translate(row.translations, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale === "fr" ? "fr-CA" : "en-CA"));
}

/**
 * The current price and stock of the items in a cart, in the order asked. Items that are hidden,
 * deleted or unknown come back as `{ id, available: false }`, without any of their details.
 */
export async function itemsByIds(ids: string[]): Promise<ItemAvailability[]> {
  const wanted = [...new Set(ids.filter((id) => id.length > 0 && id.length <= 200))].slice(0, MAX_BY_IDS);
  if (wanted.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: inventoryItems.id,
      slug: inventoryItems.slug,
      translations: inventoryItems.translations,
      priceCents: inventoryItems.priceCents,
      stock: availableUnitsSql,
      images: inventoryItems.images,
    })
    .from(inventoryItems)
    .where(and(inArray(inventoryItems.id, wanted), eq(inventoryItems.isVisible, true)));
  const found = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id): ItemAvailability => {
    const row = found.get(id);
    if (!row) return { id, available: false };
    return {
      id,
      available: true,
      slug: row.slug,
      names: { en: row.translations.en.name, fr: translate(row.translations, "fr").name },
      priceCents: row.priceCents,
      stock: row.stock,
      image: row.images.main,
    };
  });
}
