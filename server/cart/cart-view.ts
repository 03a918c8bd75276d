import { and, eq } from "drizzle-orm";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { cartLines, carts, inventoryItems, quoteFiles, quotes } from "../db/schema.ts";
import type { CartCustomLine, CartLineState, CartViewLine } from "../../domain/cart-view.ts";
import type { Executor } from "../db/transaction.ts";
import { cartQuoteLine } from "../quotes/quotes.ts";
import { availableUnits, heldUnits } from "./availability.ts";
import { hashCartToken } from "./cookie.ts";

/**
 * The cart as the buyer sees it: a read, and only a read (the root loader calls it on every page).
 * What has changed since a line was added is shown, not applied: the cart's writes apply it
 * (`tidyCart` in cart.ts, at every cart form and at the notice's "Update my cart").
 */

/** Whose cart: a signed-in user's, or a browser's (its cookie's token, none yet for a new visitor). */
export type CartOwner = { userId: string } | { token: string | null };

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
export async function readCart(owner: CartOwner, now = new Date()): Promise<CartView> {
  const db = await getDb();
  const cartId = await findCartId(db, owner);
  if (!cartId) return EMPTY_VIEW();
  const rows = await db
    .select({
      itemId: cartLines.itemId,
      quantity: cartLines.quantity,
      slug: inventoryItems.slug,
      translations: inventoryItems.translations,
      images: inventoryItems.images,
      priceCents: inventoryItems.priceCents,
      isVisible: inventoryItems.isVisible,
    })
    .from(cartLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, cartLines.itemId))
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.kind, "item")))
    .orderBy(cartLines.id);
  const ids = rows.map((row) => row.itemId as string);
  const viewer = viewerOf(owner, now);
  const [available, held] = await Promise.all([
    availableUnits(db, ids, viewer),
    heldUnits(db, ids, { exceptUserId: viewer.userId, now }),
  ]);

  const view = EMPTY_VIEW();
  for (const row of rows) {
    const itemId = row.itemId as string;
    const name = names(row.translations);
    if (!row.isVisible) {
      view.notices.push({ kind: "removed", itemId, name });
      continue;
    }
    const units = available.get(itemId) ?? 0;
    let quantity = row.quantity;
    if (units > 0 && quantity > units) {
      quantity = units;
      view.notices.push({ kind: "reduced", itemId, name, available: units });
    }
    const state: CartLineState = units > 0 ? "ok" : (held.get(itemId) ?? 0) > 0 ? "held" : "soldOut";
    const lineTotalCents = state === "ok" ? row.priceCents * quantity : 0;
    view.lines.push({
      kind: "item",
      itemId,
      slug: row.slug,
      name,
      image: row.images.main,
      unitPriceCents: row.priceCents,
      quantity,
      available: units,
      state,
      lineTotalCents,
    });
    view.count += quantity;
    view.totalCents += lineTotalCents;
    if (state !== "ok") view.orderable = false;
  }
  await readCustomLines(db, cartId, view);
  return view;
}

async function readCustomLines(db: Executor, cartId: string, view: CartView): Promise<void> {
  const rows = await db
    .select({ quoteId: cartLines.quoteId })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.kind, "custom_print")))
    .orderBy(cartLines.id);
  for (const row of rows) {
    const quoteId = row.quoteId as string;
    const found = await cartQuoteLine(quoteId);
    if (!found.ok && (found.error === "not-found" || found.error === "ordered")) {
      view.notices.push({ kind: "removed", itemId: quoteId, name: null });
      continue;
    }
    if (!found.ok) {
      view.orderable = false;
      const pending = await pendingQuoteLine(quoteId);
      if (pending && found.error === "expired")
        view.notices.push({ kind: "expired", itemId: quoteId, name: { en: pending.name, fr: pending.name } });
      if (pending) view.customLines.push(pending);
      continue;
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
