import { config } from "../config.ts";
import { afterCommit } from "../db/after-commit.ts";
import { noticeToOthers, onNotice } from "../db/notifications.ts";
import { onSiteChanged } from "../db/site-changes.ts";
import { answeringRead } from "../http/request-scope.ts";
import type { CartOwner } from "./cart-view.ts";
import { hashCartToken } from "./cookie.ts";

/**
 * What the header of every page reads for its buyer (the cart's view, the order awaiting their
 * payment), kept per buyer in this server's memory until something it was read from changes: the
 * buyer's cart (`cartChanged`, announced here and on every app server), or the catalogue, stock and
 * settings (every `siteChanged`: placing, paying, cancelling and releasing an order all announce the
 * stock they move). Time alone changes neither but through the hold sweep, which announces what it
 * releases: the sweep's interval is the lifetime, the safety net behind a lost notice.
 */
const lifetimeMs = Number(process.env.CART_CACHE_MS ?? config.holdSweepSeconds * 1000);
const maxBuyers = 10_000;
type Entry = { expires: number; value: Promise<unknown> };
const byBuyer = new Map<string, Map<string, Entry>>();

const TOPIC = "cart-changed";

/** The buyer a cart belongs to, as the cache and its notices name them; null for a visitor without a cart. */
function buyerKey(owner: CartOwner): string | null {
  if ("userId" in owner) return `user:${owner.userId}`;
  return owner.token ? `browser:${hashCartToken(owner.token)}` : null;
}

/**
 * `what` of this buyer as `read` last gave it, read again once something it depends on changed. A
 * value `keep` refuses is given to the requests that waited for it, and not kept. Only a GET's
 * pages read from here: a write, a job or a POST's loaders (after its action) read the rows.
 */
export function keptForBuyer<T>(
  owner: CartOwner,
  what: string,
  read: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  const buyer = buyerKey(owner);
  if (!buyer || lifetimeMs <= 0 || !answeringRead()) return read();
  const now = Date.now();
  let entries = byBuyer.get(buyer);
  const hit = entries?.get(what);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (!entries) {
    if (byBuyer.size >= maxBuyers) byBuyer.clear();
    byBuyer.set(buyer, (entries = new Map()));
  }
  const value = read();
  // Kept before it is read: a change announced while it is read removes it, and the next request reads again.
  const entry: Entry = { expires: now + lifetimeMs, value };
  entries.set(what, entry);
  const forget = () => {
    if (byBuyer.get(buyer)?.get(what) === entry) byBuyer.get(buyer)!.delete(what);
  };
  value.then((result) => keep(result) || forget(), forget);
  return value;
}

/**
 * The cart of `owner` changed (a line, its owner, the cart itself): what is kept of it is read
 * again, here and on the other app servers, once the transaction this is said in has committed.
 */
export function cartChanged(...owners: CartOwner[]): void {
  const buyers = owners.map(buyerKey).filter((buyer): buyer is string => buyer !== null);
  afterCommit(() => {
    for (const buyer of buyers) {
      byBuyer.delete(buyer);
      noticeToOthers(TOPIC, buyer);
    }
  });
}

/** Every buyer's cart is read again here and on the other app servers (carts deleted in bulk). */
export function everyCartChanged(): void {
  afterCommit(() => {
    byBuyer.clear();
    noticeToOthers(TOPIC);
  });
}

onNotice(TOPIC, (buyer) => (buyer ? byBuyer.delete(buyer) : byBuyer.clear()));
onSiteChanged(() => byBuyer.clear());
