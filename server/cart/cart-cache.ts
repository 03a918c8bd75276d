import { afterCommit } from "../db/transaction-scope.ts";
import { noticeToOthers, onNotice } from "../db/notifications.ts";
import { onSiteChanged } from "../db/site-changes.ts";
import { createKeptReads } from "../http/kept-reads.ts";
import type { CartOwner } from "./cart-owner.ts";
import { hashCartToken } from "./cookie.ts";

/**
 * What the header of every page reads for its buyer (the cart's view, the order awaiting their
 * payment), kept per buyer until something it was read from changes: the buyer's cart
 * (`cartChanged`, announced here and on every app server), or the catalogue, stock and settings
 * (every `siteChanged`: placing, paying, cancelling and releasing an order all announce the stock
 * they move).
 */
const keptCarts = createKeptReads(10_000);

const TOPIC = "cart-changed";

/** The buyer a cart belongs to, as the cache and its notices name them; null for a visitor without a cart. */
function buyerKey(owner: CartOwner): string | null {
  if ("userId" in owner) return `user:${owner.userId}`;
  return owner.token ? `browser:${hashCartToken(owner.token)}` : null;
}

/** `what` of this buyer's cart, read again once it changed (`createKeptReads`). */
export function keptForBuyer<T>(
  owner: CartOwner,
  what: string,
  read: () => Promise<T>,
  keep?: (value: T) => boolean | Date,
): Promise<T> {
  return keptCarts.kept(buyerKey(owner), what, read, keep);
}

/**
 * The cart of `owner` changed (a line, its owner, the cart itself): what is kept of it is read
 * again, here and on the other app servers, once the transaction this is said in has committed.
 */
export function cartChanged(...owners: CartOwner[]): void {
  const buyers = owners.map(buyerKey).filter((buyer): buyer is string => buyer !== null);
  afterCommit(() => {
    for (const buyer of buyers) {
      keptCarts.forget(buyer);
      noticeToOthers(TOPIC, buyer);
    }
  });
}

/** The same, for a cart known by its row (a guest's browser cart is named by its token's hash). */
export function cartRowChanged(cart: { userId: string | null; tokenHash: string | null }): void {
  const buyer = cart.userId ? `user:${cart.userId}` : cart.tokenHash ? `browser:${cart.tokenHash}` : null;
  if (!buyer) return;
  afterCommit(() => {
    keptCarts.forget(buyer);
    noticeToOthers(TOPIC, buyer);
  });
}

/** Every buyer's cart is read again here and on the other app servers (carts deleted in bulk). */
export function everyCartChanged(): void {
  afterCommit(() => {
    keptCarts.forget(null);
    noticeToOthers(TOPIC);
  });
}

onNotice(TOPIC, keptCarts.forget);
onSiteChanged(() => keptCarts.forget(null));
