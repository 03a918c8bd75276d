import type { Closure, DayHours, Weekday } from "./studio-identity.ts";

/**
 * When a custom part is ready (issue 24): the studio's production queue and this part go through
 * its printers, a working day at a time, then the handling margin (post-processing, packing) in
 * working days. A working day has opening hours (Admin → Settings, the studio's identity) and is
 * not inside a closure. Printing starts on the first working day after today: today's printer
 * time is already taken by what is running. Pure: the server computes it, the page shows it.
 */
export type LeadTimeInput = {
  /** Printer seconds already in the production queue (paid parts not done yet). */
  queueSeconds: number;
  /** This quote's printer seconds: one part's print time × the quantity. */
  partSeconds: number;
  printers: number;
  /** The hours each printer runs per working day. */
  hoursPerDay: number;
  /** Working days after the last print for post-processing and packing. */
  marginDays: number;
  hours: Record<Weekday, DayHours>;
  closures: readonly Closure[];
  from: Date;
  timeZone: string;
};

/** The weekdays in the order of `Date.getUTCDay()` (Sunday first). */
const BY_UTC_DAY: readonly Weekday[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
/** Past this many days without a working day (every day closed), there is no date to promise. */
const HORIZON_DAYS = 3 * 366;

/** The studio's calendar day at an instant, as YYYY-MM-DD. */
export function studioDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function isWorkingDay(day: string, hours: Record<Weekday, DayHours>, closures: readonly Closure[]): boolean {
  const weekday = BY_UTC_DAY[new Date(`${day}T12:00:00Z`).getUTCDay()]!;
  return hours[weekday] !== null && !closures.some((closure) => closure.from <= day && day <= closure.to);
}

/** The working days needed to print `seconds` with the studio's printers (at least one). */
export function printingDays(seconds: number, printers: number, hoursPerDay: number): number {
  const perDay = printers * hoursPerDay * 3600;
  return Math.max(1, Math.ceil(Math.max(0, seconds) / perDay));
}

/**
 * The day the part is ready (YYYY-MM-DD, the studio's day), or null when there is none to promise:
 * no capacity (the settings refuse it) or no working day within three years.
 */
export function readyBy(input: LeadTimeInput): string | null {
  if (!(input.printers > 0) || !(input.hoursPerDay > 0)) return null;
  let remaining =
    printingDays(input.queueSeconds + input.partSeconds, input.printers, input.hoursPerDay) +
    Math.max(0, Math.floor(input.marginDays));
  let day = studioDay(input.from, input.timeZone);
  for (let walked = 0; walked < HORIZON_DAYS; walked++) {
    day = nextDay(day);
    if (isWorkingDay(day, input.hours, input.closures) && --remaining === 0) return day;
  }
  return null;
}

/**
 * A quote's printer seconds: the slicer's time for one part once known, else the estimate's (a
 * part priced by hand, or not sliced yet), times the quantity; null when neither is known.
 */
export function quotePrintSeconds(part: {
  slicedSeconds: number | null;
  estimateSeconds: number | null;
  quantity: number;
}): number | null {
  const one = part.slicedSeconds ?? part.estimateSeconds;
  return one === null ? null : one * part.quantity;
}
