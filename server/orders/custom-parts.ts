import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orderLines } from "../db/schema.ts";
import { quotesForOrder } from "../quotes/quotes.ts";

/**
 * The custom prints of an order and their production status: once paid, from the production
 * queue; before that, from the order's lines (not in production yet).
 */
export async function orderCustomParts(
  orderId: string,
): Promise<{ quoteId: string; name: string; quantity: number; productionStatus: string | null }[]> {
  const queued = await quotesForOrder(orderId);
  if (queued.length > 0) return queued;
  const db = await getDb();
  const lines = await db
    .select({ quoteId: orderLines.quoteId, name: orderLines.itemName })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.quoteId)));
  return lines.map((line) => ({
    quoteId: line.quoteId as string,
    name: line.name.en,
    quantity: 1,
    productionStatus: null,
  }));
}
