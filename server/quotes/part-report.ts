import { and, eq, inArray } from "drizzle-orm";
import { rotationKey, type Rotation } from "../../domain/orientation.ts";
import type { PrintabilityReport } from "../../domain/printability-report.ts";
import { getDb, type Database } from "../db/index.ts";
import { partReports, quoteFiles } from "../db/schema.ts";
import { enqueue, type JobKind } from "../jobs/queue.ts";
import { getQuoteFileStore } from "./file-store.ts";
import type { PrintabilityAnswer, PrintabilityTask } from "./printability.worker.ts";
import { runWorkerTask } from "./worker-task.ts";
import { WORK_OWNER_FIELD, workOwner } from "./work-owner.ts";

export const PART_REPORT_JOB = "part-report";

/** A part as it is printed: a file, at a scale, turned onto the bed by a rotation (domain/orientation.ts). */
export type Part = { fileId: string; scale: number; rotation: Rotation };

type PartReportPayload = Part & { bed: { x: number; y: number; z: number } };

const keyOf = (part: { fileId: string; scale: number; turn: string }) => `${part.fileId}:${part.scale}:${part.turn}`;

/**
 * Queues the printability report of a part, unless it is known or queued already. A part being
 * sliced queues it when its slice ends (slice-job.ts): the buyer waits for the price first. Its
 * owner takes turns with others' (slice-job.ts): the request's client, or the slice's.
 */
export async function queuePartReport(
  part: Part,
  bed: PartReportPayload["bed"],
  db: Database,
  owner = workOwner(),
): Promise<void> {
  if (await partReport(part, db)) return;
  const payload = { ...part, bed, [WORK_OWNER_FIELD]: owner };
  await enqueue(PART_REPORT_JOB, payload, {
    uniqueKey: `part-report:${keyOf({ ...part, turn: rotationKey(part.rotation) })}`,
    maxAttempts: 2,
  });
}

export async function partReport(part: Part, db: Database): Promise<PrintabilityReport | null> {
  const [row] = await db
    .select({ report: partReports.report })
    .from(partReports)
    .where(
      and(
        eq(partReports.fileId, part.fileId),
        eq(partReports.scale, part.scale),
        eq(partReports.turn, rotationKey(part.rotation)),
      ),
    );
  return row?.report ?? null;
}

/** The reports known for these parts, in their order (one query for a list of quotes). */
export async function reportsOfParts(parts: Part[], db: Database): Promise<(PrintabilityReport | null)[]> {
  if (parts.length === 0) return [];
  const rows = await db
    .select()
    .from(partReports)
    .where(inArray(partReports.fileId, [...new Set(parts.map((part) => part.fileId))]));
  const found = new Map(rows.map((row) => [keyOf(row), row.report]));
  return parts.map((part) => found.get(keyOf({ ...part, turn: rotationKey(part.rotation) })) ?? null);
}

export const partReportJob: JobKind = {
  timeoutMs: 60_000,
  async handler(raw) {
    const { fileId, scale, rotation, bed } = raw as PartReportPayload;
    const db = await getDb();
    const [file] = await db.select().from(quoteFiles).where(eq(quoteFiles.id, fileId));
    if (!file) return; // the quote was deleted meanwhile
    const model = await getQuoteFileStore().get(file.storageKey);
    if (!model) return;
    const bytes = new Uint8Array(model); // a copy to transfer: the store may share its buffer
    const task: PrintabilityTask = { bytes, scale, rotation, bed };
    const { report } = await runWorkerTask<PrintabilityAnswer>("printability.worker.ts", task, [bytes.buffer], {
      timeoutMs: 30_000,
      heapMb: 1024,
    });
    const turn = rotationKey(rotation);
    await db
      .insert(partReports)
      .values({ fileId, scale, turn, report })
      .onConflictDoUpdate({
        target: [partReports.fileId, partReports.scale, partReports.turn],
        set: { report, updatedAt: new Date() },
      });
  },
};
