import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { localizePath, type Locale } from "../../domain/locale.ts";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { quoteFiles, quotes, sliceResults, user, type ProductionStatus } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { MAX_QUOTE_TOTAL_CENTS } from "../../domain/quote-bounds.ts";
import { deliverNow } from "../mail/mailer.ts";
import { queueMail } from "../mail/outbox.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { quoteDeclinedEmail, quotePricedEmail } from "../mail/emails/templates.ts";
import { slicerAvailability } from "./slicer.ts";
import { reportsOfParts } from "./part-report.ts";
import type { PrintabilityReport } from "../../domain/printability-report.ts";
import { meshGramsPerPart, printedPart, printRotation, termsOf } from "./quotes.ts";
import type { PriceTerms } from "../../domain/quote-pricing.ts";

export type AdminQuote = {
  id: string;
  status: string;
  fileName: string;
  sizeMm: [number, number, number];
  volumeMm3: number;
  triangles: number;
  manifold: boolean;
  scale: number;
  materialId: string;
  colourId: string;
  qualityId: string;
  infillPercent: number;
  quantity: number;
  /** Priced turned (for the least support, or to fit the bed): the studio downloads the part so turned. */
  turned: boolean;
  failureCode: string | null;
  sliceDetail: string | null;
  grams: number | null;
  printSeconds: number | null;
  unitCents: number | null;
  totalCents: number | null;
  reviewNote: string | null;
  buyerEmail: string | null;
  orderId: string | null;
  productionStatus: ProductionStatus | null;
  printability: PrintabilityReport | null;
  updatedAt: string;
};

async function adminQuotes(where: ReturnType<typeof eq>): Promise<AdminQuote[]> {
  const db = await getDb();
  const rows = await db
    .select({ quote: quotes, file: quoteFiles, email: user.email, detail: sliceResults.detail })
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .leftJoin(user, eq(quotes.userId, user.id))
    .leftJoin(sliceResults, eq(quotes.sliceKey, sliceResults.key))
    .where(where)
    .orderBy(asc(quotes.updatedAt))
    .limit(200);
  const terms = new Map<number, PriceTerms>();
  for (const { quote } of rows)
    if (!terms.has(quote.termsVersion)) terms.set(quote.termsVersion, await termsOf(quote.termsVersion, db));
  const reports = await reportsOfParts(
    rows.map(({ quote: q, file }) => printedPart(q, file, terms.get(q.termsVersion)!)),
    db,
  );
  return rows.map(({ quote: q, file, email, detail }, index) => ({
    id: q.id,
    status: q.status,
    fileName: file.originalName,
    sizeMm: file.sizeMm,
    volumeMm3: file.volumeMm3,
    triangles: file.triangles,
    manifold: file.manifold,
    scale: q.scale,
    materialId: q.materialId,
    colourId: q.colourId,
    qualityId: q.qualityId,
    infillPercent: q.infillPercent,
    quantity: q.quantity,
    turned: printRotation(q, file, terms.get(q.termsVersion)!) !== null,
    failureCode: q.failureCode,
    sliceDetail: detail ?? null,
    grams: q.grams,
    printSeconds: q.printSeconds,
    unitCents: q.unitCents,
    totalCents: q.totalCents,
    reviewNote: q.reviewNote,
    buyerEmail: q.reviewEmail ?? email ?? null,
    orderId: q.orderId,
    productionStatus: q.productionStatus,
    printability: reports[index]!,
    updatedAt: q.updatedAt.toISOString(),
  }));
}

export function listReviewRequests(): Promise<AdminQuote[]> {
  return adminQuotes(eq(quotes.status, "needs_review"));
}

export function listProduction(): Promise<AdminQuote[]> {
  return adminQuotes(eq(quotes.status, "ordered"));
}

function quoteLink(id: string, locale: Locale): string {
  return `${config.publicUrl}${localizePath("/quote", locale)}?q=${encodeURIComponent(id)}`;
}

// The weight of one part, in grams, when the studio knows it (it prices the shipping); else the mesh's estimate.
const priceSchema = z.object({
  unitCents: z.number().int().min(1).max(10_000_000),
  grams: z.number().positive().max(100_000).optional(),
});
const declineSchema = z.object({ reason: z.string().trim().min(1).max(1000) });

async function reviewed(id: string) {
  const db = await getDb();
  const [found] = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, id));
  if (!found) throw new DomainError("quote.not_found");
  if (found.quotes.status !== "needs_review") throw new DomainError("quote.not_awaiting_review");
  return { db, row: found.quotes, file: found.quote_files };
}

/**
 * The studio's price for a part the slicer could not price; the buyer is e-mailed a link to accept
 * it. Answers whether that e-mail was written (a buyer who left no address gets none).
 */
export async function setReviewPrice(id: string, input: unknown): Promise<{ mailed: boolean }> {
  const parsed = priceSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("quote.review_price_invalid", { field: "unitCents" });
  const { db, row, file } = await reviewed(id);
  const totalCents = parsed.data.unitCents * row.quantity;
  if (totalCents > MAX_QUOTE_TOTAL_CENTS) throw new DomainError("quote.price_over_limit", { field: "unitCents" });
  const grams = parsed.data.grams ?? row.grams ?? (await meshGramsPerPart(row, file, db));
  const locale = row.locale === "fr" ? "fr" : "en";
  const data = { fileName: file.originalName, totalCents, currency: config.currency, quoteUrl: quoteLink(id, locale) };
  const mail = row.reviewEmail && { to: row.reviewEmail, ...(await composeMail(quotePricedEmail, data, locale)) };
  // The price and its e-mail commit together: a crash between them cannot leave a buyer untold.
  const mailed = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(quotes)
      .set({
        status: "priced",
        grams,
        unitCents: parsed.data.unitCents,
        totalCents,
        discountPercent: 0,
        expiresAt: new Date(Date.now() + 14 * 86_400_000),
        studioPricedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(quotes.id, id), eq(quotes.status, "needs_review")))
      .returning({ id: quotes.id });
    if (moved && mail) await queueMail(tx, mail);
    return Boolean(moved && mail);
  });
  if (mailed) void deliverNow();
  return { mailed };
}

/** Declines a price request, with the reason e-mailed to the buyer; answers whether that e-mail was written. */
export async function declineReview(id: string, input: unknown): Promise<{ mailed: boolean }> {
  const parsed = declineSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("quote.decline_reason_required", { field: "reason" });
  const { db, row, file } = await reviewed(id);
  const locale = row.locale === "fr" ? "fr" : "en";
  const data = { fileName: file.originalName, reason: parsed.data.reason, quoteUrl: quoteLink(id, locale) };
  const mail = row.reviewEmail && { to: row.reviewEmail, ...(await composeMail(quoteDeclinedEmail, data, locale)) };
  const mailed = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(quotes)
      .set({ status: "declined", declineReason: parsed.data.reason, updatedAt: new Date() })
      .where(and(eq(quotes.id, id), eq(quotes.status, "needs_review")))
      .returning({ id: quotes.id });
    if (moved && mail) await queueMail(tx, mail);
    return Boolean(moved && mail);
  });
  if (mailed) void deliverNow();
  return { mailed };
}

export type QuotesOverview = {
  reviewRequests: number;
  inProduction: number;
  slicer: { installed: boolean; version: string | null };
};

export async function quotesOverview(): Promise<QuotesOverview> {
  const db = await getDb();
  const reviews = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.status, "needs_review"));
  const production = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(
      and(eq(quotes.status, "ordered"), inArray(quotes.productionStatus, ["queued", "printing", "post_processing"])),
    );
  const slicer = slicerAvailability();
  return {
    reviewRequests: reviews.length,
    inProduction: production.length,
    slicer: { installed: Boolean(slicer), version: slicer?.version ?? null },
  };
}
