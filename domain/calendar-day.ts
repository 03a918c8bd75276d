import { z } from "zod";

/**
 * A day a person types (YYYY-MM-DD): a real day of the calendar (no 2026-02-30) within the years
 * the studio's records can hold and every database and date library reads the same way. Every
 * date a page or the API takes from a person goes through this rule.
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
export const FIRST_DAY = `${FIRST_YEAR}-01-01`;
export const LAST_DAY = `${LAST_YEAR}-12-31`;

export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (value < FIRST_DAY || value > LAST_DAY) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The rule as a schema; `message` is the code the form's catalogue words. */
export const calendarDaySchema = (message = "invalidDate") =>
  z.string().refine((value) => isCalendarDay(value), { message });
