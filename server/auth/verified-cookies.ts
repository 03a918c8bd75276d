import { createHash } from "node:crypto";
import { cookieCacheVersion } from "./cache-revocations.ts";

/**
 * Session cookies this server has already seen better-auth accept from its signed cache
 * (decision 054). better-auth checks two or three HMACs per request (WebCrypto promises), which
 * cost a fifth of a signed-in /api/me. The same cookies, seen again before the cache they carry
 * expires, are the same answer: until then they are trusted here without asking it again, as long
 * as the account's cache version (decision 046: logout, revocation, deletion, a changed role, on
 * every server through NOTIFY) has not moved.
 */
const MAX_ENTRIES = 10_000;

type Entry<User> = { user: User; userId: string; version: string; until: number };
const accepted = new Map<string, Entry<unknown>>();

const AUTH_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth\.[^=;]+)=([^;]*)/g;

/** A short key for the credentials that decide who is signed in (never the whole cookie header: themes and consent vary). */
export function credentialsKey(headers: Headers): string {
  const cookies = [...(headers.get("cookie") ?? "").matchAll(AUTH_COOKIE)].map((match) => `${match[1]}=${match[2]}`);
  return createHash("sha256")
    .update(`${headers.get("authorization") ?? ""}\n${cookies.join("\n")}`)
    .digest("base64url");
}

type CachedSession = { userId: string; version: string; until: number };

/**
 * What the signed cache in these cookies says (better-auth's "compact" encoding), read only to
 * know how long and for which version better-auth's answer holds: the account, the cache version
 * it carries, and when it expires (its own expiry or the session's, whichever is first).
 */
export function cachedSessionOf(headers: Headers): CachedSession | null {
  const data = [...(headers.get("cookie") ?? "").matchAll(AUTH_COOKIE)].find((match) =>
    match[1].endsWith(".session_data"),
  );
  if (!data) return null;
  try {
    const parsed = JSON.parse(Buffer.from(decodeURIComponent(data[2]), "base64url").toString("utf8")) as {
      expiresAt?: unknown;
      session?: { version?: unknown; user?: { id?: unknown }; session?: { expiresAt?: unknown } };
    };
    const userId = parsed.session?.user?.id;
    const until = Math.min(Number(parsed.expiresAt), new Date(String(parsed.session?.session?.expiresAt)).getTime());
    if (typeof userId !== "string" || !Number.isFinite(until)) return null;
    return { userId, version: String(parsed.session?.version ?? "1"), until };
  } catch {
    return null;
  }
}

/** The user these credentials were accepted for, while that still holds. */
export function acceptedUser<User>(key: string, now = Date.now()): User | undefined {
  const entry = accepted.get(key) as Entry<User> | undefined;
  if (!entry) return undefined;
  if (entry.until <= now || entry.version !== cookieCacheVersion(entry.userId)) {
    accepted.delete(key);
    return undefined;
  }
  return entry.user;
}

/**
 * Remembers the user better-auth answered from its signed cache for these credentials. The entry
 * keeps the version the cookie carries, not today's: a revocation that lands while better-auth
 * was answering already makes it stale.
 */
export function rememberAccepted<User>(key: string, cached: CachedSession, user: User): void {
  if (cached.until <= Date.now()) return;
  accepted.delete(key);
  accepted.set(key, { user, userId: cached.userId, version: cached.version, until: cached.until });
  if (accepted.size > MAX_ENTRIES) accepted.delete(accepted.keys().next().value!);
}
