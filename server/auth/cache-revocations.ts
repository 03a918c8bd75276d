import { noticeToOthers, onNotice } from "../db/notifications.ts";

/**
 * How long a session read from the database is trusted from its signed cookie (session_data)
 * on GET requests that only show who is signed in (decision 038).
 */
export const SESSION_COOKIE_CACHE_SECONDS = 60;

/**
 * The accounts whose cached sessions must not be trusted (decision 046): a session of theirs
 * ended (logout, revoked, password reset), the account was deleted or its role changed. The
 * cookie cache carries a version (better-auth's `cookieCache.version`); for such an account it
 * is the time of the change, so a cookie cached before it no longer matches and the session is
 * read from the database again. Shared by every app server through NOTIFY; an entry lives as long
 * as a cached cookie could, after which no cookie from before the change is trusted anyway.
 */
const TOPIC = "session-revoked";
const LIFETIME_MS = (SESSION_COOKIE_CACHE_SECONDS + 5) * 1000;
const changedAt = new Map<string, number>();
// A server that missed notices (its listening connection dropped) trusts no cached cookie for a while.
let distrustAllUntil = 0;

function remember(userId: string, at: number): void {
  const now = Date.now();
  for (const [id, when] of changedAt) if (when < now - LIFETIME_MS) changedAt.delete(id);
  changedAt.set(userId, Math.max(at, changedAt.get(userId) ?? 0));
}

/** Every cached session of this account is read from the database again, on every app server. */
export function distrustCachedSessions(userId: string): void {
  const at = Date.now();
  remember(userId, at);
  noticeToOthers(TOPIC, `${userId}@${at}`);
}

onNotice(TOPIC, (detail) => {
  const at = detail?.lastIndexOf("@") ?? -1;
  if (detail && at > 0 && Number.isFinite(Number(detail.slice(at + 1))))
    remember(detail.slice(0, at), Number(detail.slice(at + 1)));
  else distrustAllUntil = Date.now() + LIFETIME_MS;
});

/** The version a cached session of this account must carry to be trusted now. */
export function cookieCacheVersion(userId: string): string {
  const now = Date.now();
  const changed = changedAt.get(userId);
  const account = changed !== undefined && changed >= now - LIFETIME_MS ? String(changed) : "1";
  return now < distrustAllUntil ? `${account}~${distrustAllUntil}` : account;
}
