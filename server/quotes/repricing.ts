import { createHash } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import {
  IDENTITY,
  rotationKey,
  ORIENTATION_CHOICES,
  type OrientationChoice,
  type Rotation,
} from "../../domain/orientation.ts";
import {
  optionsProblem,
  price,
  quoteOptionsSchema,
  type FilamentType,
  type PriceTerms,
  type QuoteOptions,
} from "../../domain/quote-pricing.ts";
import { boundsProblem } from "../../domain/quote-bounds.ts";
import { config } from "../config.ts";
import { getDb, type Database } from "../db/index.ts";
import { quotes, sliceResults, studioEvents, type QuoteStatus } from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";
import type { QuoteFailure, QuoteView } from "../../domain/quote-view.ts";
import { EDITABLE_QUOTE_STATUSES, ORDER_QUOTE_STATUSES, quoteStatusesBefore } from "../../domain/quote-states.ts";
import { DomainError } from "../errors.ts";
import { enqueue } from "../jobs/queue.ts";
import { quoteChanged } from "./quote-changes.ts";
import type { QuoteOwner } from "./owner.ts";
import { slicerAvailability } from "./slicer.ts";
import { recordStudioEvent } from "../notices/events.ts";
import { queueMail } from "../mail/outbox.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { quoteReviewEmail } from "../mail/emails/templates.ts";
import { localizePath } from "../../domain/locale.ts";
import { queuePartReport } from "./part-report.ts";
import { currentTerms, termsOf } from "./price-terms.ts";
import {
  type FileRow,
  type QuoteRow,
  estimateOf,
  getQuoteById,
  loadOwned,
  optionsOf,
  printPlacement,
} from "./buyer-view.ts";
import { WORK_OWNER_FIELD, workOwner } from "./work-owner.ts";

// The exact price: the slicer's answer, options changed by the buyer, and review by the studio.

export const SLICE_JOB = "quote-slice";

export function sliceKey(
  file: FileRow,
  scale: number,
  rotation: Rotation,
  layerHeightMm: number,
  infillPercent: number,
  densityGPerCm3: number,
  filamentType: FilamentType,
): string {
  const turn = JSON.parse(rotationKey(rotation)) as number[];
  return createHash("sha256")
    .update(JSON.stringify([file.sha256, scale, turn, layerHeightMm, infillPercent, densityGPerCm3, filamentType]))
    .digest("hex")
    .slice(0, 40);
}

/**
 * Sets a quote's options and works out what can be known at once: a reason it cannot be priced
 * automatically, a slice already done for the same file and options (cached), or a slicing job.
 * Only a quote that may still change is touched (one placed in an order meanwhile is not):
 * returns false when it was not.
 */
export async function requote(
  id: string,
  file: FileRow,
  options: QuoteOptions,
  orientation: OrientationChoice,
  scale: number,
  version: number,
  terms: PriceTerms,
  db: Database,
): Promise<boolean> {
  const editable = and(eq(quotes.id, id), inArray(quotes.status, EDITABLE_QUOTE_STATUSES));
  const base = {
    ...options,
    orientation,
    scale,
    termsVersion: version,
    grams: null,
    printSeconds: null,
    unitCents: null,
    totalCents: null,
    discountPercent: null,
    expiresAt: null,
    failureCode: null,
    sliceKey: null,
    studioPricedAt: null,
    updatedAt: new Date(),
  };
  const estimate = estimateOf(terms, options, file, scale);
  const report = () =>
    queuePartReport(
      { fileId: file.id, scale, rotation: printPlacement(file, orientation, scale, terms)?.rotation ?? IDENTITY },
      terms.buildVolumeMm,
      db,
    );
  const fail = async (failureCode: QuoteFailure) => {
    const moved = await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(quotes)
        .set({ ...base, status: "failed", failureCode, estimateCents: estimate?.totalCents ?? null })
        .where(editable)
        // A subquery in RETURNING reads the row as it was before this statement.
        .returning({ wasFailed: sql<boolean>`(select q.status = 'failed' from quotes q where q.id = ${id})` });
      // Only the way into failed tells the studio: a buyer changing options on a failed quote does not.
      if (failed && !failed.wasFailed)
        await recordStudioEvent(tx, { kind: "quote_review", quoteId: id, detail: { failureCode } });
      return Boolean(failed);
    });
    if (moved) await report();
    return moved;
  };
  const placed = printPlacement(file, orientation, scale, terms);
  if (!placed) return fail("too-big");
  if (!file.manifold) return fail("not-manifold");
  if (!slicerAvailability()) return fail("slicer-missing");
  const material = terms.materials.find((m) => m.id === options.materialId)!;
  const quality = terms.qualities.find((q) => q.id === options.qualityId)!;
  const key = sliceKey(
    file,
    scale,
    placed.rotation,
    quality.layerHeightMm,
    options.infillPercent,
    material.densityGPerCm3,
    material.filamentType,
  );
  await db.insert(sliceResults).values({ key, fileId: file.id }).onConflictDoNothing({ target: sliceResults.key });
  const changed = await db
    .update(quotes)
    .set({ ...base, status: "estimating", sliceKey: key, estimateCents: estimate?.totalCents ?? null })
    .where(editable)
    .returning({ id: quotes.id });
  if (changed.length === 0) return false;
  const [result] = await db.select().from(sliceResults).where(eq(sliceResults.key, key));
  if (result?.status === "pending") {
    await enqueue(
      SLICE_JOB,
      {
        key,
        fileId: file.id,
        scale,
        rotation: placed.rotation,
        layerHeightMm: quality.layerHeightMm,
        infillPercent: options.infillPercent,
        densityGPerCm3: material.densityGPerCm3,
        filamentType: material.filamentType,
        [WORK_OWNER_FIELD]: workOwner(),
      },
      { uniqueKey: `slice:${key}`, maxAttempts: 2 },
    );
  } else {
    await applySliceResult(key);
    await report();
  }
  return true;
}

async function studioToldOf(tx: Executor, quoteId: string, failureCode: string): Promise<boolean> {
  const [told] = await tx
    .select({ id: studioEvents.id })
    .from(studioEvents)
    .where(
      and(
        eq(studioEvents.quoteId, quoteId),
        eq(studioEvents.kind, "quote_review"),
        sql`${studioEvents.detail}->>'failureCode' = ${failureCode}`,
      ),
    )
    .limit(1);
  return told !== undefined;
}

/** Prices every quote waiting on this slice, each with its own terms; or records why it cannot be. */
export async function applySliceResult(key: string): Promise<void> {
  const database = await getDb();
  const [result] = await database.select().from(sliceResults).where(eq(sliceResults.key, key));
  if (!result || result.status === "pending") return;
  const waiting = await database
    .select()
    .from(quotes)
    .where(and(eq(quotes.sliceKey, key), eq(quotes.status, "estimating")));
  for (const row of waiting) {
    if (result.status === "failed") {
      const failureCode = result.failureCode ?? "slicer-failed";
      await database.transaction(async (tx) => {
        const [failed] = await tx
          .update(quotes)
          .set({ status: "failed", failureCode, updatedAt: new Date() })
          .where(and(eq(quotes.id, row.id), eq(quotes.status, "estimating")))
          .returning({ id: quotes.id });
        // Once per failure: a buyer changing the options of a failed quote (it goes through
        // estimating to the same cached failure) does not tell the studio again.
        if (failed && !(await studioToldOf(tx, row.id, failureCode)))
          await recordStudioEvent(tx, { kind: "quote_review", quoteId: row.id, detail: { failureCode } });
      });
      quoteChanged(row.id);
      continue;
    }
    const terms = await termsOf(row.termsVersion, database);
    const figures = { grams: result.grams ?? 0, seconds: result.printSeconds ?? 0 };
    const quoted = price(terms, optionsOf(row), figures);
    const problem = boundsProblem(figures, quoted.totalCents);
    if (problem) {
      await database
        .update(quotes)
        .set({ status: "failed", failureCode: problem, updatedAt: new Date() })
        .where(and(eq(quotes.id, row.id), eq(quotes.status, "estimating"), eq(quotes.sliceKey, key)));
      quoteChanged(row.id);
      continue;
    }
    await database
      .update(quotes)
      .set({
        status: "priced",
        grams: figures.grams,
        printSeconds: figures.seconds,
        unitCents: quoted.unitCents,
        totalCents: quoted.totalCents,
        discountPercent: quoted.discountPercent,
        expiresAt: new Date(Date.now() + terms.holdDays * 86_400_000),
        updatedAt: new Date(),
      })
      .where(and(eq(quotes.id, row.id), eq(quotes.status, "estimating"), eq(quotes.sliceKey, key)));
    quoteChanged(row.id);
  }
}

/**
 * New options (or scale) for a quote: re-quoted at today's terms. A quote the studio priced keeps
 * its price while the options are the same, and goes back to the studio when they change.
 */
export async function updateQuoteOptions(id: string, owner: QuoteOwner, input: unknown): Promise<QuoteView> {
  const parsed = quoteOptionsSchema
    .extend({ scale: scaleSchema, orientation: z.enum(ORIENTATION_CHOICES).optional() })
    .safeParse(input);
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path[0] === "orientation")) {
      throw new DomainError("quote.orientation_invalid", { field: "orientation" });
    }
    throw new DomainError("quote.options_invalid");
  }
  const db = await getDb();
  const { row, file } = await loadOwned(id, owner, db);
  if (!EDITABLE_QUOTE_STATUSES.includes(row.status)) throw lockedQuote(row.status);
  // Without an orientation the buyer's earlier choice stands.
  const { scale, orientation = row.orientation, ...options } = parsed.data;
  const choice = { ...options, orientation, scale };
  if (row.studioPricedAt && sameChoice(row, choice)) return getQuoteById(id, db);
  const holding = isHolding(row) && !row.studioPricedAt && sameChoice(row, { ...choice, quantity: row.quantity });
  if (holding) {
    // A new quantity inside the price hold: the quote's own terms, as its price-break table showed.
    const terms = await termsOf(row.termsVersion, db);
    const problem = optionsProblem(terms, options);
    if (problem) throw new DomainError("quote.option_not_offered", { field: problem });
    if (!(await requote(id, file, options, orientation, scale, row.termsVersion, terms, db)))
      throw lockedQuote("accepted");
    await keepHold(id, row, db);
    return getQuoteById(id, db);
  }
  const { version, terms } = await currentTerms();
  const problem = optionsProblem(terms, options);
  if (problem) throw new DomainError("quote.option_not_offered", { field: problem });
  if (row.studioPricedAt) {
    if (!(await askStudioAgain(row, file, choice, version, terms, db))) throw lockedQuote("accepted");
    return getQuoteById(id, db);
  }
  if (!(await requote(id, file, options, orientation, scale, version, terms, db))) throw lockedQuote("accepted");
  return getQuoteById(id, db);
}

type Choice = QuoteOptions & { orientation: OrientationChoice; scale: number };

function isHolding(row: QuoteRow): boolean {
  return row.status === "priced" && row.expiresAt !== null && row.expiresAt > new Date();
}

/** The same slice priced again at the same terms: the hold ends when it did, never extended by a change. */
async function keepHold(id: string, before: QuoteRow, db: Database): Promise<void> {
  await db
    .update(quotes)
    .set({ expiresAt: before.expiresAt })
    .where(and(eq(quotes.id, id), eq(quotes.status, "priced"), eq(quotes.termsVersion, before.termsVersion)));
}

function sameChoice(row: QuoteRow, choice: Choice): boolean {
  const current: Choice = { ...optionsOf(row), orientation: row.orientation, scale: row.scale };
  return (Object.keys(current) as (keyof Choice)[]).every((key) => current[key] === choice[key]);
}

/**
 * The studio priced these options by hand; the slicer's price for others would silently replace
 * it. New options go back to the studio, with the buyer's earlier note and address.
 */
async function askStudioAgain(
  row: QuoteRow,
  file: FileRow,
  choice: Choice,
  version: number,
  terms: PriceTerms,
  db: Database,
): Promise<boolean> {
  const moved = await db.transaction(async (tx) => {
    const [asked] = await tx
      .update(quotes)
      .set({
        ...choice,
        termsVersion: version,
        status: "needs_review",
        grams: null,
        printSeconds: null,
        unitCents: null,
        totalCents: null,
        discountPercent: null,
        expiresAt: null,
        failureCode: null,
        sliceKey: null,
        studioPricedAt: null,
        estimateCents: estimateOf(terms, choice, file, choice.scale)?.totalCents ?? null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(quotes.id, row.id),
          inArray(quotes.status, quoteStatusesBefore("needs_review")),
          isNotNull(quotes.studioPricedAt),
        ),
      )
      .returning({ id: quotes.id });
    if (asked) await recordStudioEvent(tx, { kind: "quote_request", quoteId: row.id });
    return Boolean(asked);
  });
  if (!moved) return false;
  quoteChanged(row.id);
  return true;
}

/** Why a quote cannot change now: it is in an order (cancel the order to change it), or with the studio. */
function lockedQuote(status: QuoteStatus): DomainError {
  return new DomainError(ORDER_QUOTE_STATUSES.includes(status) ? "quote.in_order" : "quote.locked");
}

const scaleSchema = z
  .union([z.literal(1), z.literal(25.4), z.literal(0.001), z.literal(1000), z.literal(10), z.literal(0.1)])
  .default(1);

export const reviewRequestSchema = z.object({
  note: z.string().trim().max(2000).default(""),
  email: z.email().max(254).optional(),
});

/** "Ask the studio for a price": a person will look at it; the buyer is written to when it is priced. */
export async function requestReview(id: string, owner: QuoteOwner, input: unknown): Promise<QuoteView> {
  const parsed = reviewRequestSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("quote.review_request_invalid");
  const email = owner.user?.email ?? parsed.data.email;
  if (!email) throw new DomainError("quote.review_email_required", { field: "email" });
  const db = await getDb();
  const { row, file } = await loadOwned(id, owner, db);
  const moved = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(quotes)
      .set({ status: "needs_review", reviewNote: parsed.data.note || null, reviewEmail: email, updatedAt: new Date() })
      .where(and(eq(quotes.id, id), inArray(quotes.status, quoteStatusesBefore("needs_review"))))
      .returning({ id: quotes.id });
    if (moved) await recordStudioEvent(tx, { kind: "quote_request", quoteId: id });
    // The buyer hears at once that a person will answer, and where, only at an address they have
    // proven: a typed one is anybody's, and this mail carries their note (the studio's price, later,
    // goes to the address given, after a person has read the request).
    if (moved && owner.user?.emailVerified) {
      const locale = row.locale === "fr" ? "fr" : "en";
      const quoteUrl = `${config.publicUrl}${localizePath("/quote", locale)}?q=${encodeURIComponent(id)}`;
      const data = { fileName: file.originalName, note: parsed.data.note || null, quoteUrl };
      await queueMail(tx as unknown as Database, {
        to: email,
        ...(await composeMail(quoteReviewEmail, data, locale, tx)),
      });
    }
    return moved;
  });
  if (!moved)
    throw ORDER_QUOTE_STATUSES.includes(row.status)
      ? lockedQuote(row.status)
      : new DomainError("quote.already_with_studio");
  return getQuoteById(id, db);
}
