import { archivesToKeep, type BackupSchedule } from "../../domain/backup-schedule.ts";
import { STUDIO_TIME_ZONE } from "../../domain/tax.ts";
import { listArchives, removeArchive } from "./archives.ts";

/**
 * Deletes the archives the schedule does not keep (domain/backup-schedule.ts): the newest of each
 * of the last N days and of the last M weeks stay, whoever made them (the schedule, "Back up now",
 * npm run backup). Answers the names removed.
 */
export async function applyRetention(
  folder: string,
  schedule: Pick<BackupSchedule, "keepDaily" | "keepWeekly">,
  timeZone = STUDIO_TIME_ZONE,
): Promise<string[]> {
  const archives = await listArchives(folder);
  const kept = archivesToKeep(archives, schedule, timeZone);
  const removed: string[] = [];
  for (const archive of archives) {
    if (kept.has(archive)) continue;
    await removeArchive(folder, archive.name);
    removed.push(archive.name);
  }
  return removed;
}
