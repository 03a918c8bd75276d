import { ApiError } from "./errors.ts";

/**
 * Where the counts live. This one is in the process (enough for one app server); a store shared
 * by several servers implements the same call.
 */
export type CounterStore = {
  /** Counts one hit on `key` and returns the hits in its current window. */
  hit(key: string, windowMs: number): Promise<number>;
  clear(): Promise<void>;
};

export function memoryCounterStore(): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return 1;
      }
      current.count++;
      return current.count;
    },
    async clear() {
      windows.clear();
    },
  };
}

/** A fixed-window limit per client address and purpose. */
export function createRateLimiter({ max, windowMs, store = memoryCounterStore() }: { max: number; windowMs: number; store?: CounterStore }) {
  return {
    /** Throws 429 when the client at `clientAddress` has used up its allowance for `purpose`. */
    async consume(clientAddress: string, purpose = "default"): Promise<void> {
      if (process.env.RATE_LIMIT === "off") return;
      const count = await store.hit(`${purpose}:${clientAddress}`, windowMs);
      if (count > max) throw new ApiError(429, "Too many requests. Please try again later.");
    },
    reset(): Promise<void> {
      return store.clear();
    },
  };
}
