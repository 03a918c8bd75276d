import { createHash, randomBytes } from "node:crypto";
import { readCookie } from "../../domain/preferences.ts";

/** The browser's cart: an unguessable token in an HttpOnly cookie; the database keeps only its hash. */
export const CART_COOKIE = "studio_cart";
export const ANONYMOUS_CART_DAYS = 30;

export function newCartToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashCartToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The token of this request's cart cookie, when it looks like one of ours. */
export function readCartToken(headers: Headers): string | null {
  const value = readCookie(headers.get("cookie"), CART_COOKIE);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

export function hasCartCookie(headers: Headers): boolean {
  return readCartToken(headers) !== null;
}

function secure(requestUrl: string): string {
  return new URL(requestUrl).protocol === "https:" ? "; Secure" : "";
}

export function cartCookie(token: string, requestUrl: string): string {
  return `${CART_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${ANONYMOUS_CART_DAYS * 86_400}${secure(requestUrl)}`;
}

export function clearedCartCookie(requestUrl: string): string {
  return `${CART_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure(requestUrl)}`;
}

/** The outcome of a cart form posted without JavaScript, shown once by the /cart page after the redirect. */
export const CART_FLASH_COOKIE = "studio_cart_flash";

export function flashCookie(value: unknown, requestUrl: string): string {
  const encoded = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${CART_FLASH_COOKIE}=${encoded}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60${secure(requestUrl)}`;
}

export function readFlash(headers: Headers): unknown {
  const value = readCookie(headers.get("cookie"), CART_FLASH_COOKIE);
  if (!value || value.length > 4000) return undefined;
  try {
    return JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

export function clearedFlashCookie(requestUrl: string): string {
  return `${CART_FLASH_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure(requestUrl)}`;
}
