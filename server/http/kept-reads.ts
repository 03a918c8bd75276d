import { config } from "../config.ts";
import { answeringRead } from "./request-scope.ts";

/**
 * How long a buyer's pages reuse what they read (their cart, an order) when nothing announces a
 * change: the hold sweep's interval, since time changes neither but through the sweep, which
 * announces what it releases. The safety net behind a lost notice.
 */
const lifetimeMs = Number(process.env.BUYER_CACHE_MS ?? config.holdSweepSeconds * 1000);

type Entry = { expires: number; value: Promise<unknown> };

/**
 * Reads the pages of a GET repeat for one owner (a buyer, an order), kept in this server's memory
 * until whoever changes what they were read from forgets them, or for the lifetime at most. Only a
 * GET's pages read from here: a write, a job or a POST's loaders (after its action) read the rows.
 */
export function createKeptReads(maxOwners: number) {
  const byOwner = new Map<string, Map<string, Entry>>();

  /**
   * `what` of `owner` as `read` last gave it, read again once forgotten. A value `keep` refuses is
   * given to the requests that waited for it, and not kept; one that turns stale by itself at a
   * moment (a price's hold ending) is kept until then at most, the moment `keep` gives.
   */
  function kept<T>(
    owner: string | null,
    what: string,
    read: () => Promise<T>,
    keep: (value: T) => boolean | Date = () => true,
  ): Promise<T> {
    if (!owner || lifetimeMs <= 0 || !answeringRead()) return read();
    const now = Date.now();
    let entries = byOwner.get(owner);
    const hit = entries?.get(what);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (!entries) {
      if (byOwner.size >= maxOwners) byOwner.clear();
      byOwner.set(owner, (entries = new Map()));
    }
    const value = read();
    // Kept before it is read: a change announced while it is read removes it, and the next request reads again.
    const entry: Entry = { expires: now + lifetimeMs, value };
    entries.set(what, entry);
    const forget = () => {
      if (byOwner.get(owner)?.get(what) === entry) byOwner.get(owner)!.delete(what);
    };
    value.then((result) => {
      const verdict = keep(result);
      if (verdict === false) forget();
      else if (verdict instanceof Date) entry.expires = Math.min(entry.expires, verdict.getTime());
    }, forget);
    return value;
  }

  return {
    kept,
    /** What is kept of `owner` is read again; of everybody with no owner named. */
    forget: (owner: string | null) => (owner ? byOwner.delete(owner) : byOwner.clear()),
  };
}
