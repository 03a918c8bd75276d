import { randomUUID } from "node:crypto";
import { asc, count, eq, sql } from "drizzle-orm";
import { categorySchema, check, cleanTranslations } from "../../domain/inventory.ts";
import type { AdminCategory } from "../../domain/catalogue-types.ts";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { FOREIGN_KEY_VIOLATION, pgError, UNIQUE_VIOLATION } from "./errors.ts";
import { freeSlugFrom, slugTaken } from "./slugs.ts";
import { invalidateCatalogue } from "../catalogue/read-cache.ts";

const { categories, inventoryItems } = tables;

type CategoryRow = typeof categories.$inferSelect;

function toAdminCategory(row: CategoryRow, itemCount: number): AdminCategory {
  return {
    id: row.id,
    slug: row.slug,
    translations: row.translations,
    itemCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every category with the number of items in it, by English name. */
export async function listCategories(): Promise<AdminCategory[]> {
  const db = await getDb();
  const counts = db
    .select({ categoryId: inventoryItems.categoryId, n: count().as("n") })
    .from(inventoryItems)
    .groupBy(inventoryItems.categoryId)
    .as("counts");
  const rows = await db
    .select({ category: categories, n: counts.n })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(asc(sql`lower(${categories.translations}->'en'->>'name')`));
  return rows.map((row) => toAdminCategory(row.category, Number(row.n ?? 0)));
}

export async function createCategory(input: unknown): Promise<AdminCategory> {
  const checked = check(categorySchema, input);
  if (!checked.ok) throw new DomainError("category.create_invalid", { fields: checked.fields });
  const db = await getDb();
  const { translations, slug: typed } = checked.value;
  if (typed && (await slugTaken(db, categories, typed)))
    throw new DomainError("category.create_invalid", { fields: { slug: "slugTaken" } });
  const slug = typed || (await freeSlugFrom(db, categories, translations.en.name, "category"));
  try {
    const [row] = await db
      .insert(categories)
      .values({ id: randomUUID(), slug, translations: cleanTranslations(translations) })
      .returning();
    invalidateCatalogue();
    return toAdminCategory(row, 0);
  } catch (error) {
    if (pgError(error).code === UNIQUE_VIOLATION)
      throw new DomainError("category.create_invalid", { fields: { slug: "slugTaken" } });
    throw error;
  }
}

export async function updateCategory(id: string, input: unknown): Promise<AdminCategory> {
  const checked = check(categorySchema, input);
  if (!checked.ok) throw new DomainError("category.update_invalid", { fields: checked.fields });
  const db = await getDb();
  const { translations, slug: typed } = checked.value;
  if (typed && (await slugTaken(db, categories, typed, id))) {
    throw new DomainError("category.update_invalid", { fields: { slug: "slugTaken" } });
  }
  const [current] = await db.select().from(categories).where(eq(categories.id, id));
  if (!current) throw new DomainError("category.not_found");
  try {
    const [row] = await db
      .update(categories)
      .set({ slug: typed || current.slug, translations: cleanTranslations(translations), updatedAt: new Date() })
      .where(eq(categories.id, id))
      .returning();
    if (!row) throw new DomainError("category.not_found");
    const [{ n }] = await db.select({ n: count() }).from(inventoryItems).where(eq(inventoryItems.categoryId, id));
    return toAdminCategory(row, n);
  } catch (error) {
    if (pgError(error).code === UNIQUE_VIOLATION)
      throw new DomainError("category.update_invalid", { fields: { slug: "slugTaken" } });
    throw error;
  }
}

/**
 * Refused with the spec's 'Cannot delete category that has items' while an item uses it. The
 * database refuses too (ON DELETE RESTRICT), which covers an item added between check and delete.
 */
export async function deleteCategory(id: string): Promise<void> {
  const db = await getDb();
  const [used] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(eq(inventoryItems.categoryId, id))
    .limit(1);
  if (used) throw new DomainError("category.in_use");
  try {
    const deleted = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    invalidateCatalogue();
    if (deleted.length === 0) throw new DomainError("category.not_found");
  } catch (error) {
    if (pgError(error).code === FOREIGN_KEY_VIOLATION) throw new DomainError("category.in_use");
    throw error;
  }
}
