import { and, desc, eq, gt, min, sql } from "drizzle-orm";
import { BACKUP_OVERDUE_MS } from "../../domain/backup-schedule.ts";
import { BACKUP_OVERDUE } from "../../domain/studio-notices.ts";
import { getDb } from "../db/index.ts";
import { jobs, studioEvents } from "../db/schema.ts";
import { recordStudioEvent } from "../notices/events.ts";
import { listArchives } from "./archives.ts";

/** The job that takes the night's backup, one per studio day (server/backups/daily-backup.ts). */
export const DAILY_BACKUP_JOB = "backup.daily";

export type BackupHealth = {
  /** The newest archive here, or the last scheduled backup done by any app server. */
  lastSuccessAt: Date | null;
  lastFailure: { at: Date; reason: string | null; overdue: boolean } | null;
  /** A backup succeeded in the last 48 hours and none failed since: the "Before you sell" step is done. */
  ok: boolean;
};

export async function backupHealth(folder: string, now = new Date()): Promise<BackupHealth> {
  const db = await getDb();
  const [newest] = await listArchives(folder);
  const [lastDone] = await db
    .select({ at: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.kind, DAILY_BACKUP_JOB), eq(jobs.status, "done")))
    .orderBy(desc(jobs.updatedAt))
    .limit(1);
  const [failure] = await db
    .select({ at: studioEvents.createdAt, detail: studioEvents.detail })
    .from(studioEvents)
    .where(eq(studioEvents.kind, "backup_failed"))
    .orderBy(desc(studioEvents.id))
    .limit(1);
  const times = [newest?.createdAt, lastDone?.at].filter((at): at is Date => at instanceof Date);
  const lastSuccessAt = times.length ? new Date(Math.max(...times.map((at) => at.getTime()))) : null;
  const lastFailure = failure
    ? { at: failure.at, reason: failure.detail.reason ?? null, overdue: failure.detail.failureCode === BACKUP_OVERDUE }
    : null;
  const ok =
    lastSuccessAt !== null &&
    now.getTime() - lastSuccessAt.getTime() < BACKUP_OVERDUE_MS &&
    !(lastFailure && lastFailure.at > lastSuccessAt);
  return { lastSuccessAt, lastFailure, ok };
}

/** A backup failed: a studio notice (the admin's list and, when that kind is on, an e-mail). */
export async function recordBackupFailure(reason: string): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) =>
    recordStudioEvent(tx, { kind: "backup_failed", detail: { reason: reason.slice(0, 500) } }),
  );
}

/**
 * No backup succeeded for 48 hours although the schedule has run that long (a site stopped every
 * night, a job that never ends): a notice, again each day while it lasts. One app server at a time
 * decides (a transaction-scoped advisory lock). Answers whether it raised one.
 */
export async function raiseOverdueNotice(folder: string, now = new Date()): Promise<boolean> {
  const health = await backupHealth(folder, now);
  if (health.lastSuccessAt && now.getTime() - health.lastSuccessAt.getTime() < BACKUP_OVERDUE_MS) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('studio backup overdue'))`);
    const [scheduled] = await tx
      .select({ since: min(jobs.createdAt) })
      .from(jobs)
      .where(eq(jobs.kind, DAILY_BACKUP_JOB));
    if (!scheduled?.since || now.getTime() - scheduled.since.getTime() < BACKUP_OVERDUE_MS) return false;
    const toldSince = new Date(Math.max(health.lastSuccessAt?.getTime() ?? 0, now.getTime() - 24 * 3600_000));
    const [told] = await tx
      .select({ id: studioEvents.id })
      .from(studioEvents)
      .where(
        and(
          eq(studioEvents.kind, "backup_failed"),
          sql`${studioEvents.detail}->>'failureCode' = ${BACKUP_OVERDUE}`,
          gt(studioEvents.createdAt, toldSince),
        ),
      )
      .limit(1);
    if (told) return false;
    await recordStudioEvent(tx, { kind: "backup_failed", detail: { failureCode: BACKUP_OVERDUE } });
    return true;
  });
}
