import { createHash, randomUUID } from "node:crypto";
import { defaultOptions } from "../../domain/quote-pricing.ts";
import { storedMeasure } from "../../domain/quote-bounds.ts";
import { detectFormat } from "../../domain/mesh.ts";
import type { PartOrientations } from "../../domain/orientation.ts";
import { getDb } from "../db/index.ts";
import { quoteFiles, quotes } from "../db/schema.ts";
import type { QuoteView } from "../../domain/quote-view.ts";
import { keepFreshUpload } from "./fresh-uploads.ts";
import type { DomainError } from "../errors.ts";
import { fileRefused } from "./file-checks.ts";
import { getQuoteFileStore } from "./file-store.ts";
import type { UploadCheckAnswer, UploadCheckTask } from "./upload-check.worker.ts";
import type { OrientationAnswer, OrientationTask } from "./orientation.worker.ts";
import { BACKGROUND_THREADS, keepWorkerReady, runWorkerTask } from "./worker-task.ts";
import { FairQueue } from "../jobs/fair-queue.ts";
import { currentClientAddress } from "../http/request-scope.ts";
import { QUOTE_MAX_BYTES } from "./limits.ts";
import { currentTerms } from "./price-terms.ts";
import { getQuoteById } from "./buyer-view.ts";
import { requote } from "./repricing.ts";

// A buyer's model file becomes a quote: checked in a worker, stored, estimated at once.

/** A file over the size limit: refused here, or by the API as its body is cut. */
export function fileTooLarge(): DomainError {
  const megabytes = Math.round(QUOTE_MAX_BYTES / 1048576);
  return fileRefused("too-large", `This file is larger than ${megabytes} MB.`, megabytes);
}

/** Past these the check's worker is ended and the upload fails (a STEP file's conversion has its own, shorter, limit). */
const UPLOAD_CHECK_LIMITS = { timeoutMs: 120_000, heapMb: 1024 };

/** The upload check's workers are kept between uploads: the buyer's exact price waits on them. */
export function keepUploadCheckReady(): void {
  keepWorkerReady("upload-check.worker.ts", UPLOAD_CHECK_LIMITS);
  keepWorkerReady("orientation.worker.ts", UPLOAD_CHECK_LIMITS);
}

/**
 * Uploads are analysed (checked, a STEP file converted, orientations searched) a few at a time, in
 * turns by client address: one address's many files cannot make another's wait behind all of them.
 */
const analyses = new FairQueue(BACKGROUND_THREADS);

/** A mesh file's orientations, searched beside its check; none when the search fails (the quote then prints as drawn). */
function searchOrientations(bytes: Uint8Array): Promise<PartOrientations | null> {
  const copy = bytes.slice();
  return runWorkerTask<OrientationAnswer>(
    "orientation.worker.ts",
    { bytes: copy } satisfies OrientationTask,
    [copy.buffer],
    UPLOAD_CHECK_LIMITS,
  ).then(
    (answer) => answer.orientations,
    () => null,
  );
}

/**
 * Checked in worker threads (given copies: the bytes are stored from here); a STEP file is kept as
 * the binary STL made from it (its name stays the buyer's), and its orientations are searched once
 * it is a mesh.
 */
async function analyse(
  bytes: Uint8Array,
): Promise<{ checked: UploadCheckAnswer; orientations: PartOrientations | null }> {
  const beside = detectFormat(bytes) === "step" ? null : searchOrientations(bytes);
  const copy = bytes.slice();
  const checked = await runWorkerTask<UploadCheckAnswer>(
    "upload-check.worker.ts",
    { bytes: copy, withOrientations: !beside } satisfies UploadCheckTask,
    [copy.buffer],
    UPLOAD_CHECK_LIMITS,
  );
  return { checked, orientations: (checked.ok ? checked.orientations : null) ?? (await beside) };
}

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
  if (bytes.length > QUOTE_MAX_BYTES) throw fileTooLarge();
  const { checked, orientations } = await analyses.run(currentClientAddress() ?? "unknown", () => analyse(bytes));
  if (!checked.ok) throw fileRefused(checked.code, checked.detail, checked.count);
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
  const { version, terms } = await currentTerms();
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
