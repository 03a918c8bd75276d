/** Card details as people type them (the sandbox's card form and its processor read them the same way). */

export const CARD_NUMBER_MAX_DIGITS = 19;

/** "4242424242424242", "4242-4242 42" → "4242 4242 4242 4242", "4242 4242 42": digits in groups of four. */
export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export type ExpiryReading = { kind: "valid"; month: number; year: number } | { kind: "invalid" } | { kind: "past" };

/**
 * An expiry as typed: "1230", "12/30", "12 / 30", "12/2030", "12 / 2030", "122030", "1/30".
 * A card is good through the last day of its month; a month already over is "past", not "invalid".
 */
export function readExpiry(typed: string, now = new Date()): ExpiryReading {
  const text = typed.trim();
  const match =
    /^(\d{1,2})\s*[/-]\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(text.replace(/\s+/g, ""));
  if (!match) return { kind: "invalid" };
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return { kind: "invalid" };
  const thisYear = now.getFullYear();
  if (year < thisYear || (year === thisYear && month < now.getMonth() + 1)) return { kind: "past" };
  return { kind: "valid", month, year };
}
