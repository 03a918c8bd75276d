import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { BACKUP_OVERDUE } from "../../domain/studio-notices.ts";
import { firstSteps } from "../admin/first-steps.ts";
import { config } from "../config.ts";
import { getDb, tables } from "../db/index.ts";
import { claimJob, runClaimedJob } from "../jobs/queue.ts";
import { listArchives } from "./archives.ts";
import { backupHealth, DAILY_BACKUP_JOB, raiseOverdueNotice } from "./backup-health.ts";
import { dailyBackupFailed, dailyBackupKind, scheduleDailyBackup } from "./daily-backup.ts";
import { backupsFolder, takeSiteBackup } from "./site-backup.ts";

const HOUR = 3600_000;

beforeAll(async () => {
  config.dataDir = await mkdtemp(path.join(tmpdir(), "studio-daily-backup-"));
});

const backupEvents = async () =>
  (await getDb()).select().from(tables.studioEvents).where(eq(tables.studioEvents.kind, "backup_failed"));
const backupStep = async () => (await firstSteps()).find((step) => step.key === "backups")!;

describe("the daily backup", () => {
  it("a failed one (both attempts) is a studio notice and keeps the Before-you-sell step to do", async () => {
    await scheduleDailyBackup(new Date(Date.now() - 49 * HOUR));
    const failing = dailyBackupKind(() => Promise.reject(new Error("No space left on device")));
    const first = (await claimJob([DAILY_BACKUP_JOB], "server-a", 60_000))!;
    expect(await runClaimedJob(first, failing, "server-a", dailyBackupFailed)).toBe("retry");
    expect(await backupEvents()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the queue's backoff before attempt 2
    const second = (await claimJob([DAILY_BACKUP_JOB], "server-a", 60_000))!;
    expect(await runClaimedJob(second, failing, "server-a", dailyBackupFailed)).toBe("failed");

    const [event] = await backupEvents();
    expect(event?.detail.reason).toBe("No space left on device");
    const step = await backupStep();
    expect(step).toMatchObject({ done: false, to: "/admin/backups" });
    expect((await backupHealth(backupsFolder())).ok).toBe(false);
  });

  it("is taken once a night even when two app servers schedule and look for it", async () => {
    const lastNight = new Date(Date.now() - 25 * HOUR);
    await Promise.all([scheduleDailyBackup(lastNight), scheduleDailyBackup(lastNight)]);
    const db = await getDb();
    const queued = await db
      .select()
      .from(tables.jobs)
      .where(and(eq(tables.jobs.kind, DAILY_BACKUP_JOB), eq(tables.jobs.status, "queued")));
    expect(queued).toHaveLength(1);

    const [a, b] = await Promise.all([
      claimJob([DAILY_BACKUP_JOB], "server-a", 60_000),
      claimJob([DAILY_BACKUP_JOB], "server-b", 60_000),
    ]);
    const taken = [a, b].filter((job) => job !== null);
    expect(taken).toHaveLength(1);
    expect(await runClaimedJob(taken[0]!, dailyBackupKind(), "server-a", dailyBackupFailed)).toBe("done");
    // Scheduled again the same night (a restart): the night's job is done, nothing new to take.
    await scheduleDailyBackup(lastNight);
    expect(await claimJob([DAILY_BACKUP_JOB], "server-b", 60_000)).toBeNull();

    const archives = await listArchives(backupsFolder());
    expect(archives).toHaveLength(1);
    expect(archives[0]!.summary?.lastMigration).toMatch(/^\d{4}_/);
    expect((await backupHealth(backupsFolder())).ok).toBe(true);
    expect((await backupStep()).done).toBe(true);
  });

  it("none for 48 hours since the schedule began is a notice, once a day", async () => {
    // As if the schedule began three days ago, and last night's backup was the last one 50 hours ago.
    const db = await getDb();
    await db
      .update(tables.jobs)
      .set({ createdAt: new Date(Date.now() - 72 * HOUR), updatedAt: new Date(Date.now() - 50 * HOUR) })
      .where(eq(tables.jobs.kind, DAILY_BACKUP_JOB));
    const elsewhere = await mkdtemp(path.join(tmpdir(), "studio-no-archives-")); // this server's archives aside
    expect(await raiseOverdueNotice(elsewhere)).toBe(true);
    expect(await raiseOverdueNotice(elsewhere)).toBe(false);
    const overdue = (await backupEvents()).filter((event) => event.detail.failureCode === BACKUP_OVERDUE);
    expect(overdue).toHaveLength(1);
    expect((await backupHealth(elsewhere)).ok).toBe(false);
    // An archive of today on this server: not overdue.
    expect(await raiseOverdueNotice(backupsFolder())).toBe(false);
  });

  it("runs the retention after each backup", async () => {
    await takeSiteBackup();
    expect((await listArchives(backupsFolder())).length).toBeLessThanOrEqual(config.backups.keepDaily);
  });
});
