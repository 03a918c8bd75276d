import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { cartLines, carts, inventoryItems, orderLines, orders } from "../db/schema.ts";
import {
  MAX_LINE_QUANTITY,
  type CartCustomLine,
  type CartLineState,
  type CartViewLine,
} from "../../domain/cart-view.ts";
import type { DomainErrorCode } from "../../domain/error-codes.ts";
import { DomainError } from "../errors.ts";
import type { Executor } from "../db/transaction.ts";
import type { QuoteOwner } from "../quotes/owner.ts";
import { cartQuoteLine, quoteLineForCart, requoteAtTodaysPrices, type CartQuoteError } from "../quotes/quotes.ts";
import { availableUnits } from "./availability.ts";
import { cartChanged, cartRowChanged, everyCartChanged } from "./cart-cache.ts";
import { findCartId, readCart, viewerOf, type CartOwner } from "./cart-view.ts";
import { ANONYMOUS_CART_DAYS, hashCartToken, newCartToken } from "./cookie.ts";
import { log } from "../log.ts";

/**
 * The cart, kept on the server: the one place its rules live (the spec's: only visible items, at
 * most what is available, a quantity above 0). Whoever asks for more than is available gets what is
 * available and is told so ('Maximum available stock reached'); the item page, the drawer and the
 * /cart page all go through these functions.
 */

export type { CartCustomLine, CartLineState, CartViewLine };
export { readCart, type CartNotice, type CartOwner, type CartView } from "./cart-view.ts";

export const MAX_CART_LINES = 100;

/** A change's outcome: how many units were added (fewer than asked when capped at what is available). */
export type CartChange = { itemId: string; quantity: number; added: number; capped: boolean; setCookieToken?: string };

/** The owner's cart, created when missing; a new browser cart comes with the token to put in its cookie. */
async function ensureCart(db: Executor, owner: CartOwner, now: Date): Promise<{ id: string; newToken?: string }> {
  const existing = await findCartId(db, owner);
  if (existing) {
    await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, existing));
    return { id: existing };
  }
  const id = randomUUID();
  if ("userId" in owner) {
    await db.insert(carts).values({ id, userId: owner.userId, createdAt: now, updatedAt: now }).onConflictDoNothing();
    return { id: (await findCartId(db, owner))! };
  }
  const token = newCartToken();
  await db.insert(carts).values({ id, tokenHash: hashCartToken(token), createdAt: now, updatedAt: now });
  return { id, newToken: token };
}

function parseQuantity(quantity: unknown): number {
  const value = typeof quantity === "string" ? (quantity.trim() === "" ? Number.NaN : Number(quantity)) : quantity;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_LINE_QUANTITY) {
    throw new DomainError("cart.invalid_quantity");
  }
  return value;
}

/** A visible item and the units available of it, or 'This item is not available for purchase'. */
async function purchasable(db: Executor, owner: CartOwner, itemId: string): Promise<{ available: number }> {
  const [item] = await db
    .select({ isVisible: inventoryItems.isVisible })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, itemId));
  const viewer = { ...viewerOf(owner), cartId: await findCartId(db, owner) };
  const available = (await availableUnits(db, [itemId], viewer)).get(itemId) ?? 0;
  if (!item || !item.isVisible || available <= 0) throw new DomainError("cart.item_unavailable");
  return { available };
}

async function lineQuantity(db: Executor, cartId: string, itemId: string): Promise<number> {
  const [line] = await db
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId)));
  return line?.quantity ?? 0;
}

async function writeLine(db: Executor, cartId: string, itemId: string, quantity: number): Promise<void> {
  await db
    .insert(cartLines)
    .values({ cartId, kind: "item", itemId, quantity })
    .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.itemId], set: { quantity } });
}

async function assertRoomForLine(db: Executor, cartId: string): Promise<void> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  if (Number(row?.n ?? 0) >= MAX_CART_LINES)
    throw new DomainError("cart.invalid_request", { detail: "too many lines" });
}

/**
 * Adds `quantity` of an item. Past what is available it adds what is left and says so (capped);
 * with nothing left to add it refuses: 'Maximum available stock reached'.
 */
export async function addItem(
  owner: CartOwner,
  itemId: string,
  rawQuantity: unknown,
  now = new Date(),
): Promise<CartChange> {
  const quantity = parseQuantity(rawQuantity);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { available } = await purchasable(tx, owner, itemId);
    const cart = await ensureCart(tx, owner, now);
    const existing = await lineQuantity(tx, cart.id, itemId);
    if (existing >= available) throw new DomainError("cart.max_stock");
    if (existing === 0) await assertRoomForLine(tx, cart.id);
    const wanted = Math.min(existing + quantity, available, MAX_LINE_QUANTITY);
    await writeLine(tx, cart.id, itemId, wanted);
    cartChanged(owner);
    const added = wanted - existing;
    return { itemId, quantity: wanted, added, capped: added < quantity, setCookieToken: cart.newToken };
  });
}

/** Sets a line's quantity; above what is available it is set to what is available (capped). */
export async function setItemQuantity(
  owner: CartOwner,
  itemId: string,
  rawQuantity: unknown,
  now = new Date(),
): Promise<CartChange> {
  const quantity = parseQuantity(rawQuantity);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const cartId = await findCartId(tx, owner);
    const existing = cartId ? await lineQuantity(tx, cartId, itemId) : 0;
    if (!cartId || existing === 0) throw new DomainError("cart.invalid_request", { detail: "no such line" });
    const { available } = await purchasable(tx, owner, itemId);
    const wanted = Math.min(quantity, available);
    await writeLine(tx, cartId, itemId, wanted);
    await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
    cartChanged(owner);
    return { itemId, quantity: wanted, added: wanted - existing, capped: wanted < quantity };
  });
}

/** One unit more ('Maximum available stock reached' at the limit) or one fewer (never below 1). */
export async function stepItemQuantity(
  owner: CartOwner,
  itemId: string,
  step: 1 | -1,
  now = new Date(),
): Promise<CartChange> {
  if (step === 1) {
    const db = await getDb();
    const cartId = await findCartId(db, owner);
    if (!cartId || (await lineQuantity(db, cartId, itemId)) === 0)
      throw new DomainError("cart.invalid_request", { detail: "no such line" });
    return addItem(owner, itemId, 1, now);
  }
  const db = await getDb();
  const cartId = await findCartId(db, owner);
  const existing = cartId ? await lineQuantity(db, cartId, itemId) : 0;
  if (existing === 0) throw new DomainError("cart.invalid_request", { detail: "no such line" });
  return setItemQuantity(owner, itemId, existing - 1, now);
}

export async function removeItem(owner: CartOwner, itemId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const cartId = await findCartId(db, owner);
  if (!cartId) return;
  await db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId)));
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
  cartChanged(owner);
}

export async function clearCart(owner: CartOwner, now = new Date()): Promise<void> {
  const db = await getDb();
  const cartId = await findCartId(db, owner);
  if (!cartId) return;
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
  cartChanged(owner);
}

/** A custom print whose price changed when the cart was brought up to date. */
export type CartRepricing = { kind: "repriced"; quoteId: string; name: string; totalCents: number };

/**
 * Applies what the cart view only shows: lines of hidden or deleted items and of quotes that can
 * no longer be ordered go, quantities are lowered to what is available, and a quote past its hold
 * is priced again at today's terms. Run by the cart's writes (every cart form, and the notices'
 * "Update my cart"), never by a read. Returns the custom prints it re-priced, for the answer.
 */
export async function tidyCart(owner: CartOwner, now = new Date()): Promise<CartRepricing[]> {
  const db = await getDb();
  const cartId = await findCartId(db, owner);
  if (!cartId) return [];
  const view = await readCart(owner, now);
  if (view.notices.length === 0) return [];
  const gone = view.notices.filter((notice) => notice.kind === "removed").map((notice) => notice.itemId);
  if (gone.length > 0) {
    await db
      .delete(cartLines)
      .where(
        and(
          eq(cartLines.cartId, cartId),
          sql`(${inArray(cartLines.itemId, gone)} or ${inArray(cartLines.quoteId, gone)})`,
        ),
      );
  }
  for (const notice of view.notices) {
    if (notice.kind !== "reduced") continue;
    await db
      .update(cartLines)
      .set({ quantity: notice.available })
      .where(
        and(
          eq(cartLines.cartId, cartId),
          eq(cartLines.itemId, notice.itemId),
          gt(cartLines.quantity, notice.available),
        ),
      );
  }
  const repriced: CartRepricing[] = [];
  for (const notice of view.notices) {
    if (notice.kind !== "expired") continue;
    await requoteAtTodaysPrices(notice.itemId);
    const found = await cartQuoteLine(notice.itemId);
    if (found.ok)
      repriced.push({
        kind: "repriced",
        quoteId: notice.itemId,
        name: found.line.name,
        totalCents: found.line.totalCents,
      });
  }
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
  cartChanged(owner);
  return repriced;
}

const QUOTE_ERRORS: Record<CartQuoteError, DomainErrorCode> = {
  "not-found": "cart.quote_unavailable",
  "not-priced": "cart.quote_not_priced",
  expired: "cart.quote_expired",
  ordered: "cart.quote_unavailable",
};

/**
 * "Add to cart" on a quote's page: only the quote's owner, only a price the buyer has seen (the
 * slicer's or the studio's, within its hold). The quote's quantity is the line's.
 */
export async function addQuote(
  owner: CartOwner,
  quoteOwner: QuoteOwner,
  quoteId: string,
  now = new Date(),
): Promise<{ added: boolean; name: string; setCookieToken?: string }> {
  const found = await quoteLineForCart(quoteId, quoteOwner);
  if (!found.ok) throw new DomainError(QUOTE_ERRORS[found.error]);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const cart = await ensureCart(tx, owner, now);
    const [existing] = await tx
      .select({ id: cartLines.id })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.quoteId, quoteId)));
    if (!existing) {
      await assertRoomForLine(tx, cart.id);
      await tx
        .insert(cartLines)
        .values({ cartId: cart.id, kind: "custom_print", quoteId, quantity: found.line.quantity });
      cartChanged(owner);
    }
    return { added: !existing, name: found.line.name, setCookieToken: cart.newToken };
  });
}

export async function removeQuote(owner: CartOwner, quoteId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const cartId = await findCartId(db, owner);
  if (!cartId) return;
  await db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.quoteId, quoteId)));
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
  cartChanged(owner);
}

/** The custom prints an order is placed for, at their quotes' prices (call after cartOrderLines). */
export async function cartCustomOrderLines(owner: string | CartOwner): Promise<CartCustomLine[]> {
  const view = await readCart(typeof owner === "string" ? { userId: owner } : owner);
  if (!view.orderable || view.notices.length > 0) throw new DomainError("cart.has_unavailable_lines");
  return view.customLines;
}

/** The lines an order is placed for: every line must be orderable as it is. */
export async function cartOrderLines(owner: string | CartOwner): Promise<{ itemId: string; quantity: number }[]> {
  const view = await readCart(typeof owner === "string" ? { userId: owner } : owner);
  if (view.lines.length === 0 && view.customLines.length === 0) throw new DomainError("cart.empty");
  if (!view.orderable || view.notices.length > 0) throw new DomainError("cart.has_unavailable_lines");
  return view.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity }));
}

/**
 * At log-in or sign-up: the browser's lines join the user's cart (quantities of the same item add
 * up), then the browser's cart is deleted. The next read caps them at what is available and drops
 * hidden items, with its notices.
 */
export async function mergeBrowserCart(token: string | null, userId: string, now = new Date()): Promise<void> {
  if (!token) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const browserCart = await findCartId(tx, { token });
    if (!browserCart) return;
    const lines = await tx
      .select({ itemId: cartLines.itemId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, browserCart), eq(cartLines.kind, "item")));
    if (lines.length > 0) {
      const target = await ensureCart(tx, { userId }, now);
      for (const line of lines) {
        const itemId = line.itemId as string;
        const existing = await lineQuantity(tx, target.id, itemId);
        if (existing === 0) {
          const [row] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(cartLines)
            .where(eq(cartLines.cartId, target.id));
          if (Number(row?.n ?? 0) >= MAX_CART_LINES) break;
        }
        await writeLine(tx, target.id, itemId, Math.min(existing + line.quantity, MAX_LINE_QUANTITY));
      }
    }
    const custom = await tx
      .select({ quoteId: cartLines.quoteId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, browserCart), eq(cartLines.kind, "custom_print")));
    if (custom.length > 0) {
      const target = await ensureCart(tx, { userId }, now);
      for (const line of custom) {
        await tx
          .insert(cartLines)
          .values({ cartId: target.id, kind: "custom_print", quoteId: line.quoteId, quantity: line.quantity })
          .onConflictDoNothing();
      }
    }
    await tx.delete(carts).where(eq(carts.id, browserCart));
    cartChanged({ token }, { userId });
  });
}

/**
 * A browser's cart from before the cart lived on the server (localStorage), moved here once: each
 * line is added as "Add to cart" would; lines that cannot be added are skipped.
 */
export async function importLines(
  owner: CartOwner,
  lines: { itemId: string; quantity: number }[],
  now = new Date(),
): Promise<{ setCookieToken?: string }> {
  let current = owner;
  let setCookieToken: string | undefined;
  for (const line of lines.slice(0, MAX_CART_LINES)) {
    try {
      const change = await addItem(current, line.itemId, line.quantity, now);
      if (change.setCookieToken) {
        setCookieToken = change.setCookieToken;
        current = { token: change.setCookieToken };
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return { setCookieToken };
}

/** Browser carts untouched for ANONYMOUS_CART_DAYS are deleted (their cookie has expired too). */
export async function deleteExpiredCarts(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - ANONYMOUS_CART_DAYS * 86_400_000);
  const deleted = await db
    .delete(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, cutoff)))
    .returning({ id: carts.id });
  if (deleted.length > 0) everyCartChanged();
  return deleted.length;
}

/**
 * A paid order takes its units out of the cart it was placed from (a guest's browser cart
 * included; what was added since stays); an order placed before orders named their cart, out of
 * its account's.
 */
export async function removeOrderFromCart(orderId: string): Promise<void> {
  const db = await getDb();
  const [order] = await db
    .select({ userId: orders.userId, cartId: orders.cartId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const [cart] = await db
    .select({ id: carts.id, userId: carts.userId, tokenHash: carts.tokenHash })
    .from(carts)
    .where(order.cartId ? eq(carts.id, order.cartId) : eq(carts.userId, order.userId ?? ""));
  if (!cart) return;
  const cartId = cart.id;
  const lines = await db
    .select({ itemId: orderLines.itemId, quoteId: orderLines.quoteId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  for (const line of lines) {
    if (line.quoteId)
      await db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.quoteId, line.quoteId)));
    if (!line.itemId) continue;
    const where = and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, line.itemId));
    await db
      .update(cartLines)
      .set({ quantity: sql`${cartLines.quantity} - ${line.quantity}` })
      .where(and(where, gt(cartLines.quantity, line.quantity)));
    await db.delete(cartLines).where(and(where, lte(cartLines.quantity, line.quantity)));
  }
  cartRowChanged(cart);
}

const CLEANUP_EVERY_MS = 6 * 3_600_000;
let cleanupTimer: NodeJS.Timeout | undefined;

/** Deletes expired browser carts at start and every few hours (idempotent: any server may run it). */
export function startCartCleanup(): void {
  const run = () => void deleteExpiredCarts().catch((error) => log().error({ err: error }, "Cart cleanup failed"));
  run();
  cleanupTimer = setInterval(run, CLEANUP_EVERY_MS);
  cleanupTimer.unref();
}

export function stopCartCleanup(): void {
  clearInterval(cleanupTimer);
  cleanupTimer = undefined;
}
