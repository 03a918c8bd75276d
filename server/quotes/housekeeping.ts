import { and, eq, inArray, isNull, lt, notInArray, sql, type SQL } from "drizzle-orm";
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
  const files = await removeUnusedFiles(lt(quoteFiles.createdAt, cutoff));
  return { quotes: removed.length, files };
}

/**
 * The files of quotes just deleted with their account: removed at once (from the bucket too),
 * unless another quote still uses them. Returns how many went.
 */
export function removeUnusedQuoteFiles(fileIds: string[]): Promise<number> {
  if (fileIds.length === 0) return Promise.resolve(0);
  return removeUnusedFiles(inArray(quoteFiles.id, fileIds));
}

/** Files (model and thumbnail) no quote uses: the stored copies first, so that a failure leaves the row to try again. */
async function removeUnusedFiles(which: SQL): Promise<number> {
  const db = await getDb();
  const orphans = await db
    .select({ id: quoteFiles.id, storageKey: quoteFiles.storageKey })
    .from(quoteFiles)
    .where(and(which, sql`not exists (select 1 from ${quotes} where ${quotes.fileId} = ${quoteFiles.id})`));
  const store = getQuoteFileStore();
  for (const file of orphans) {
    await store.delete(file.storageKey);
    await store.delete(`${file.id}.svg`);
    await db.delete(quoteFiles).where(eq(quoteFiles.id, file.id));
  }
  return orphans.length;
}
