import { randomBytes } from "node:crypto";

// Crockford's base 32 without look-alikes: easy to read aloud and type from a receipt.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * An order number like FF-7K2M9QX4TB, after the studio's prefix: unguessable enough for a URL,
 * short enough for a phone call.
 */
export function newOrderId(prefix: string): string {
  const bytes = randomBytes(10);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % 32];
  return `${prefix}-${out}`;
}

/** Free text typed by an admin: control characters other than line breaks and tabs removed. */
export function cleanText(value: string | undefined, max = 500): string {
  return (value ?? "")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .trim()
    .slice(0, max);
}
