import { z } from "zod";

/**
 * An id or a version a form or a client posts for one of our numbered rows (PostgreSQL `integer`,
 * `serial`): a whole number from 1 to 2³¹ − 1, written in digits. Anything else ("abc", "1.5",
 * "NaN", "Infinity", "1e20", 2³¹, 2⁶³) is refused before it reaches a query.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** The rule as a schema; `message` is the code the form's catalogue words. */
export const recordIdSchema = (message = "invalidId") =>
  z
    .union([z.number({ error: message }), z.string({ error: message }).regex(/^\d{1,10}$/, { error: message })], {
      error: message,
    })
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(1, { error: message }).max(MAX_RECORD_ID, { error: message }));

const anyRecordId = recordIdSchema();

export function isRecordId(value: unknown): value is number {
  return typeof value === "number" && anyRecordId.safeParse(value).success;
}

/** The posted text as an id, or null when it is not one. */
export function parseRecordId(value: unknown): number | null {
  const parsed = anyRecordId.safeParse(value);
  return parsed.success ? parsed.data : null;
}
