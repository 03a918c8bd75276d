import { DomainError } from "../errors.ts";
import { eq } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { quoteFiles, quotes } from "../db/schema.ts";
import { turnedPart } from "./turned-part.ts";
import { getQuoteFileStore } from "./file-store.ts";
import type { QuoteOwner } from "./owner.ts";
import { termsOf } from "./price-terms.ts";
import { isOwner, printRotation } from "./buyer-view.ts";

// The model files and thumbnails, for their owner or an admin only.

/** The model file, for its owner or an admin only. */
export async function quoteFileFor(
  id: string,
  owner: QuoteOwner,
): Promise<{ body: Uint8Array; name: string; format: string }> {
  const db = await getDb();
  const [found] = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, id));
  if (!found || !(owner.user?.role === "admin" || isOwner(found.quotes, owner)))
    throw new DomainError("quote.not_found");
  const body = await getQuoteFileStore().get(found.quote_files.storageKey);
  if (!body) throw new DomainError("quote.not_found");
  // A STEP file is kept as the STL made from it: the download is named for what it holds.
  const name = found.quote_files.originalName.replace(/\.(step|stp)$/i, `.${found.quote_files.format}`);
  return { body, name, format: found.quote_files.format };
}

/**
 * The part turned as it is priced, for the studio to print (and its owner): a binary STL resting on
 * the bed, unscaled like the file. 404 when the part is printed as its file lies.
 */
export async function printedFileFor(id: string, owner: QuoteOwner): Promise<{ body: Uint8Array; name: string }> {
  const db = await getDb();
  const [found] = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, id));
  if (!found || !(owner.user?.role === "admin" || isOwner(found.quotes, owner)))
    throw new DomainError("quote.not_found");
  const rotation = printRotation(found.quotes, found.quote_files, await termsOf(found.quotes.termsVersion, db));
  const body = rotation && (await getQuoteFileStore().get(found.quote_files.storageKey));
  if (!rotation || !body) throw new DomainError("quote.no_turned_file");
  const turned = await turnedPart(body, found.quote_files.format, rotation, "turned as priced by the studio");
  return { body: turned, name: `${found.quote_files.originalName.replace(/\.[^.]*$/, "")}-as-priced.stl` };
}

export async function quoteThumbnailFor(id: string, owner: QuoteOwner): Promise<Uint8Array> {
  const db = await getDb();
  const [found] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!found || !(owner.user?.role === "admin" || isOwner(found, owner))) throw new DomainError("quote.not_found");
  const body = await getQuoteFileStore().get(`${found.fileId}.svg`);
  if (!body) throw new DomainError("quote.not_found");
  return body;
}
