import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orderLines } from "../db/schema.ts";
import { markQuotesPaid, quotesForOrder } from "../quotes/quotes.ts";

/** A paid order's custom prints enter the studio's production queue (idempotent: safe to repeat). */
export async function queueOrderCustomParts(orderId: string): Promise<number> {
  const db = await getDb();
  const lines = await db
    .select({ quoteId: orderLines.quoteId })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.quoteId)));
  return markQuotesPaid(orderId, lines.map((line) => line.quoteId as string));
}

/**
 * The custom prints of an order and their production status: once paid, from the production
 * queue; before that, from the order's lines (not in production yet).
 */
export async function orderCustomParts(orderId: string): Promise<{ quoteId: string; name: string; quantity: number; productionStatus: string | null }[]> {
  const queued = await quotesForOrder(orderId);
  if (queued.length > 0) return queued;
  const db = await getDb();
  const lines = await db
    .select({ quoteId: orderLines.quoteId, name: orderLines.itemName })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.quoteId)));
  return lines.map((line) => ({ quoteId: line.quoteId as string, name: line.name.en, quantity: 1, productionStatus: null }));
}
