import { afterCommit } from "./transaction-scope.ts";
import { noticeToOthers, onNotice } from "./notifications.ts";

/**
 * What changed that visitors see: the catalogue (items, categories, stock), the studio's settings
 * (identity, hours, prices shown, the print pricing), or the site's own content (portfolio, FAQ,
 * pages). Caches built on any of them listen here; a change is announced here and, through
 * PostgreSQL, on every app server.
 */
export const SITE_CHANGES = ["catalogue", "settings", "content"] as const;
export type SiteChange = (typeof SITE_CHANGES)[number];

const listeners = new Set<(change: SiteChange) => void>();

/** Runs `listener` on every change of the site, made here or on another app server. */
export function onSiteChanged(listener: (change: SiteChange) => void): void {
  listeners.add(listener);
}

function changedHere(change: SiteChange): void {
  for (const listener of listeners) listener(change);
}

/**
 * Announces `change` here and to the other app servers; said inside a transaction, once it has
 * committed, so that no server reads and caches what the change is replacing.
 */
export function siteChanged(change: SiteChange): void {
  afterCommit(() => {
    changedHere(change);
    noticeToOthers(`site-${change}`);
  });
}

for (const change of SITE_CHANGES) onNotice(`site-${change}`, () => changedHere(change));
