import { and, eq, isNotNull, sql } from "drizzle-orm";
import { inventoryItems, orderLines, stockHolds } from "../db/schema.ts";
import type { Executor, Tx } from "../db/transaction.ts";
import { StockConflict, type LineProblem } from "./problems.ts";
import { invalidateCatalogue } from "../catalogue/read-cache.ts";
import { recordStockFalls } from "../notices/events.ts";

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
 * Holds the stock of every line for an order with one conditional update each: `held` grows only
 * if the item is visible and has enough units not held already (stock − held), so two buyers can
 * never both get the last unit (the database serialises the updates of one row); a stock_holds
 * row remembers what this order holds. The shelf count (`stock`) is not touched. Every line is
 * tried so that the buyer hears about all the problems at once; if any failed, StockConflict is
 * thrown and the caller's transaction rolls every hold back.
 */
export async function holdStock(
  tx: Tx,
  orderId: string,
  wanted: WantedLine[],
  options: { requireVisible?: boolean } = {},
): Promise<ReservedLine[]> {
  const requireVisible = options.requireVisible ?? true;
  const reserved: ReservedLine[] = [];
  const problems: LineProblem[] = [];
  for (const line of mergeLines(wanted)) {
    const [row] = await tx
      .update(inventoryItems)
      .set({ held: sql`${inventoryItems.held} + ${line.quantity}` })
      .where(
        and(
          eq(inventoryItems.id, line.itemId),
          requireVisible ? eq(inventoryItems.isVisible, true) : undefined,
          sql`${inventoryItems.stock} - ${inventoryItems.held} >= ${line.quantity}`,
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
      .select({
        isVisible: inventoryItems.isVisible,
        stock: inventoryItems.stock,
        held: inventoryItems.held,
        translations: inventoryItems.translations,
      })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, line.itemId));
    const name = item
      ? { en: item.translations.en.name, fr: item.translations.fr?.name || item.translations.en.name }
      : null;
    const available = item ? item.stock - item.held : 0;
    if (!item || (requireVisible && !item.isVisible) || available <= 0) {
      problems.push({ itemId: line.itemId, kind: "notAvailable", name });
    } else {
      problems.push({
        itemId: line.itemId,
        kind: "insufficientStock",
        name: name!,
        available,
        requested: line.quantity,
      });
    }
  }
  if (problems.length > 0) throw new StockConflict(problems);
  if (reserved.length > 0)
    await tx
      .insert(stockHolds)
      .values(reserved.map((line) => ({ orderId, itemId: line.itemId, quantity: line.quantity })));
  invalidateCatalogue();
  return reserved;
}

/** Removes the order's holds and returns what they held; each hold is removed once, whoever asks. */
async function takeHolds(db: Executor, orderId: string): Promise<WantedLine[]> {
  const taken = await db
    .delete(stockHolds)
    .where(eq(stockHolds.orderId, orderId))
    .returning({ itemId: stockHolds.itemId, quantity: stockHolds.quantity });
  return mergeLines(taken);
}

/** The order's held units become available again (expired, cancelled before payment). */
export async function releaseHolds(db: Executor, orderId: string): Promise<void> {
  for (const line of await takeHolds(db, orderId)) {
    await db
      .update(inventoryItems)
      .set({ held: sql`${inventoryItems.held} - ${line.quantity}` })
      .where(eq(inventoryItems.id, line.itemId));
  }
  invalidateCatalogue();
}

/**
 * The order is paid: its held units leave the shelf (held and on hand both go down), exactly once.
 * Each item whose stock this takes below the studio's threshold is recorded as a studio event.
 */
export async function commitHolds(db: Executor, orderId: string): Promise<void> {
  const changes: { itemId: string; before: number; after: number }[] = [];
  for (const line of await takeHolds(db, orderId)) {
    const [row] = await db
      .update(inventoryItems)
      .set({
        held: sql`${inventoryItems.held} - ${line.quantity}`,
        stock: sql`${inventoryItems.stock} - ${line.quantity}`,
      })
      .where(eq(inventoryItems.id, line.itemId))
      .returning({ stock: inventoryItems.stock });
    if (row) changes.push({ itemId: line.itemId, before: row.stock + line.quantity, after: row.stock });
  }
  await recordStockFalls(db, changes);
  invalidateCatalogue();
}

/** A paid order is cancelled: its units go back on the shelf (lines whose item was deleted since are skipped). */
export async function returnToShelf(db: Executor, orderId: string): Promise<void> {
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

/** An order's lines as wanted lines again (to hold them a second time after a late payment). */
export async function orderWantedLines(
  db: Executor,
  orderId: string,
): Promise<{ lines: WantedLine[]; deleted: boolean }> {
  const lines = await db
    .select({ itemId: orderLines.itemId, quantity: orderLines.quantity, kind: orderLines.kind })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  // A custom print holds no stock: only catalogue lines are held again, and only theirs can be gone.
  const items = lines.filter((l) => l.kind === "item");
  return {
    lines: items.filter((l) => l.itemId !== null).map(({ itemId, quantity }) => ({ itemId: itemId!, quantity })),
    deleted: items.some((l) => l.itemId === null),
  };
}
