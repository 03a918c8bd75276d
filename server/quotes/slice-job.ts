import { and, eq } from "drizzle-orm";
import type { MeshFormat, Orientation } from "../../domain/mesh.ts";
import { QUARTER_TURNS, type Rotation } from "../../domain/orientation.ts";
import type { FilamentType } from "../../domain/quote-pricing.ts";
import { boundsProblem } from "../../domain/quote-bounds.ts";
import { getDb } from "../db/index.ts";
import { quoteFiles, quotes, sliceResults } from "../db/schema.ts";
import { releaseUniqueKey, startWorker, type Job, type JobKind } from "../jobs/queue.ts";
import { recordStudioEvent } from "../notices/events.ts";
import { quoteChanged } from "./quote-changes.ts";
import { getQuoteFileStore } from "./file-store.ts";
import { takeFreshUpload } from "./fresh-uploads.ts";
import { applySliceResult, cleanupAbandonedQuotes, currentTerms, SLICE_JOB } from "./quotes.ts";
import { slice, SLICE_CONCURRENCY, SliceError } from "./slicer.ts";
import { PART_REPORT_JOB, partReportJob, queuePartReport } from "./part-report.ts";
import { log } from "../log.ts";
import { WORK_OWNER_FIELD } from "./work-owner.ts";

/** A slice that takes longer than this is stopped and the buyer is offered a review instead. */
export const SLICE_TIMEOUT_MS =
  Number(process.env.QUOTE_SLICE_TIMEOUT_MS) > 0 ? Number(process.env.QUOTE_SLICE_TIMEOUT_MS) : 120_000;

type SlicePayload = {
  key: string;
  fileId: string;
  scale: number;
  rotation?: Rotation;
  /** Jobs queued before any rotation had a quarter turn's name instead. */
  orientation?: Orientation;
  layerHeightMm: number;
  infillPercent: number;
  densityGPerCm3: number;
  /** Absent in jobs queued before materials had a type: those were PLA-like. */
  filamentType?: FilamentType;
  /** Who queued it (work-owner.ts): the slicer is shared out by it. Absent in older jobs. */
  [WORK_OWNER_FIELD]?: string | null;
};

async function recordFailure(key: string, code: string, detail: string): Promise<void> {
  const db = await getDb();
  await db
    .update(sliceResults)
    .set({ status: "failed", failureCode: code, detail: detail.slice(0, 1000), updatedAt: new Date() })
    .where(eq(sliceResults.key, key));
  await applySliceResult(key);
}

/** Why a slice job ended without a result: it is never kept as the slice's outcome. */
export const FILE_UNREADABLE = "the stored file could not be read";

/**
 * The model could not be read on any attempt (not in the store yet, or the store did not answer).
 * Nothing is cached under the slice's key, so that the same options slice again when asked; the
 * quotes waiting on it go to the studio for review. Safe to run twice.
 */
async function giveUpWithoutCaching(key: string, job: Job): Promise<void> {
  const db = await getDb();
  const failed = await db.transaction(async (tx) => {
    await releaseUniqueKey(job, tx);
    await tx.delete(sliceResults).where(and(eq(sliceResults.key, key), eq(sliceResults.status, "pending")));
    const rows = await tx
      .update(quotes)
      .set({ status: "failed", failureCode: "slicer-failed", updatedAt: new Date() })
      .where(and(eq(quotes.sliceKey, key), eq(quotes.status, "estimating")))
      .returning({ id: quotes.id });
    for (const row of rows)
      await recordStudioEvent(tx, { kind: "quote_review", quoteId: row.id, detail: { failureCode: "slicer-failed" } });
    return rows;
  });
  for (const row of failed) quoteChanged(row.id);
}

async function readModel(fileId: string, storageKey: string): Promise<Uint8Array | null> {
  try {
    return takeFreshUpload(fileId) ?? (await getQuoteFileStore().get(storageKey));
  } catch (error) {
    log().warn({ err: error, fileId }, "A quote file could not be read from the file store");
    return null;
  }
}

/** Once the buyer has a price (or its reason), the part's printability report is next. */
async function queueReportAfterSlice(payload: SlicePayload): Promise<void> {
  const db = await getDb();
  const part = {
    fileId: payload.fileId,
    scale: payload.scale,
    rotation: payload.rotation ?? QUARTER_TURNS[payload.orientation ?? "as-drawn"],
  };
  await queuePartReport(part, (await currentTerms()).terms.buildVolumeMm, db, payload[WORK_OWNER_FIELD] ?? null);
}

export const sliceJob: JobKind = {
  // The slicer's own limit comes first; this one only catches a handler stuck elsewhere.
  timeoutMs: SLICE_TIMEOUT_MS + 30_000,
  async handler(raw, { job, signal }) {
    const payload = raw as SlicePayload;
    await sliceAndRecord(payload, job, signal);
    await queueReportAfterSlice(payload);
  },
};

async function sliceAndRecord(payload: SlicePayload, job: Job, signal: AbortSignal): Promise<void> {
  const db = await getDb();
  const [file] = await db.select().from(quoteFiles).where(eq(quoteFiles.id, payload.fileId));
  if (!file) return; // the quote was deleted meanwhile
  const model = await readModel(file.id, file.storageKey);
  // Tried again by the queue: on another server, the file may simply be on its way.
  if (!model) throw new Error(FILE_UNREADABLE);
  try {
    const result = await slice(
      model,
      {
        format: file.format as MeshFormat,
        scale: payload.scale,
        rotation: payload.rotation ?? QUARTER_TURNS[payload.orientation ?? "as-drawn"],
        layerHeightMm: payload.layerHeightMm,
        infillPercent: payload.infillPercent,
        densityGPerCm3: payload.densityGPerCm3,
        filamentType: payload.filamentType ?? "pla",
      },
      { timeoutMs: SLICE_TIMEOUT_MS, signal },
    );
    // The slicer's figures enter here: past the bounds, the part is too big for our printers.
    if (boundsProblem({ grams: result.grams, seconds: result.seconds })) {
      return recordFailure(payload.key, "too-big", `the slicer says ${result.grams} g and ${result.seconds} s`);
    }
    await db
      .update(sliceResults)
      .set({
        status: "done",
        grams: Math.round(result.grams * 100) / 100,
        printSeconds: result.seconds,
        updatedAt: new Date(),
      })
      .where(eq(sliceResults.key, payload.key));
    await applySliceResult(payload.key);
  } catch (error) {
    const code = error instanceof SliceError ? error.code : "slicer-failed";
    const message = error instanceof Error ? error.message : String(error);
    // The model's own problems will not change on a second try; a crash or a timeout might.
    const retryable = code === "slicer-failed" || code === "slicer-timeout";
    if (retryable && job.attempts < job.maxAttempts) throw error;
    await recordFailure(payload.key, code, message);
  }
}

/** A job that used every attempt without recording a result (its worker died each time, or it never read its file). */
export async function onQuoteJobFinalFailure(job: Job, error: string): Promise<void> {
  if (job.kind !== SLICE_JOB) return;
  const key = String(job.payload.key);
  if (error === FILE_UNREADABLE) await giveUpWithoutCaching(key, job);
  else await recordFailure(key, "slicer-failed", error);
}

let worker: ReturnType<typeof startWorker> | undefined;
let cleanupTimer: NodeJS.Timeout | undefined;

export function startQuoteWorker(): void {
  worker ??= startWorker({
    kinds: { [SLICE_JOB]: sliceJob, [PART_REPORT_JOB]: partReportJob },
    concurrency: SLICE_CONCURRENCY,
    // One client's many files take turns with another's single file (issue 50).
    fairBy: WORK_OWNER_FIELD,
    pollMs: 1000,
    leaseMs: 60_000,
    onFinalFailure: onQuoteJobFinalFailure,
  });
  const cleanup = () =>
    void cleanupAbandonedQuotes().catch((error) => log().error({ err: error }, "Quote cleanup failed"));
  cleanupTimer ??= setInterval(cleanup, 3_600_000);
  cleanupTimer.unref();
  cleanup();
}

export async function stopQuoteWorker(): Promise<void> {
  clearInterval(cleanupTimer);
  cleanupTimer = undefined;
  await worker?.stop();
  worker = undefined;
}
