import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, inventoryItems } from "../db/schema.ts";
import { firstSampleOffer } from "../db/sample-content.ts";
import { sampleCategories, sampleItems } from "./sample-data.ts";

/** Transaction-scoped advisory lock key, so that concurrent seeders (several app servers) queue up. */
const SEED_LOCK_KEY = 7_301_946_211;

/**
 * Loads the sample catalogue into an EMPTY catalogue, once per install. If any category or item
 * already exists (ones an admin created, or everything an admin deleted down to one row), or the
 * samples were offered before (an admin deleted them all), nothing is inserted. Safe to run twice or concurrently: the whole check-and-insert runs in one transaction
 * behind an advisory lock, and every insert ignores rows that already exist.
 *
 * Returns the number of categories and items actually inserted.
 */
export async function seedSampleCatalogue(db: Database): Promise<{ categories: number; items: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await firstSampleOffer(tx, "catalogue"))) return { categories: 0, items: 0 };

    const [anyCategory] = await tx.select({ id: categories.id }).from(categories).limit(1);
    const [anyItem] = await tx.select({ id: inventoryItems.id }).from(inventoryItems).limit(1);
    if (anyCategory || anyItem) return { categories: 0, items: 0 };

    const insertedCategories = await tx
      .insert(categories)
      .values(sampleCategories)
      .onConflictDoNothing()
      .returning({ id: categories.id });

    // Distinct creation times in list order (first item newest), so "newest first" is stable.
    const now = Date.now();
    const insertedItems = await tx
      .insert(inventoryItems)
      .values(
        sampleItems.map((item, index) => {
          const createdAt = new Date(now - index * 60_000);
          return { ...item, createdAt, updatedAt: createdAt };
        }),
      )
      .onConflictDoNothing()
      .returning({ id: inventoryItems.id });

    return { categories: insertedCategories.length, items: insertedItems.length };
  });
}
