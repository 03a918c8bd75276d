import { onSiteChanged, siteChanged } from "../db/site-changes.ts";

/**
 * A short-lived cache of the store's reads (item pages of the grid, categories), so that a busy
 * store page costs one database query per few seconds instead of one per visitor. Every write to
 * items or categories clears it, on every app server (a notice through PostgreSQL); the time
 * limit bounds what a read that raced a write may show.
 */
const ttlMs = Number(process.env.CATALOGUE_CACHE_MS ?? (process.env.NODE_ENV === "test" ? 0 : 2_000));
const maxEntries = 2_000;
const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

export function cachedRead<T>(key: string, load: () => Promise<T>, ttl = ttlMs): Promise<T> {
  if (ttl <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (entries.size >= maxEntries) entries.clear();
  const value = load();
  entries.set(key, { expires: now + ttl, value });
  value.catch(() => entries.delete(key));
  return value;
}

/** Clears the catalogue's caches (and the pages built on them) here and on the other app servers. */
export function invalidateCatalogue(): void {
  siteChanged("catalogue");
}

onSiteChanged((change) => {
  if (change === "catalogue") entries.clear();
});
