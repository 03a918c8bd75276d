import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orderLines } from "../db/schema.ts";
import { markQuotesPaid } from "../quotes/quotes.ts";

/** A paid order's custom prints enter the studio's production queue (idempotent: safe to repeat). */
export async function queueOrderCustomParts(orderId: string): Promise<number> {
  const db = await getDb();
  const lines = await db
    .select({ quoteId: orderLines.quoteId })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.quoteId)));
  return markQuotesPaid(orderId, lines.map((line) => line.quoteId as string));
}
