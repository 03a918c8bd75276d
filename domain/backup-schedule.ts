/**
 * The daily backup's calendar (issue 52): when tonight's backup runs, and which archives the
 * retention keeps. Days and weeks are the studio's (its time zone), so that "the last 7 days" is
 * what the owner reads on a calendar. Pure: the server and its tests use it.
 */
export type BackupSchedule = {
  /** The studio's hour (0–23) at which the daily backup runs. */
  hour: number;
  /** How many days keep their newest archive. */
  keepDaily: number;
  /** How many weeks (Monday to Sunday) keep their newest archive, beyond the days kept. */
  keepWeekly: number;
};

export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { hour: 3, keepDaily: 7, keepWeekly: 4 };

/** Past this without a successful backup, the studio is told. */
export const BACKUP_OVERDUE_MS = 48 * 3600_000;

/** The studio's calendar day at an instant, as YYYY-MM-DD. */
export function calendarDayIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** Minutes the zone's clock is ahead of UTC at an instant (−240 in Toronto's summer). */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a studio day's clock reads `hour`:00 (on a day the clocks change, the hour as it first occurs). */
export function studioHourOn(day: string, hour: number, timeZone: string): Date {
  const naive = Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  const first = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  return new Date(naive - offsetMinutes(new Date(first), timeZone) * 60_000);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The next daily backup after `now`: its studio day (the job's unique key) and its instant. */
export function nextBackupRun(now: Date, hour: number, timeZone: string): { day: string; at: Date } {
  const today = calendarDayIn(now, timeZone);
  const todays = studioHourOn(today, hour, timeZone);
  if (todays.getTime() > now.getTime()) return { day: today, at: todays };
  const tomorrow = addDays(today, 1);
  return { day: tomorrow, at: studioHourOn(tomorrow, hour, timeZone) };
}

/** The Monday that starts a studio day's week. */
function weekOf(day: string): string {
  const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/**
 * The archives the retention keeps, as restic's `--keep-daily N --keep-weekly M` does: the newest
 * archive of each of the last N studio days that have one, and the newest of each of the last M
 * weeks (Monday to Sunday) that have one. One archive may count for both. Everything else goes.
 */
export function archivesToKeep<T extends { createdAt: Date }>(
  archives: readonly T[],
  schedule: Pick<BackupSchedule, "keepDaily" | "keepWeekly">,
  timeZone: string,
): Set<T> {
  const newestFirst = [...archives].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const kept = new Set<T>();
  const keepNewestOfEach = (periodOf: (day: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const archive of newestFirst) {
      const period = periodOf(calendarDayIn(archive.createdAt, timeZone));
      if (seen.has(period)) continue;
      if (seen.size === count) break;
      seen.add(period);
      kept.add(archive);
    }
  };
  keepNewestOfEach((day) => day, schedule.keepDaily);
  keepNewestOfEach(weekOf, schedule.keepWeekly);
  return kept;
}
