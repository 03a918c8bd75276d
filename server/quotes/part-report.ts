import { and, eq, inArray } from "drizzle-orm";
import type { PrintabilityReport } from "../../domain/printability-report.ts";
import { getDb, type Database } from "../db/index.ts";
import { partReports, quoteFiles } from "../db/schema.ts";
import { enqueue, type JobKind } from "../jobs/queue.ts";
import { getQuoteFileStore } from "./file-store.ts";
import { runMeshTask } from "./mesh-worker.ts";

export const PART_REPORT_JOB = "part-report";

type PartReportPayload = { fileId: string; scale: number; bed: { x: number; y: number; z: number } };

/**
 * Queues the printability report of a file at a scale, unless it is known or queued already. A part
 * being sliced queues it when its slice ends (slice-job.ts): the buyer waits for the price first.
 */
export async function queuePartReport(fileId: string, scale: number, bed: PartReportPayload["bed"], db: Database): Promise<void> {
  if (await partReport(fileId, scale, db)) return;
  await enqueue(PART_REPORT_JOB, { fileId, scale, bed } satisfies PartReportPayload, { uniqueKey: `part-report:${fileId}:${scale}`, maxAttempts: 2 }, db);
}

export async function partReport(fileId: string, scale: number, db: Database): Promise<PrintabilityReport | null> {
  const [row] = await db.select({ report: partReports.report }).from(partReports).where(and(eq(partReports.fileId, fileId), eq(partReports.scale, scale)));
  return row?.report ?? null;
}

export const partReportJob: JobKind = {
  timeoutMs: 60_000,
  async handler(raw) {
    const { fileId, scale, bed } = raw as PartReportPayload;
    const db = await getDb();
    const [file] = await db.select().from(quoteFiles).where(eq(quoteFiles.id, fileId));
    if (!file) return; // the quote was deleted meanwhile
    const model = await getQuoteFileStore().get(file.storageKey);
    if (!model) return;
    const { report } = await runMeshTask({ task: "printability", bytes: model, scale, bed });
    await db.insert(partReports).values({ fileId, scale, report }).onConflictDoUpdate({ target: [partReports.fileId, partReports.scale], set: { report, updatedAt: new Date() } });
  },
};

/** The reports known for these parts, by `${fileId}:${scale}` (one query for a list of quotes). */
export async function reportsOfParts(parts: { fileId: string; scale: number }[], db: Database): Promise<Map<string, PrintabilityReport>> {
  const found = new Map<string, PrintabilityReport>();
  if (parts.length === 0) return found;
  const rows = await db.select().from(partReports).where(inArray(partReports.fileId, [...new Set(parts.map((part) => part.fileId))]));
  for (const row of rows) found.set(`${row.fileId}:${row.scale}`, row.report);
  return found;
}
