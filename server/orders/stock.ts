import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { inventoryItems, orderLines } from "../db/schema.ts";
import type { Executor, Tx } from "./db.ts";
import { StockConflict, type LineProblem } from "./problems.ts";
import { invalidateCatalogue } from "../catalogue/read-cache.ts";

export type WantedLine = { itemId: string; quantity: number };
export type ReservedLine = {
  itemId: string;
  slug: string;
  name: { en: string; fr: string };
  unitPriceCents: number;
  quantity: number;
};

/** Two lines naming the same item count together; sorted by id so that concurrent orders lock rows in one order. */
export function mergeLines(lines: WantedLine[]): WantedLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.itemId, (merged.get(line.itemId) ?? 0) + line.quantity);
  return [...merged].map(([itemId, quantity]) => ({ itemId, quantity })).sort((a, b) => (a.itemId < b.itemId ? -1 : 1));
}

/**
 * Takes the stock of every line with one conditional update each: a row is decremented only if
 * the item is visible and has enough left, so two buyers can never both get the last unit (the
 * database serialises the updates of one row). Every line is tried so that the buyer hears about
 * all the problems at once; if any failed, StockConflict is thrown and the caller's transaction
 * rolls every decrement back.
 */
export async function reserveStock(tx: Tx, wanted: WantedLine[], options: { requireVisible?: boolean } = {}): Promise<ReservedLine[]> {
  const requireVisible = options.requireVisible ?? true;
  const reserved: ReservedLine[] = [];
  const problems: LineProblem[] = [];
  for (const line of mergeLines(wanted)) {
    const [row] = await tx
      .update(inventoryItems)
      .set({ stock: sql`${inventoryItems.stock} - ${line.quantity}` })
      .where(
        and(
          eq(inventoryItems.id, line.itemId),
          requireVisible ? eq(inventoryItems.isVisible, true) : undefined,
          gte(inventoryItems.stock, line.quantity),
        ),
      )
      .returning({
        id: inventoryItems.id,
        slug: inventoryItems.slug,
        translations: inventoryItems.translations,
        priceCents: inventoryItems.priceCents,
      });
    if (row) {
      reserved.push({
        itemId: row.id,
        slug: row.slug,
        name: { en: row.translations.en.name, fr: row.translations.fr?.name || row.translations.en.name },
        unitPriceCents: row.priceCents,
        quantity: line.quantity,
      });
      continue;
    }
    const [item] = await tx
      .select({ isVisible: inventoryItems.isVisible, stock: inventoryItems.stock, translations: inventoryItems.translations })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, line.itemId));
    const name = item ? { en: item.translations.en.name, fr: item.translations.fr?.name || item.translations.en.name } : null;
    if (!item || (requireVisible && !item.isVisible) || item.stock <= 0) {
      problems.push({ itemId: line.itemId, kind: "notAvailable", name });
    } else {
      problems.push({ itemId: line.itemId, kind: "insufficientStock", name: name!, available: item.stock, requested: line.quantity });
    }
  }
  if (problems.length > 0) throw new StockConflict(problems);
  invalidateCatalogue();
  return reserved;
}

/** Gives an order's units back to the shelf (lines whose item was deleted since are skipped). */
export async function restoreStock(db: Executor, orderId: string): Promise<void> {
  const lines = await db
    .select({ itemId: orderLines.itemId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.itemId)));
  for (const line of mergeLines(lines as WantedLine[])) {
    await db
      .update(inventoryItems)
      .set({ stock: sql`${inventoryItems.stock} + ${line.quantity}` })
      .where(eq(inventoryItems.id, line.itemId));
  }
  invalidateCatalogue();
}

/** An order's lines as wanted lines again (to reserve them a second time after a late payment). */
export async function orderWantedLines(db: Executor, orderId: string): Promise<{ lines: WantedLine[]; deleted: boolean }> {
  const lines = await db.select({ itemId: orderLines.itemId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return {
    lines: lines.filter((l) => l.itemId !== null) as WantedLine[],
    deleted: lines.some((l) => l.itemId === null),
  };
}
