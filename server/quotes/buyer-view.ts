import { DomainError } from "../errors.ts";
import { desc, eq, or, sql } from "drizzle-orm";
import { fittingOrientation, suggestScale } from "../../domain/mesh.ts";
import {
  chosenPlacement,
  IDENTITY,
  isIdentity,
  QUARTER_TURNS,
  type OrientationChoice,
  type Placement,
  type Rotation,
} from "../../domain/orientation.ts";
import { priceBreaks, type PriceTerms, type QuoteOptions } from "../../domain/quote-pricing.ts";
import { boundedEstimate } from "../../domain/quote-bounds.ts";
import { config } from "../config.ts";
import { getDb, type Database } from "../db/index.ts";
import { quoteFiles, quotes, type QuoteStatus } from "../db/schema.ts";
import type { QuoteFailure, QuoteView } from "../../domain/quote-view.ts";
import { subscribeToQuote } from "./quote-changes.ts";
import type { QuoteOwner } from "./owner.ts";
import { leadTime, quoteReadyBy, type LeadTime } from "./lead-time.ts";
import { partReport, reportsOfParts, type Part } from "./part-report.ts";
import type { PrintabilityReport } from "../../domain/printability-report.ts";
import { termsOf } from "./price-terms.ts";

export type QuoteRow = typeof quotes.$inferSelect;
export type FileRow = typeof quoteFiles.$inferSelect;

// A quote as its owner sees it, who owns it, and the part it prints.

function ownerCondition(owner: QuoteOwner) {
  const conditions = [];
  if (owner.user) conditions.push(eq(quotes.userId, owner.user.id));
  if (owner.browserHash) conditions.push(eq(quotes.browserHash, owner.browserHash));
  return conditions.length ? or(...conditions)! : sql`false`;
}

export function isOwner(row: QuoteRow, owner: QuoteOwner): boolean {
  return Boolean(
    (owner.user && row.userId === owner.user.id) || (owner.browserHash && row.browserHash === owner.browserHash),
  );
}

export function optionsOf(row: QuoteRow): QuoteOptions {
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
export function estimateOf(terms: PriceTerms, options: QuoteOptions, file: FileRow, scale: number) {
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
export function printPlacement(
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

export async function loadOwned(
  id: string,
  owner: QuoteOwner,
  db: Database,
): Promise<{ row: QuoteRow; file: FileRow }> {
  const [found] = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, id));
  // Another browser's quote is answered exactly like one that does not exist.
  if (!found || !isOwner(found.quotes, owner)) throw new DomainError("quote.not_found");
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

export async function getQuoteById(id: string, db: Database): Promise<QuoteView> {
  const [found] = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, id));
  const { quotes: row, quote_files: file } = found!;
  const terms = await termsOf(row.termsVersion, db);
  return toView(row, file, terms, await leadTime(db), await partReport(printedPart(row, file, terms), db));
}
