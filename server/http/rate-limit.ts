import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { connectDatabase } from "../db/index.ts";
import { ApiError } from "./errors.ts";
import { log } from "../log.ts";

/**
 * The hits counted so far in the current window of one key, and when that window ends. A key's
 * window starts at its first hit (not at a boundary of the clock), so that a burst shorter than
 * the window is always counted whole, wherever the clock's minute falls.
 */
export type WindowCount = { count: number; resetAt: number };

/**
 * Where the counters live. In this process for the embedded database (one app server); in a
 * PostgreSQL table when DATABASE_URL is set, so that every app server counts into the same
 * windows and N servers do not give a client N times the attempts.
 */
export interface RateLimitStore {
  /** Counts one hit against `key` and returns the count of its current window. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Forgets every counter (tests). */
  clear(): Promise<void>;
}

export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, WindowCount>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        const fresh = { count: 1, resetAt: now + windowMs };
        windows.set(key, fresh);
        return { ...fresh };
      }
      current.count++;
      return { ...current };
    },
    async clear() {
      windows.clear();
    },
  };
}

const CLEAN_EVERY_MS = 60_000;

/**
 * One upsert per hit, timed by the database's clock, so servers whose clocks differ still share
 * windows; a key's row starts a new window at its first hit after the last one ended, and rows
 * whose window ended are deleted now and then.
 */
export function postgresRateLimitStore(db: Database): RateLimitStore {
  let lastClean = 0;
  return {
    async hit(key, windowMs) {
      const result = (await db.execute(sql`
        insert into rate_limit_counters as c (key, window_start, count, expires_at)
        values (${key}, clock_timestamp(), 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when c.expires_at > clock_timestamp() then c.count + 1 else 1 end,
          window_start = case when c.expires_at > clock_timestamp() then c.window_start else excluded.window_start end,
          expires_at = case when c.expires_at > clock_timestamp() then c.expires_at else excluded.expires_at end
        returning count, expires_at`)) as unknown as { rows: { count: number; expires_at: Date | string }[] };
      const row = result.rows[0]!;
      const now = Date.now();
      if (now - lastClean > CLEAN_EVERY_MS) {
        lastClean = now;
        db.execute(sql`delete from rate_limit_counters where expires_at < clock_timestamp()`).catch((error) =>
          log().error({ err: error }, "Could not delete old rate-limit counters"),
        );
      }
      return { count: Number(row.count), resetAt: new Date(row.expires_at).getTime() };
    },
    async clear() {
      await db.execute(sql`delete from rate_limit_counters`);
    },
  };
}

const memoryStore = memoryRateLimitStore();
const postgresStores = new WeakMap<Database, RateLimitStore>();

/** The store of the database this process runs on. */
export async function getRateLimitStore(): Promise<RateLimitStore> {
  const connection = await connectDatabase();
  if (connection.kind !== "postgres") return memoryStore;
  let store = postgresStores.get(connection.db);
  if (!store) postgresStores.set(connection.db, (store = postgresRateLimitStore(connection.db)));
  return store;
}

export const rateLimitEnabled = () => process.env.RATE_LIMIT !== "off";

/** A counter per client address and purpose, over a window from its first hit, in the store of this database. */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  return {
    /** Throws 429 when the client at `clientAddress` has used up its allowance for `purpose`. */
    async consume(clientAddress: string, purpose = "default"): Promise<void> {
      if (!rateLimitEnabled()) return;
      const key = `${purpose}:${clientAddress}`;
      const { count } = await (await getRateLimitStore()).hit(key, windowMs);
      if (count > max) throw new ApiError(429, "Too many requests. Please try again later.");
    },
    /** Forgets every count (tests). */
    async reset(): Promise<void> {
      await (await getRateLimitStore()).clear();
    },
  };
}

/**
 * better-auth's limits (sign-in, sign-up…) counted in the same store, under better-auth's own
 * keys (address and path), so they hold across app servers too.
 */
export const betterAuthRateLimitStorage = {
  async consume(
    key: string,
    rule: { window: number; max: number },
  ): Promise<{ allowed: boolean; retryAfter: number | null }> {
    const { count, resetAt } = await (await getRateLimitStore()).hit(`auth:${key}`, rule.window * 1000);
    if (count <= rule.max) return { allowed: true, retryAfter: null };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
  },
};
