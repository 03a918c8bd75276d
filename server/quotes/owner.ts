import { createHash, randomBytes } from "node:crypto";
import { config } from "../config.ts";
import { getSessionUser, type SessionUser } from "../auth/session.ts";

/** An anonymous buyer's quotes belong to the browser holding this cookie (HttpOnly, unguessable). */
export const QUOTE_BROWSER_COOKIE = "studio_quote_browser";
const THIRTY_DAYS_S = 30 * 24 * 3600;

export type QuoteOwner = { user: SessionUser | null; browserHash: string | null };

export function hashBrowserId(browserId: string): string {
  return createHash("sha256").update(browserId).digest("hex");
}

export function readBrowserId(headers: Headers): string | null {
  const cookie = headers.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === QUOTE_BROWSER_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** Who is asking: the signed-in user and/or the browser id from the cookie. */
export async function quoteOwner(headers: Headers): Promise<QuoteOwner> {
  const browserId = readBrowserId(headers);
  return { user: await getSessionUser(headers), browserHash: browserId ? hashBrowserId(browserId) : null };
}

/** A new browser id and the Set-Cookie header that gives it to the browser. */
export function newBrowserId(): { browserId: string; setCookie: string } {
  const browserId = randomBytes(32).toString("base64url");
  const secure = config.publicUrl.startsWith("https:") ? "; Secure" : "";
  return {
    browserId,
    setCookie: `${QUOTE_BROWSER_COOKIE}=${browserId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${THIRTY_DAYS_S}${secure}`,
  };
}
