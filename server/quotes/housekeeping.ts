import { and, eq, isNull, lt, notInArray, sql } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { quoteFiles, quotes } from "../db/schema.ts";
import { ORDER_QUOTE_STATUSES } from "../../domain/quote-states.ts";
import { getQuoteFileStore } from "./file-store.ts";

export const ABANDONED_AFTER_DAYS = 30;

// Quotes nobody ordered are removed after a while.

/**
 * Quotes nobody ordered, untouched for 30 days, are deleted with their files (a file is kept while
 * another quote still uses it). Ordered parts are kept: they are the studio's records.
 */
export async function cleanupAbandonedQuotes(now = new Date()): Promise<{ quotes: number; files: number }> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_DAYS * 86_400_000);
  const removed = await db
    .delete(quotes)
    .where(
      and(lt(quotes.updatedAt, cutoff), notInArray(quotes.status, [...ORDER_QUOTE_STATUSES]), isNull(quotes.orderId)),
    )
    .returning({ fileId: quotes.fileId });
  const orphans = await db
    .select({ id: quoteFiles.id, storageKey: quoteFiles.storageKey })
    .from(quoteFiles)
    .where(
      and(
        lt(quoteFiles.createdAt, cutoff),
        sql`not exists (select 1 from ${quotes} where ${quotes.fileId} = ${quoteFiles.id})`,
      ),
    );
  const store = getQuoteFileStore();
  for (const file of orphans) {
    await store.delete(file.storageKey);
    await store.delete(`${file.id}.svg`);
    await db.delete(quoteFiles).where(eq(quoteFiles.id, file.id));
  }
  return { quotes: removed.length, files: orphans.length };
}
