import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { fittingOrientation, suggestScale } from "../../domain/mesh.ts";
import {
  chosenPlacement,
  IDENTITY,
  isIdentity,
  rotationKey,
  ORIENTATION_CHOICES,
  QUARTER_TURNS,
  type OrientationChoice,
  type Placement,
  type Rotation,
} from "../../domain/orientation.ts";
import {
  DEFAULT_PRICE_TERMS,
  defaultOptions,
  optionsProblem,
  price,
  priceBreaks,
  priceTermsSchema,
  quoteOptionsSchema,
  withDefaults,
  type FilamentType,
  type PriceTerms,
  type QuoteOptions,
} from "../../domain/quote-pricing.ts";
import { boundedEstimate, boundsProblem, storedMeasure } from "../../domain/quote-bounds.ts";
import { config } from "../config.ts";
import { getDb, type Database } from "../db/index.ts";
import {
  quoteFiles,
  quotePriceTerms,
  quotes,
  sliceResults,
  type ProductionStatus,
  type QuoteStatus,
} from "../db/schema.ts";
import type { QuoteFailure, QuoteView } from "../../domain/quote-view.ts";
import type { CustomPrintSummary } from "../../domain/cart-view.ts";
import { EDITABLE_QUOTE_STATUSES, ORDER_QUOTE_STATUSES, quoteStatusesBefore } from "../../domain/quote-states.ts";
import { DomainError } from "../errors.ts";
import { ApiError } from "../http/errors.ts";
import { enqueue } from "../jobs/queue.ts";
import { quoteChanged, subscribeToQuote } from "./quote-changes.ts";
import { keepFreshUpload } from "./fresh-uploads.ts";
import { QuoteFileError } from "./file-checks.ts";
import { turnedPart } from "./turned-part.ts";
import { getQuoteFileStore } from "./file-store.ts";
import { hashBrowserId, type QuoteOwner } from "./owner.ts";
import { slicerAvailability } from "./slicer.ts";
import type { UploadCheckAnswer, UploadCheckTask } from "./upload-check.worker.ts";
import { runWorkerTask } from "./worker-task.ts";
import { QUOTE_MAX_BYTES } from "./limits.ts";
import { recordStudioEvent } from "../notices/events.ts";
import { queueMail } from "../mail/outbox.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { quoteReviewEmail } from "../mail/emails/templates.ts";
import { localizePath } from "../../domain/locale.ts";
import { leadTime, quoteReadyBy, type LeadTime } from "./lead-time.ts";
import { partReport, queuePartReport, reportsOfParts, type Part } from "./part-report.ts";
import type { PrintabilityReport } from "../../domain/printability-report.ts";

export { QUOTE_MAX_BYTES };

export const SLICE_JOB = "quote-slice";
export const ABANDONED_AFTER_DAYS = 30;

type QuoteRow = typeof quotes.$inferSelect;
type FileRow = typeof quoteFiles.$inferSelect;

export type { QuoteFailure, QuoteView };

// Price terms -----------------------------------------------------------------------------------

/** The terms new quotes get; the first call on an empty database stores the defaults as version 1. */
export async function currentTerms(db?: Database): Promise<{ version: number; terms: PriceTerms }> {
  const database = db ?? (await getDb());
  const [latest] = await database.select().from(quotePriceTerms).orderBy(desc(quotePriceTerms.version)).limit(1);
  if (latest) return { version: latest.version, terms: withDefaults(latest.terms) };
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TERMS_LOCK})`);
    const [again] = await tx.select().from(quotePriceTerms).orderBy(desc(quotePriceTerms.version)).limit(1);
    if (again) return { version: again.version, terms: withDefaults(again.terms) };
    const [row] = await tx.insert(quotePriceTerms).values({ terms: DEFAULT_PRICE_TERMS }).returning();
    return { version: row!.version, terms: row!.terms };
  });
}

const TERMS_LOCK = 7240313;

export async function termsOf(version: number, db: Database): Promise<PriceTerms> {
  const [row] = await db.select().from(quotePriceTerms).where(eq(quotePriceTerms.version, version));
  if (!row) throw new Error(`Price terms ${version} are missing`);
  return withDefaults(row.terms);
}

/** An admin's new terms: validated, stored as a new version; quotes already given keep theirs. */
export async function saveTerms(
  input: unknown,
  adminId: string,
  loadedVersion?: number,
): Promise<{ version: number; terms: PriceTerms }> {
  return changeTerms(() => input, adminId, loadedVersion);
}

/**
 * A change to the latest terms (`change` gets them and returns the new ones, unchecked), made under
 * a lock so that two admins saving at once both keep their change. Validated, stored as a new version
 * with who made it; quotes already given keep theirs. Field codes in the error are stable.
 * `loadedVersion`, when given (a form posts the version it showed), refuses a save from a page
 * older than the latest version, which would silently undo another admin's change.
 */
export async function changeTerms(
  change: (current: PriceTerms) => unknown,
  adminId: string,
  loadedVersion?: number,
): Promise<{ version: number; terms: PriceTerms }> {
  const db = await getDb();
  await currentTerms(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TERMS_LOCK})`);
    const [latest] = await tx.select().from(quotePriceTerms).orderBy(desc(quotePriceTerms.version)).limit(1);
    if (loadedVersion !== undefined && loadedVersion !== latest!.version) throw new DomainError("settings.stale");
    const parsed = priceTermsSchema.safeParse(change(withDefaults(latest!.terms)));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        fields[issue.path.join(".") || "terms"] ??= issue.code === "custom" ? issue.message : issue.code;
      throw new ApiError(400, "The pricing settings are not valid.", fields);
    }
    const [row] = await tx.insert(quotePriceTerms).values({ terms: parsed.data, createdBy: adminId }).returning();
    return { version: row!.version, terms: row!.terms };
  });
}

// Views and ownership ---------------------------------------------------------------------------

function ownerCondition(owner: QuoteOwner) {
  const conditions = [];
  if (owner.user) conditions.push(eq(quotes.userId, owner.user.id));
  if (owner.browserHash) conditions.push(eq(quotes.browserHash, owner.browserHash));
  return conditions.length ? or(...conditions)! : sql`false`;
}

function isOwner(row: QuoteRow, owner: QuoteOwner): boolean {
  return Boolean(
    (owner.user && row.userId === owner.user.id) || (owner.browserHash && row.browserHash === owner.browserHash),
  );
}

function optionsOf(row: QuoteRow): QuoteOptions {
  return {
    materialId: row.materialId,
    colourId: row.colourId,
    qualityId: row.qualityId,
    infillPercent: row.infillPercent,
    quantity: row.quantity,
  };
}

function scaled(file: FileRow, scale: number): { size: [number, number, number]; volumeMm3: number; areaMm2: number } {
  return {
    size: file.sizeMm.map((v) => v * scale) as [number, number, number],
    volumeMm3: file.volumeMm3 * scale ** 3,
    areaMm2: file.areaMm2 * scale ** 2,
  };
}

// Null past the bounds (a part over 100 kg, a price over what we take online): never a column's overflow.
function estimateOf(terms: PriceTerms, options: QuoteOptions, file: FileRow, scale: number) {
  return boundedEstimate(terms, options, scaled(file, scale));
}

/** One part's weight from its mesh alone (the instant estimate), for a price the studio sets by hand. */
export async function meshGramsPerPart(row: QuoteRow, file: FileRow, db: Database): Promise<number | null> {
  const estimate = estimateOf(await termsOf(row.termsVersion, db), { ...optionsOf(row), quantity: 1 }, file, row.scale);
  return estimate ? Math.round(estimate.grams * 10) / 10 : null;
}

/** The quotes that can still be ordered as they are get a ready-by date (not one in production, declined or lapsed). */
const READY_BY_STATUSES: readonly QuoteStatus[] = ["estimating", "priced", "accepted"];

/**
 * How the part goes on the bed for this choice and scale: a placement from the file's orientations,
 * or (files uploaded before they were worked out) the file's own orientation turned a quarter turn
 * when that is the only way to fit. Null when it fits the bed in none.
 */
function printPlacement(
  file: FileRow,
  choice: OrientationChoice,
  scale: number,
  terms: PriceTerms,
): { rotation: Rotation; placement: Placement | null } | null {
  if (file.orientations) {
    const placement = chosenPlacement(file.orientations, choice, file.sizeMm, scale, terms.buildVolumeMm);
    return placement && { rotation: placement.rotation, placement };
  }
  const turn = fittingOrientation(scaled(file, scale).size, terms.buildVolumeMm);
  return turn && { rotation: QUARTER_TURNS[turn], placement: null };
}

/** The part a quote prints: its file, at its scale, turned as it is priced (as it lies when it fits nowhere). */
export function printedPart(row: QuoteRow, file: FileRow, terms: PriceTerms): Part {
  return {
    fileId: file.id,
    scale: row.scale,
    rotation: printPlacement(file, row.orientation, row.scale, terms)?.rotation ?? IDENTITY,
  };
}

/** The rotation a quote is priced (and so printed) in: null when the file is printed as it lies, or fits nowhere. */
export function printRotation(row: QuoteRow, file: FileRow, terms: PriceTerms): Rotation | null {
  const rotation = printPlacement(file, row.orientation, row.scale, terms)?.rotation;
  return rotation && !isIdentity(rotation) ? rotation : null;
}

/**
 * Whether the buyer may choose which way up: the server found orientations, the part fits the bed
 * as drawn, and the choice can change the price (not for a part the slicer cannot price whichever
 * way up, such as an open mesh; a price over the automatic limit may come under it with less support).
 */
function orientationOffered(row: QuoteRow, file: FileRow, terms: PriceTerms): boolean {
  if (row.status === "failed" && row.failureCode !== "over-limit") return false;
  return (
    file.orientations !== null && fittingOrientation(scaled(file, row.scale).size, terms.buildVolumeMm) === "as-drawn"
  );
}

function orientationView(row: QuoteRow, file: FileRow, terms: PriceTerms): QuoteView["orientation"] {
  const placement = printPlacement(file, row.orientation, row.scale, terms)?.placement ?? null;
  return {
    choice: row.orientation,
    offered: orientationOffered(row, file, terms),
    placement: placement && { rotation: placement.rotation, min: placement.min, max: placement.max },
    supportAreaMm2: placement && Math.round(placement.overhangMm2 * row.scale ** 2),
  };
}

function toView(
  row: QuoteRow,
  file: FileRow,
  terms: PriceTerms,
  lead: LeadTime,
  printability: PrintabilityReport | null,
): QuoteView {
  const options = optionsOf(row);
  const exact =
    row.unitCents !== null && row.totalCents !== null
      ? {
          grams: row.grams,
          seconds: row.printSeconds,
          unitCents: row.unitCents,
          discountPercent: row.discountPercent ?? 0,
          totalCents: row.totalCents,
          minimumApplies: row.printSeconds !== null && row.totalCents <= terms.minimumCentsPerPart * row.quantity,
        }
      : null;
  // A part no printer can hold gets no estimate (nor price breaks): no price it could be printed at.
  const fits = row.failureCode !== "too-big" && printPlacement(file, row.orientation, row.scale, terms) !== null;
  const estimate = fits ? estimateOf(terms, options, file, row.scale) : null;
  const sliced =
    exact && exact.grams !== null && exact.seconds !== null ? { grams: exact.grams, seconds: exact.seconds } : null;
  const status = row.expiresAt && row.status === "priced" && row.expiresAt < new Date() ? "expired" : row.status;
  return {
    id: row.id,
    status,
    file: {
      name: file.originalName,
      format: file.format,
      bytes: file.bytes,
      sizeMm: file.sizeMm,
      volumeMm3: file.volumeMm3,
      triangles: file.triangles,
      manifold: file.manifold,
    },
    scale: row.scale,
    scaleSuggestion: row.scale === 1 ? suggestScale(file.sizeMm) : null,
    options,
    orientation: orientationView(row, file, terms),
    termsVersion: row.termsVersion,
    currency: config.currency,
    estimate,
    exact,
    minimumCentsPerPart: terms.minimumCentsPerPart,
    priceBreaks: sliced
      ? { basis: "exact", rows: priceBreaks(terms, options, sliced) }
      : estimate && !exact
        ? { basis: "estimate", rows: priceBreaks(terms, options, estimate) }
        : null,
    failure: (row.failureCode as QuoteFailure | null) ?? null,
    declineReason: row.declineReason,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    productionStatus: row.productionStatus,
    readyBy: READY_BY_STATUSES.includes(status)
      ? quoteReadyBy(lead, {
          slicedSeconds: exact?.seconds ?? null,
          estimateSeconds: estimate?.seconds ?? null,
          quantity: options.quantity,
        })
      : null,
    printability,
    createdAt: row.createdAt.toISOString(),
  };
}

async function loadOwned(id: string, owner: QuoteOwner, db: Database): Promise<{ row: QuoteRow; file: FileRow }> {
  const [found] = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, id));
  // Another browser's quote is answered exactly like one that does not exist.
  if (!found || !isOwner(found.quotes, owner)) throw new ApiError(404, "Quote not found");
  return { row: found.quotes, file: found.quote_files };
}

export async function getQuote(id: string, owner: QuoteOwner): Promise<QuoteView> {
  const db = await getDb();
  const { row, file } = await loadOwned(id, owner, db);
  const terms = await termsOf(row.termsVersion, db);
  return toView(row, file, terms, await leadTime(db), await partReport(printedPart(row, file, terms), db));
}

/** How long a buyer's page may wait on one request for the exact price (it asks again after). */
export const PRICE_WAIT_MS = 25_000;

/** The quote once it is no longer being sliced, or as it is after PRICE_WAIT_MS (or when the buyer leaves). */
export async function getQuoteOncePriced(id: string, owner: QuoteOwner, signal?: AbortSignal): Promise<QuoteView> {
  const subscription = subscribeToQuote(id, PRICE_WAIT_MS, signal);
  try {
    const view = await getQuote(id, owner);
    if (view.status !== "estimating" || signal?.aborted) return view;
    await subscription.wait();
    return await getQuote(id, owner);
  } finally {
    subscription.cancel();
  }
}

export async function listQuotes(owner: QuoteOwner): Promise<QuoteView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(ownerCondition(owner))
    .orderBy(desc(quotes.createdAt))
    .limit(50);
  const terms = new Map<number, PriceTerms>();
  const lead = await leadTime(db);
  for (const { quotes: row } of rows)
    if (!terms.has(row.termsVersion)) terms.set(row.termsVersion, await termsOf(row.termsVersion, db));
  const reports = await reportsOfParts(
    rows.map(({ quotes: row, quote_files: file }) => printedPart(row, file, terms.get(row.termsVersion)!)),
    db,
  );
  return rows.map(({ quotes: row, quote_files: file }, index) =>
    toView(row, file, terms.get(row.termsVersion)!, lead, reports[index]!),
  );
}

// Upload ----------------------------------------------------------------------------------------

/** Past these the check's worker is ended and the upload fails (a STEP file's conversion has its own, shorter, limit). */
const UPLOAD_CHECK_LIMITS = { timeoutMs: 120_000, heapMb: 1024 };

/**
 * A buyer's file: checked by content, stored privately, measured, and quoted with the studio's
 * default options. The exact price follows from a slicing job (or the reason it cannot be given).
 */
export async function uploadQuoteFile(
  bytes: Uint8Array,
  originalName: string,
  owner: { userId: string | null; browserHash: string | null },
  locale: "en" | "fr",
): Promise<QuoteView> {
  if (bytes.length > QUOTE_MAX_BYTES)
    throw new QuoteFileError("too-large", `This file is larger than ${Math.round(QUOTE_MAX_BYTES / 1048576)} MB.`);
  // Checked in a worker thread (given a copy: the bytes are stored from here); a STEP file is kept
  // as the binary STL made from it (its name stays the buyer's).
  const copy = bytes.slice();
  const checked = await runWorkerTask<UploadCheckAnswer>(
    "upload-check.worker.ts",
    { bytes: copy } satisfies UploadCheckTask,
    [copy.buffer],
    UPLOAD_CHECK_LIMITS,
  );
  if (!checked.ok) throw new QuoteFileError(checked.code, checked.message);
  const { orientations } = checked;
  const stored = checked.stored ?? bytes;
  const db = await getDb();
  const store = getQuoteFileStore();
  const fileId = randomUUID();
  const storageKey = `${fileId}.${checked.format}`;
  await Promise.all([
    store.put(storageKey, stored),
    store.put(`${fileId}.svg`, new TextEncoder().encode(checked.thumbnail)),
  ]);
  keepFreshUpload(fileId, stored);
  const { stats } = checked;
  const [file] = await db
    .insert(quoteFiles)
    .values({
      id: fileId,
      storageKey,
      sha256: createHash("sha256").update(stored).digest("hex"),
      bytes: stored.length,
      format: checked.format,
      originalName: cleanName(originalName),
      sizeMm: stats.size.map((v) => Math.round(v * 1000) / 1000) as [number, number, number],
      volumeMm3: storedMeasure(stats.volumeMm3),
      areaMm2: storedMeasure(stats.areaMm2),
      triangles: stats.triangles,
      manifold: stats.manifold,
      orientations,
    })
    .returning();
  const { version, terms } = await currentTerms(db);
  const id = randomUUID();
  const options = defaultOptions(terms);
  await db.insert(quotes).values({
    id,
    userId: owner.userId,
    browserHash: owner.userId ? null : owner.browserHash,
    fileId,
    scale: 1,
    ...options,
    termsVersion: version,
    locale,
  });
  await requote(id, file!, options, "best", 1, version, terms, db);
  return getQuoteById(id, db);
}

function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return base.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 120) || "model";
}

async function getQuoteById(id: string, db: Database): Promise<QuoteView> {
  const [found] = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, id));
  const { quotes: row, quote_files: file } = found!;
  const terms = await termsOf(row.termsVersion, db);
  return toView(row, file, terms, await leadTime(db), await partReport(printedPart(row, file, terms), db));
}

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
async function requote(
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
      },
      { uniqueKey: `slice:${key}`, maxAttempts: 2 },
      db,
    );
  } else {
    await applySliceResult(key, db);
    await report();
  }
  return true;
}

/** Prices every quote waiting on this slice, each with its own terms; or records why it cannot be. */
export async function applySliceResult(key: string, db?: Database): Promise<void> {
  const database = db ?? (await getDb());
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
        if (failed) await recordStudioEvent(tx, { kind: "quote_review", quoteId: row.id, detail: { failureCode } });
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
      throw new ApiError(400, `The orientation must be one of: ${ORIENTATION_CHOICES.join(", ")}.`, {
        orientation: "invalid",
      });
    }
    throw new ApiError(400, "These options are not valid.");
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
    if (problem) throw new ApiError(400, `This ${problem} is not offered.`, { [problem]: "notOffered" });
    if (!(await requote(id, file, options, orientation, scale, row.termsVersion, terms, db)))
      throw lockedQuote("accepted");
    await keepHold(id, row, db);
    return getQuoteById(id, db);
  }
  const { version, terms } = await currentTerms(db);
  const problem = optionsProblem(terms, options);
  if (problem) throw new ApiError(400, `This ${problem} is not offered.`, { [problem]: "notOffered" });
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
  if (!parsed.success) throw new ApiError(400, "Please give a valid e-mail address and a note under 2,000 characters.");
  const email = owner.user?.email ?? parsed.data.email;
  if (!email)
    throw new ApiError(400, "Please give an e-mail address so that the studio can send you its price.", {
      email: "required",
    });
  const db = await getDb();
  const { row, file } = await loadOwned(id, owner, db);
  const moved = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(quotes)
      .set({ status: "needs_review", reviewNote: parsed.data.note || null, reviewEmail: email, updatedAt: new Date() })
      .where(and(eq(quotes.id, id), inArray(quotes.status, quoteStatusesBefore("needs_review"))))
      .returning({ id: quotes.id });
    if (moved) {
      await recordStudioEvent(tx, { kind: "quote_request", quoteId: id });
      // The buyer hears that a person will answer, and where.
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
      : new ApiError(409, "This quote is already with the studio.");
  return getQuoteById(id, db);
}

// Files -----------------------------------------------------------------------------------------

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
    throw new ApiError(404, "Quote not found");
  const body = await getQuoteFileStore().get(found.quote_files.storageKey);
  if (!body) throw new ApiError(404, "Quote not found");
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
    throw new ApiError(404, "Quote not found");
  const rotation = printRotation(found.quotes, found.quote_files, await termsOf(found.quotes.termsVersion, db));
  const body = rotation && (await getQuoteFileStore().get(found.quote_files.storageKey));
  if (!rotation || !body) throw new ApiError(404, "This part is printed as its file lies: download the file itself.");
  const turned = await turnedPart(body, found.quote_files.format, rotation, "turned as priced by the studio");
  return { body: turned, name: `${found.quote_files.originalName.replace(/\.[^.]*$/, "")}-as-priced.stl` };
}

export async function quoteThumbnailFor(id: string, owner: QuoteOwner): Promise<Uint8Array> {
  const db = await getDb();
  const [found] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!found || !(owner.user?.role === "admin" || isOwner(found, owner))) throw new ApiError(404, "Quote not found");
  const body = await getQuoteFileStore().get(`${found.fileId}.svg`);
  if (!body) throw new ApiError(404, "Quote not found");
  return body;
}

// Accounts, cart and orders ---------------------------------------------------------------------

/** At log-in: the browser's quotes become the account's (call from the log-in hook). */
export async function adoptBrowserQuotes(browserId: string, userId: string): Promise<number> {
  const db = await getDb();
  const moved = await db
    .update(quotes)
    .set({ userId, browserHash: null, updatedAt: new Date() })
    .where(and(eq(quotes.browserHash, hashBrowserId(browserId)), isNull(quotes.userId)))
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
  const { version, terms } = await currentTerms(db);
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

// Housekeeping ----------------------------------------------------------------------------------

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
