import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { inventoryItems } from "../db/schema.ts";

type Executor = Pick<Database, "select">;

/** Units a buyer can take of an item: on the shelf minus those held by orders awaiting payment. */
export const availableUnitsSql = sql<number>`(${inventoryItems.stock} - ${inventoryItems.held})`.mapWith(Number);

/**
 * The units buyers can take now of each of these items (visible items only; a hidden or unknown
 * item is absent from the map). Every place that shows or caps stock for a buyer asks this.
 */
export async function availableUnits(db: Executor, itemIds: readonly string[]): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: inventoryItems.id, available: availableUnitsSql })
    .from(inventoryItems)
    .where(and(inArray(inventoryItems.id, [...new Set(itemIds)]), eq(inventoryItems.isVisible, true)));
  return new Map(rows.map((row) => [row.id, row.available]));
}
