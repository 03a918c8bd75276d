import { and, eq, isNull } from "drizzle-orm";
import { optionsProblem } from "../../domain/quote-pricing.ts";
import { getDb } from "../db/index.ts";
import { quoteFiles, quotes, type ProductionStatus } from "../db/schema.ts";
import type { CustomPrintSummary } from "../../domain/cart-view.ts";
import { EDITABLE_QUOTE_STATUSES } from "../../domain/quote-states.ts";
import { hashBrowserId, type QuoteOwner } from "./owner.ts";
import { currentTerms, termsOf } from "./price-terms.ts";
import { type QuoteRow, isOwner, optionsOf } from "./buyer-view.ts";
import { requote } from "./repricing.ts";

// A quote as a cart line and an order's part; the browser's quotes joining an account at log-in.

/**
 * At log-in: the browser's quotes in no order become the account's (call from the log-in hook). A
 * part in an order stays with that order's buyer: a guest's paid part is not the next person's
 * who signs in on the same computer.
 */
export async function adoptBrowserQuotes(browserId: string, userId: string): Promise<number> {
  const db = await getDb();
  const moved = await db
    .update(quotes)
    .set({ userId, browserHash: null, updatedAt: new Date() })
    .where(and(eq(quotes.browserHash, hashBrowserId(browserId)), isNull(quotes.userId), isNull(quotes.orderId)))
    .returning({ id: quotes.id });
  return moved.length;
}

export type CartQuoteLine = CustomPrintSummary & {
  infillPercent: number;
  unitCents: number;
  totalCents: number;
  expiresAt: string;
  /** The studio's minimum per part, when it sets the price (never for a price set by hand). */
  minimumCentsPerPart: number | null;
};

export type CartQuoteError = "not-found" | "not-priced" | "expired" | "ordered";

/**
 * What the cart shows and charges for a custom part: only a price the buyer has seen (the slicer's
 * or the studio's), within its hold. An expired quote must be re-quoted (updateQuoteOptions) first.
 */
export async function quoteLineForCart(
  quoteId: string,
  owner: QuoteOwner,
): Promise<{ ok: true; line: CartQuoteLine } | { ok: false; error: CartQuoteError }> {
  return cartQuoteLine(quoteId, (row) => isOwner(row, owner));
}

/**
 * The same for a line already in a cart: its owner was checked when it was added, and the cart
 * moves with the quotes at log-in.
 */
export async function cartQuoteLine(
  quoteId: string,
  allowed: (row: QuoteRow) => boolean = () => true,
): Promise<{ ok: true; line: CartQuoteLine; grams: number | null } | { ok: false; error: CartQuoteError }> {
  const db = await getDb();
  const [found] = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, quoteId));
  if (!found || !allowed(found.quotes)) return { ok: false, error: "not-found" };
  const row = found.quotes;
  if (row.status === "ordered" || row.status === "cancelled") return { ok: false, error: "ordered" };
  // An accepted quote's price is frozen in its placed order: that order's own hold decides, not the quote's.
  const pastHold = row.status !== "accepted" && row.expiresAt !== null && row.expiresAt < new Date();
  if (row.status === "expired" || pastHold) return { ok: false, error: "expired" };
  if (
    !["priced", "accepted"].includes(row.status) ||
    row.unitCents === null ||
    row.totalCents === null ||
    !row.expiresAt
  )
    return { ok: false, error: "not-priced" };
  const terms = await termsOf(row.termsVersion, db);
  const material = terms.materials.find((m) => m.id === row.materialId);
  const colour = material?.colours.find((c) => c.id === row.colourId);
  const quality = terms.qualities.find((q) => q.id === row.qualityId);
  return {
    ok: true,
    grams: row.grams,
    line: {
      quoteId,
      name: found.quote_files.originalName,
      thumbnailUrl: `/api/quotes/${quoteId}/thumbnail.svg`,
      material: material?.name ?? { en: row.materialId, fr: row.materialId },
      colour: colour?.name ?? { en: row.colourId, fr: row.colourId },
      quality: quality?.name ?? { en: row.qualityId, fr: row.qualityId },
      infillPercent: row.infillPercent,
      quantity: row.quantity,
      unitCents: row.unitCents,
      totalCents: row.totalCents,
      expiresAt: row.expiresAt.toISOString(),
      minimumCentsPerPart:
        row.printSeconds !== null && row.totalCents <= terms.minimumCentsPerPart * row.quantity
          ? terms.minimumCentsPerPart
          : null,
    },
  };
}

/**
 * A quote past its price hold, with the same options at today's terms (a slice already done is
 * reused, so it is usually priced at once). The buyer sees the new price in the cart before paying.
 */
export async function requoteAtTodaysPrices(quoteId: string): Promise<void> {
  const db = await getDb();
  const [found] = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, quoteId));
  if (!found || !EDITABLE_QUOTE_STATUSES.includes(found.quotes.status)) return;
  // The studio's own price is never replaced by the slicer's: the buyer asks the studio again.
  if (found.quotes.studioPricedAt) return;
  const { version, terms } = await currentTerms();
  const options = optionsOf(found.quotes);
  // A material or quality no longer offered: the buyer chooses again on the quote's page.
  if (optionsProblem(terms, options)) return;
  await requote(quoteId, found.quote_files, options, found.quotes.orientation, found.quotes.scale, version, terms, db);
}

/** The custom parts of an order and where each is in production, for the buyer's order page. */
export async function quotesForOrder(
  orderId: string,
): Promise<{ quoteId: string; name: string; quantity: number; productionStatus: ProductionStatus | null }[]> {
  const db = await getDb();
  const rows = await db
    .select({
      quoteId: quotes.id,
      name: quoteFiles.originalName,
      quantity: quotes.quantity,
      productionStatus: quotes.productionStatus,
    })
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.orderId, orderId))
    .orderBy(quotes.createdAt);
  return rows;
}
