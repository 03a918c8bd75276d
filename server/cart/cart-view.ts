import { eq, sql, type SQL } from "drizzle-orm";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { cartLines, carts, inventoryItems, orders, quoteFiles, quotes, stockHolds } from "../db/schema.ts";
import type { CartCustomLine, CartLineState, CartViewLine } from "../../domain/cart-view.ts";
import type { Executor } from "../db/transaction.ts";
import { cartQuoteLine } from "../quotes/quotes.ts";
import { availableUnitsSql } from "../inventory/availability.ts";
import { answeringRead, oncePerRequest } from "../http/request-scope.ts";
import { hashCartToken } from "./cookie.ts";
import { keptForBuyer } from "./cart-cache.ts";

/**
 * The cart as the buyer sees it: a read, and only a read (the root loader calls it on every page).
 * What has changed since a line was added is shown, not applied: the cart's writes apply it
 * (`tidyCart` in cart.ts, at every cart form and at the notice's "Update my cart").
 */

import type { CartOwner } from "./cart-owner.ts";
export type { CartOwner };

/** How the cart differs from what the buyer put in it, until a cart write applies it. */
export type CartNotice =
  | { kind: "reduced"; itemId: string; name: { en: string; fr: string }; available: number }
  | { kind: "removed"; itemId: string; name: { en: string; fr: string } | null }
  | { kind: "expired"; itemId: string; name: { en: string; fr: string } };
export type CartView = {
  lines: CartViewLine[];
  /** Custom prints (quotes), after the inventory lines. */
  customLines: CartCustomLine[];
  count: number;
  totalCents: number;
  currency: string;
  notices: CartNotice[];
  /** Every line can be bought as it is. */
  orderable: boolean;
};

export const EMPTY_VIEW = (): CartView => ({
  lines: [],
  customLines: [],
  count: 0,
  totalCents: 0,
  currency: config.currency,
  notices: [],
  orderable: true,
});

export function names(translations: { en: { name: string }; fr?: { name?: string } }) {
  return { en: translations.en.name, fr: translations.fr?.name || translations.en.name };
}

export async function findCartId(db: Executor, owner: CartOwner): Promise<string | null> {
  const where =
    "userId" in owner
      ? eq(carts.userId, owner.userId)
      : owner.token
        ? eq(carts.tokenHash, hashCartToken(owner.token))
        : null;
  if (!where) return null;
  const [row] = await db.select({ id: carts.id }).from(carts).where(where);
  return row?.id ?? null;
}

export function viewerOf(owner: CartOwner, now?: Date): { userId?: string; now?: Date } {
  return "userId" in owner ? { userId: owner.userId, now } : { now };
}

/**
 * The cart as the buyer should see it now. Items hidden or deleted are left out and quantities
 * above what is available are shown at it, each with its notice (until a cart write applies it);
 * a line with nothing available stays, marked as held by other shoppers (it may come back) or sold
 * out, and counts for nothing in the total.
 */
export function readCart(owner: CartOwner, now?: Date): Promise<CartView> {
  // Every loader of a page asks (the header's count, the cart page, the checkout's figures): a GET
  // reads it once. A POST may change it between its action and its loaders: it reads each time.
  // Across requests, a GET's view is kept until the cart, the catalogue or the settings change
  // (cart-cache.ts); a custom print's line also changes with its quote, so a cart with one is read.
  if (now || !answeringRead()) return readCartNow(owner, now ?? new Date());
  return oncePerRequest(`cart:${JSON.stringify(owner)}`, () =>
    keptForBuyer(owner, "cart", () => readCartNow(owner, new Date()), hasNoQuoteLine),
  );
}

/** A quote's line was shown or refused: the view depends on the quote's state and hold too. */
function hasNoQuoteLine(view: CartView): boolean {
  return view.customLines.length === 0 && !view.notices.some((notice) => notice.kind === "removed" && !notice.name);
}

/** Units of the line's item held by unpaid orders, of the orders `whose` picks. */
function heldBy(whose: SQL, now: Date) {
  return sql<number>`(select coalesce(sum(${stockHolds.quantity}), 0)::int from ${stockHolds}
    inner join ${orders} on ${orders.id} = ${stockHolds.orderId}
    where ${stockHolds.itemId} = ${cartLines.itemId} and ${orders.status} = 'pending'
      and ${orders.reservedUntil} > ${now.toISOString()}::timestamptz and ${whose})`.mapWith(Number);
}

/** One query for every line, with what is available of each item (availability.ts's rules, inlined). */
async function readCartNow(owner: CartOwner, now: Date): Promise<CartView> {
  const whose =
    "userId" in owner
      ? eq(carts.userId, owner.userId)
      : owner.token
        ? eq(carts.tokenHash, hashCartToken(owner.token))
        : null;
  if (!whose) return EMPTY_VIEW();
  const db = await getDb();
  const buyer = "userId" in owner ? owner.userId : null;
  // The buyer's own unpaid orders: placed from this cart (a guest's too), or their account's.
  const ownOrder = sql`(coalesce(${orders.cartId} = ${carts.id}, false)${buyer ? sql` or coalesce(${orders.userId} = ${buyer}, false)` : sql``})`;
  const rows = await db
    .select({
      cartId: carts.id,
      kind: cartLines.kind,
      itemId: cartLines.itemId,
      quoteId: cartLines.quoteId,
      quantity: cartLines.quantity,
      slug: inventoryItems.slug,
      translations: inventoryItems.translations,
      images: inventoryItems.images,
      priceCents: inventoryItems.priceCents,
      isVisible: inventoryItems.isVisible,
      onShelf: availableUnitsSql,
      ownHeld: heldBy(ownOrder, now),
      othersHeld: heldBy(sql`not ${ownOrder}`, now),
    })
    .from(carts)
    .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
    .leftJoin(inventoryItems, eq(inventoryItems.id, cartLines.itemId))
    .where(whose)
    .orderBy(cartLines.id);

  const view = EMPTY_VIEW();
  for (const row of rows) {
    if (row.kind !== "item" || row.itemId === null || row.slug === null) continue;
    const itemId = row.itemId;
    const name = names(row.translations!);
    if (!row.isVisible) {
      view.notices.push({ kind: "removed", itemId, name });
      continue;
    }
    const units = Math.max(0, row.onShelf) + row.ownHeld;
    let quantity = row.quantity;
    if (units > 0 && quantity > units) {
      quantity = units;
      view.notices.push({ kind: "reduced", itemId, name, available: units });
    }
    const state: CartLineState = units > 0 ? "ok" : row.othersHeld > 0 ? "held" : "soldOut";
    const lineTotalCents = state === "ok" ? row.priceCents! * quantity : 0;
    view.lines.push({
      kind: "item",
      itemId,
      slug: row.slug,
      name,
      image: row.images!.main,
      unitPriceCents: row.priceCents!,
      quantity,
      available: units,
      state,
      lineTotalCents,
    });
    view.count += quantity;
    view.totalCents += lineTotalCents;
    if (state !== "ok") view.orderable = false;
  }
  for (const row of rows) if (row.kind === "custom_print" && row.quoteId) await readCustomLine(row.quoteId, view);
  return view;
}

async function readCustomLine(quoteId: string, view: CartView): Promise<void> {
  const found = await cartQuoteLine(quoteId);
  if (!found.ok && (found.error === "not-found" || found.error === "ordered")) {
    view.notices.push({ kind: "removed", itemId: quoteId, name: null });
    return;
  }
  if (!found.ok) {
    view.orderable = false;
    const pending = await pendingQuoteLine(quoteId);
    if (pending && found.error === "expired")
      view.notices.push({ kind: "expired", itemId: quoteId, name: { en: pending.name, fr: pending.name } });
    if (pending) view.customLines.push(pending);
    return;
  }
  const { line, grams } = found;
  view.customLines.push({
    kind: "custom_print",
    quoteId,
    name: line.name,
    thumbnailUrl: line.thumbnailUrl,
    material: line.material,
    colour: line.colour,
    quality: line.quality,
    quantity: line.quantity,
    unitPriceCents: line.unitCents,
    lineTotalCents: line.totalCents,
    grams: grams === null ? null : Math.round(grams * line.quantity),
    priced: true,
    minimumCentsPerPart: line.minimumCentsPerPart,
  });
  view.count += line.quantity;
  view.totalCents += line.totalCents;
}

/** A quote without a price the buyer can order now (being re-quoted, or past its hold): shown without one. */
async function pendingQuoteLine(quoteId: string): Promise<CartCustomLine | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      quantity: quotes.quantity,
      name: quoteFiles.originalName,
      materialId: quotes.materialId,
      colourId: quotes.colourId,
      qualityId: quotes.qualityId,
    })
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.id, quoteId));
  if (!row) return null;
  const same = (id: string) => ({ en: id, fr: id });
  return {
    kind: "custom_print",
    quoteId,
    name: row.name,
    thumbnailUrl: `/api/quotes/${quoteId}/thumbnail.svg`,
    material: same(row.materialId),
    colour: same(row.colourId),
    quality: same(row.qualityId),
    quantity: row.quantity,
    unitPriceCents: 0,
    lineTotalCents: 0,
    grams: null,
    priced: false,
    minimumCentsPerPart: null,
  };
}
