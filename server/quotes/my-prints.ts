import { desc, eq } from "drizzle-orm";
import type { CustomPrintListItem } from "../../domain/quote-view.ts";
import { getDb } from "../db/index.ts";
import { orders, quoteFiles, quotes } from "../db/schema.ts";

/** The most a profile lists; older quotes stay reachable from their orders and the quote page. */
const MAX_LISTED = 100;

/** A signed-in buyer's custom prints, newest first: what each is, where it stands, and its price. */
export async function customPrintsOf(userId: string, now = new Date()): Promise<CustomPrintListItem[]> {
  const db = await getDb();
  const rows = await db
    .select({ quote: quotes, name: quoteFiles.originalName, orderPaidAt: orders.paidAt })
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(eq(quotes.userId, userId))
    .orderBy(desc(quotes.createdAt))
    .limit(MAX_LISTED);
  return rows.map(({ quote, name, orderPaidAt }) => ({
    id: quote.id,
    name,
    // A price past its hold reads as expired, as on the quote page.
    status: quote.status === "priced" && quote.expiresAt && quote.expiresAt < now ? "expired" : quote.status,
    // A part withdrawn from an order that was paid was refunded (refunds.ts withdraws it).
    refunded: quote.status === "cancelled" && orderPaidAt !== null,
    quantity: quote.quantity,
    totalCents: quote.totalCents,
    estimateCents: quote.totalCents === null ? quote.estimateCents : null,
    pricedByStudio: quote.totalCents !== null && quote.printSeconds === null,
    studioNote: quote.declineReason,
    buyerNote: quote.reviewNote,
    expiresAt: quote.expiresAt?.toISOString() ?? null,
    createdAt: quote.createdAt.toISOString(),
  }));
}
