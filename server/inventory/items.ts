import { randomUUID } from "node:crypto";
import { and, asc, eq, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import {
  check,
  cleanTranslations,
  itemUpdatesSchema,
  LOW_STOCK,
  newItemSchema,
  type FieldErrors,
} from "../../domain/inventory.ts";
import { getDb, tables, type Database } from "../db/index.ts";
import { stockHolds } from "../db/schema.ts";
import type { AdminItem } from "../../domain/catalogue-types.ts";
import { DomainError } from "../errors.ts";
import { availableUnitsSql } from "./availability.ts";
import { FOREIGN_KEY_VIOLATION, pgError, UNIQUE_VIOLATION } from "./errors.ts";
import { freeSlugFrom, slugTaken } from "./slugs.ts";
import { invalidateCatalogue } from "../catalogue/read-cache.ts";
import { forgetItemModel } from "./item-models.ts";

const { categories, inventoryItems } = tables;

type ItemRow = typeof inventoryItems.$inferSelect;

export function toAdminItem(row: ItemRow): AdminItem {
  return {
    id: row.id,
    slug: row.slug,
    categoryId: row.categoryId,
    translations: row.translations,
    price: row.priceCents / 100,
    priceCents: row.priceCents,
    stock: row.stock,
    weightGrams: row.weightGrams,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    held: row.held,
    available: row.stock - row.held,
    images: row.images,
    isVisible: row.isVisible,
    model: row.model ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const ITEM_SORTS = ["newest", "oldest", "name", "priceAsc", "priceDesc", "stockAsc", "updated"] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];
export type ItemFilter = {
  q?: string;
  categoryId?: string;
  visibility?: "all" | "visible" | "hidden";
  lowStock?: boolean;
  sort?: ItemSort;
};

const englishName = sql`lower(${inventoryItems.translations}->'en'->>'name')`;
const ORDER_BY: Record<ItemSort, SQL[]> = {
  newest: [sql`${inventoryItems.createdAt} desc`],
  oldest: [sql`${inventoryItems.createdAt} asc`],
  name: [sql`${englishName} asc`],
  priceAsc: [sql`${inventoryItems.priceCents} asc`],
  priceDesc: [sql`${inventoryItems.priceCents} desc`],
  stockAsc: [sql`${availableUnitsSql} asc`],
  updated: [sql`${inventoryItems.updatedAt} desc`],
};

export async function listItems(filter: ItemFilter = {}): Promise<AdminItem[]> {
  const db = await getDb();
  const where: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(sql`${inventoryItems.translations}->'en'->>'name'`, pattern),
        ilike(sql`coalesce(${inventoryItems.translations}->'fr'->>'name', '')`, pattern),
        ilike(inventoryItems.slug, pattern),
      )!,
    );
  }
  if (filter.categoryId) where.push(eq(inventoryItems.categoryId, filter.categoryId));
  if (filter.visibility === "visible") where.push(eq(inventoryItems.isVisible, true));
  if (filter.visibility === "hidden") where.push(eq(inventoryItems.isVisible, false));
  if (filter.lowStock) where.push(lt(availableUnitsSql, LOW_STOCK));
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...ORDER_BY[filter.sort ?? "newest"], asc(inventoryItems.id));
  return rows.map(toAdminItem);
}

export async function getItem(id: string): Promise<AdminItem | null> {
  const db = await getDb();
  const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
  return row ? toAdminItem(row) : null;
}

async function categoryExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

export async function createItem(input: unknown): Promise<AdminItem> {
  const failure = "item.create_invalid";
  const checked = check(newItemSchema, input);
  if (!checked.ok) throw new DomainError(failure, { fields: checked.fields });
  const value = checked.value;
  const db = await getDb();
  const fields: FieldErrors = {};
  if (!(await categoryExists(db, value.categoryId))) fields.categoryId = "categoryMissing";
  if (value.slug && (await slugTaken(db, inventoryItems, value.slug))) fields.slug = "slugTaken";
  if (Object.keys(fields).length) throw new DomainError(failure, { fields });

  const id = randomUUID();
  const slug = value.slug || (await freeSlugFrom(db, inventoryItems, value.translations.en.name, id));
  try {
    const [row] = await db
      .insert(inventoryItems)
      .values({
        id,
        slug,
        categoryId: value.categoryId,
        translations: cleanTranslations(value.translations),
        priceCents: value.price,
        stock: value.stock,
        weightGrams: value.weightGrams ?? 0,
        lengthMm: value.lengthMm ?? null,
        widthMm: value.widthMm ?? null,
        heightMm: value.heightMm ?? null,
        images: value.images,
        isVisible: value.isVisible,
      })
      .returning();
    invalidateCatalogue();
    return toAdminItem(row);
  } catch (error) {
    throw mapWriteError(error, failure);
  }
}

function mapWriteError(error: unknown, failure: "item.create_invalid" | "item.update_invalid"): unknown {
  const { code } = pgError(error);
  if (code === UNIQUE_VIOLATION) return new DomainError(failure, { fields: { slug: "slugTaken" } });
  if (code === FOREIGN_KEY_VIOLATION) return new DomainError(failure, { fields: { categoryId: "categoryMissing" } });
  return error;
}

// The version column is a PostgreSQL integer: a larger number could never match, and would make
// the query itself fail instead of answering 400.
const MAX_VERSION = 2_147_483_647;

export type UpdateInventoryRequest = { itemId?: unknown; updates?: unknown; version?: unknown };

/**
 * The spec's update-inventory call. `version` is the version the admin's edit started from: if
 * someone saved in between, nothing is written and a 409 asks to reload. Every successful update
 * records updatedAt and bumps the version.
 *
 * `stock` is the count on the shelf; holds and sales change it without a new version (a purchase
 * must not make the admin's edit stale), so a stock write is guarded on its own: with `stockSeen`
 * (what the admin's form showed; the form sends both only when the count was changed) it applies
 * only if the shelf count is still that, and it can never go under the units held by orders.
 * An edit without `stock` never touches it.
 */
export async function updateInventory(request: UpdateInventoryRequest): Promise<AdminItem> {
  const failure = "item.update_invalid";
  const itemId = typeof request.itemId === "string" ? request.itemId.trim() : "";
  const version = request.version;
  const fields: FieldErrors = {};
  if (!itemId) fields.itemId = "required";
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1 || version > MAX_VERSION)
    fields.version = "versionRequired";
  const checked = check(itemUpdatesSchema, request.updates ?? {});
  if (!checked.ok) Object.assign(fields, checked.fields);
  if (Object.keys(fields).length || !checked.ok) throw new DomainError(failure, { fields });
  const updates = checked.value;

  const db = await getDb();
  if (updates.categoryId !== undefined && !(await categoryExists(db, updates.categoryId))) {
    fields.categoryId = "categoryMissing";
  }
  if (updates.slug && (await slugTaken(db, inventoryItems, updates.slug, itemId))) fields.slug = "slugTaken";
  if (Object.keys(fields).length) throw new DomainError(failure, { fields });

  const set: Partial<typeof inventoryItems.$inferInsert> = {};
  if (updates.translations) set.translations = cleanTranslations(updates.translations);
  if (updates.categoryId !== undefined) set.categoryId = updates.categoryId;
  if (updates.price !== undefined) set.priceCents = updates.price;
  if (updates.stock !== undefined) set.stock = updates.stock;
  if (updates.weightGrams !== undefined) set.weightGrams = updates.weightGrams;
  if (updates.lengthMm !== undefined) set.lengthMm = updates.lengthMm;
  if (updates.widthMm !== undefined) set.widthMm = updates.widthMm;
  if (updates.heightMm !== undefined) set.heightMm = updates.heightMm;
  const stockGuard =
    updates.stock === undefined
      ? undefined
      : and(
          sql`${inventoryItems.held} <= ${updates.stock}`,
          updates.stockSeen === undefined ? undefined : eq(inventoryItems.stock, updates.stockSeen),
        );
  if (updates.images) set.images = updates.images;
  if (updates.isVisible !== undefined) set.isVisible = updates.isVisible;
  if (updates.slug) set.slug = updates.slug;

  try {
    const [row] = await db
      .update(inventoryItems)
      .set({ ...set, updatedAt: new Date(), version: sql`${inventoryItems.version} + 1` })
      .where(and(eq(inventoryItems.id, itemId), eq(inventoryItems.version, version as number), stockGuard))
      .returning();
    if (row) {
      invalidateCatalogue();
      return toAdminItem(row);
    }
  } catch (error) {
    throw mapWriteError(error, failure);
  }
  const exists = await getItem(itemId);
  if (!exists) throw new DomainError("item.not_found");
  if (exists.version === version && updates.stock !== undefined) {
    if (exists.held > updates.stock)
      throw new DomainError("item.stock_under_held", { count: exists.held, field: "stock" });
    throw new DomainError("item.stock_changed", { count: exists.stock, field: "stock" });
  }
  throw new DomainError("item.stale");
}

/**
 * Deletes an item. Order lines keep its name and price; their link to it becomes empty (ON DELETE
 * SET NULL). An item that unpaid orders hold cannot be deleted (they could still be paid): hide it.
 * Its 3D model's file goes with it.
 */
export async function deleteItem(id: string): Promise<void> {
  const db = await getDb();
  const deleted = await db
    .delete(inventoryItems)
    .where(
      and(
        eq(inventoryItems.id, id),
        sql`not exists (select 1 from ${stockHolds} where ${stockHolds.itemId} = ${inventoryItems.id})`,
      ),
    )
    .returning({ id: inventoryItems.id, model: inventoryItems.model });
  if (
    deleted.length === 0 &&
    (await db.select({ id: stockHolds.itemId }).from(stockHolds).where(eq(stockHolds.itemId, id)).limit(1)).length > 0
  ) {
    throw new DomainError("item.held_by_orders");
  }
  invalidateCatalogue();
  if (deleted.length === 0) throw new DomainError("item.not_found");
  await forgetItemModel(deleted[0]!.model);
}
