import { ApiError } from "./errors.ts";
import { CLIENT_IP_HEADER } from "./client-ip.ts";

type Window = { count: number; resetAt: number };

/**
 * A fixed-window counter per client address and purpose, kept in this process (enough for one
 * app server; several servers would each count their own share).
 */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  const windows = new Map<string, Window>();
  return {
    /** Throws 429 when the client has used up its allowance. */
    consume(headers: Headers, purpose = "default"): void {
      if (process.env.RATE_LIMIT === "off") return;
      const now = Date.now();
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      const key = `${purpose}:${headers.get(CLIENT_IP_HEADER) ?? "unknown"}`;
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return;
      }
      if (current.count >= max) throw new ApiError(429, "Too many requests. Please try again later.");
      current.count++;
    },
    reset(): void {
      windows.clear();
    },
  };
}
