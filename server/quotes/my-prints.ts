import { desc, eq } from "drizzle-orm";
import type { CustomPrintListItem } from "../../domain/quote-view.ts";
import { getDb } from "../db/index.ts";
import { quoteFiles, quotes } from "../db/schema.ts";

/** The most a profile lists; older quotes stay reachable from their orders and the quote page. */
const MAX_LISTED = 100;

/** A signed-in buyer's custom prints, newest first: what each is, where it stands, and its price. */
export async function customPrintsOf(userId: string, now = new Date()): Promise<CustomPrintListItem[]> {
  const db = await getDb();
  const rows = await db
    .select({ quote: quotes, name: quoteFiles.originalName })
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.userId, userId))
    .orderBy(desc(quotes.createdAt))
    .limit(MAX_LISTED);
  return rows.map(({ quote, name }) => ({
    id: quote.id,
    name,
    // A price past its hold reads as expired, as on the quote page.
    status: quote.status === "priced" && quote.expiresAt && quote.expiresAt < now ? "expired" : quote.status,
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
