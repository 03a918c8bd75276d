import { onSiteChanged, type SiteChange } from "./site-changes.ts";

/**
 * How long a server keeps a snapshot of settings or content at most. Every change clears it at
 * once on every server (NOTIFY); the limit heals a notice that was lost on its way.
 */
export const SNAPSHOT_MS = Number(process.env.SNAPSHOT_MS ?? 30_000);

/** One value kept in memory until `change` is announced (here or on another server) or `SNAPSHOT_MS` has passed. */
export function snapshot<T>(change: SiteChange) {
  let kept: { value: Promise<T>; until: number } | null = null;
  onSiteChanged((changed) => {
    if (changed === change) kept = null;
  });
  return {
    /** The value kept, or null when there is none or it is too old. */
    current(): Promise<T> | null {
      return kept && Date.now() < kept.until ? kept.value : null;
    },
    /** Keeps `value` (forgotten if it fails) and answers it. */
    keep(value: Promise<T>): Promise<T> {
      const entry = { value, until: Date.now() + SNAPSHOT_MS };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = null;
      });
      return value;
    },
  };
}
