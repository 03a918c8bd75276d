import { isCalendarDay } from "./calendar-day.ts";

/**
 * The period the admin's dashboard shows: studio days (YYYY-MM-DD, both included) and the size of
 * each point of its sales chart. The previous period is as long, just before.
 */
export const DASHBOARD_BUCKETS = ["day", "week", "month"] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];
export type DashboardRange = { from: string; to: string; bucket: DashboardBucket };

/** The longest period, and the most points a chart may have (a year of days, ten years of months). */
export const MAX_RANGE_DAYS = 3660;
const MAX_POINTS: Record<DashboardBucket, number> = { day: 400, week: 530, month: 122 };
const MS_PER_DAY = 86_400_000;

export type RangeProblem = "from" | "to" | "order" | "tooLong" | "bucket";

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / MS_PER_DAY) + 1;
}

/** The last 30 studio days, by day, ending `today`. */
export function defaultRange(today: string): DashboardRange {
  return { from: toDay(new Date(toDate(today).getTime() - 29 * MS_PER_DAY)), to: today, bucket: "day" };
}

/** The query's range, or the first problem with it; absent fields take the default's. */
export function parseRange(
  input: { from?: string | null; to?: string | null; bucket?: string | null },
  today: string,
): { range: DashboardRange } | { problem: RangeProblem } {
  const fallback = defaultRange(today);
  const from = input.from || fallback.from;
  const to = input.to || fallback.to;
  const bucket = input.bucket || fallback.bucket;
  if (!isCalendarDay(from)) return { problem: "from" };
  if (!isCalendarDay(to)) return { problem: "to" };
  if (from > to) return { problem: "order" };
  if (!(DASHBOARD_BUCKETS as readonly string[]).includes(bucket)) return { problem: "bucket" };
  const days = daysBetween(from, to);
  const points = bucket === "day" ? days : bucket === "week" ? Math.ceil(days / 7) + 1 : Math.ceil(days / 28) + 1;
  if (days > MAX_RANGE_DAYS || points > MAX_POINTS[bucket as DashboardBucket]) return { problem: "tooLong" };
  return { range: { from, to, bucket: bucket as DashboardBucket } };
}

/** The period of the same length that ends the day before `range` starts. */
export function previousPeriod(range: DashboardRange): { from: string; to: string } {
  const days = daysBetween(range.from, range.to);
  const to = new Date(toDate(range.from).getTime() - MS_PER_DAY);
  return { from: toDay(new Date(to.getTime() - (days - 1) * MS_PER_DAY)), to: toDay(to) };
}

/** The change from `before` to `now` in whole percent, or null when there was nothing before. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** The studio's day (America/Toronto) at an instant, as YYYY-MM-DD. */
export function studioDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Toronto",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}
