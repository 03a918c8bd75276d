import { nextBackupRun } from "../../domain/backup-schedule.ts";
import { STUDIO_TIME_ZONE } from "../../domain/tax.ts";
import { config } from "../config.ts";
import { enqueue, startWorker, type JobKind } from "../jobs/queue.ts";
import { log } from "../log.ts";
import { DAILY_BACKUP_JOB, raiseOverdueNotice, recordBackupFailure } from "./backup-health.ts";
import { backupsFolder, takeSiteBackup } from "./site-backup.ts";

/**
 * The backup the site takes every night (issue 52) at the studio's BACKUP_HOUR. Each app server
 * queues the next night's job under the same unique key (the studio day), so that the queue holds
 * one and one server takes it; a backup that fails twice is a studio notice.
 */
export async function scheduleDailyBackup(now = new Date()): Promise<void> {
  const { day, at } = nextBackupRun(now, config.backups.hour, STUDIO_TIME_ZONE);
  await enqueue(DAILY_BACKUP_JOB, { day }, { uniqueKey: `${DAILY_BACKUP_JOB}:${day}`, runAt: at, maxAttempts: 2 });
}

export function dailyBackupKind(take: () => Promise<unknown> = () => takeSiteBackup()): JobKind {
  return {
    handler: async () => {
      await take();
      log().info("The daily backup is written");
    },
    // pg_dump of a large studio, and every stored file.
    timeoutMs: 2 * 3600_000,
  };
}

export async function dailyBackupFailed(_job: unknown, error: string): Promise<void> {
  log().error({ error }, "The daily backup failed");
  await recordBackupFailure(error);
}

let worker: ReturnType<typeof startWorker> | undefined;
let timer: NodeJS.Timeout | undefined;

async function tick(): Promise<void> {
  try {
    await scheduleDailyBackup();
    await raiseOverdueNotice(backupsFolder());
  } catch (error) {
    log().error({ err: error }, "The daily backup could not be scheduled");
  }
}

/** At start: queues tonight's backup and looks again every ten minutes (the next night, a backup overdue). */
export function startDailyBackups(): void {
  if (!config.backups.scheduled || worker) return;
  worker = startWorker({
    kinds: { [DAILY_BACKUP_JOB]: dailyBackupKind() },
    concurrency: 1,
    pollMs: 60_000,
    onFinalFailure: dailyBackupFailed,
  });
  void tick();
  timer = setInterval(() => void tick(), 10 * 60_000);
  timer.unref();
}

export async function stopDailyBackups(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await worker?.stop();
  worker = undefined;
}
