import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { validateGuest, type GuestDetails } from "../../domain/guest-checkout.ts";
import { localizePath, type Locale } from "../../domain/locale.ts";
import { readCookie } from "../../domain/preferences.ts";
import type { CartOwner } from "../cart/cart.ts";
import { cartChanged } from "../cart/cart-cache.ts";
import { hashCartToken } from "../cart/cookie.ts";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import type { Database } from "../db/client.ts";
import { carts, guestBuyers, orderAccessKeys, orders, user } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { queueMail } from "../mail/outbox.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { guestOrderEmail } from "../mail/emails/templates.ts";
import type { Executor } from "../db/transaction.ts";
import { placeOrderFromCart, type DeliveryChoice } from "./place-from-cart.ts";

/**
 * Guest checkout (DESIGN.md: guest orders carry an access key). The guest is a users row no one can
 * sign in to, holding the cart and the order; the order opens only through its access key, 256 random
 * bits of which the database keeps the sha256. The browser keeps the key in an HttpOnly cookie so the
 * payment pages work as for a signed-in buyer.
 */
export const GUEST_ORDER_COOKIE = "studio_guest_order";
const COOKIE_DAYS = 7;

export const newAccessKey = (): string => randomBytes(32).toString("base64url");
export const hashAccessKey = (key: string): string => createHash("sha256").update(key).digest("hex");
const looksLikeKey = (key: unknown): key is string => typeof key === "string" && /^[A-Za-z0-9_-]{43}$/.test(key);

/** The order's page, opened by its key: the link shown to the guest and e-mailed to them. */
export function guestOrderPath(orderId: string, key: string, locale: Locale): string {
  return `${localizePath(`/orders/${orderId}`, locale)}?key=${key}`;
}

export type GuestOrder = { id: string; totalCents: number; key: string };

/**
 * Places the order for a cart (a browser's, or an unverified account's) as a guest: the cart moves
 * to a new guest, the order is placed as the checkout places any, and its key is made. When placing
 * fails, the cart goes back to where it was and the guest is forgotten.
 */
export async function placeGuestOrder(input: {
  cart: CartOwner;
  guest: unknown;
  locale: Locale;
  delivery: DeliveryChoice;
  now?: Date;
}): Promise<GuestOrder> {
  const checked = validateGuest(input.guest);
  if (!checked.ok) throw new DomainError("checkout.invalid_guest", { fields: checked.errors });
  const guest = checked.value;
  const db = await getDb();
  const source =
    "userId" in input.cart
      ? eq(carts.userId, input.cart.userId)
      : input.cart.token
        ? eq(carts.tokenHash, hashCartToken(input.cart.token))
        : null;
  const [cart] = source ? await db.select().from(carts).where(source) : [];
  if (!cart) throw new DomainError("cart.empty");
  const guestId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id: guestId,
      username: guest.fullName,
      // The real address lives in guest_buyers: users.email is unique, and the guest may sign up with it later.
      email: `guest-${guestId}@guest.invalid`,
    });
    await tx.insert(guestBuyers).values({ userId: guestId, ...guest });
    await tx.update(carts).set({ userId: guestId, tokenHash: null }).where(eq(carts.id, cart.id));
    cartChanged(input.cart);
  });
  let placed: { id: string; totalCents: number };
  try {
    placed = await placeOrderFromCart({
      userId: guestId,
      locale: input.locale,
      delivery: input.delivery,
      now: input.now,
    });
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx.update(carts).set({ userId: cart.userId, tokenHash: cart.tokenHash }).where(eq(carts.id, cart.id));
      await tx.delete(user).where(eq(user.id, guestId));
      cartChanged(input.cart);
    });
    throw error;
  }
  const key = newAccessKey();
  await db.transaction(async (tx) => {
    await tx.insert(orderAccessKeys).values({ orderId: placed.id, keyHash: hashAccessKey(key) });
    await queueMail(
      tx as unknown as Database,
      await orderLinkMail(tx as unknown as Database, guest, placed.id, key, input.locale),
    );
  });
  return { id: placed.id, totalCents: placed.totalCents, key };
}

/** The guest's e-mail with the order's link, queued like the receipt (sent when a mail server is set). */
async function orderLinkMail(db: Database, guest: GuestDetails, orderId: string, key: string, locale: Locale) {
  const orderUrl = new URL(guestOrderPath(orderId, key, locale), config.publicUrl).toString();
  const mail = await composeMail(guestOrderEmail, { name: guest.fullName, orderId, orderUrl }, locale, db);
  return { to: guest.email, orderId, ...mail };
}

/**
 * The address of an order's page for an e-mail to its buyer: a guest's opens by a key of its own
 * (only hashes are kept, so each e-mail gets a new one), an account's by signing in.
 */
export async function orderPageUrlForMail(db: Executor, orderId: string, locale: Locale): Promise<string> {
  const [guest] = await db
    .select({ userId: guestBuyers.userId })
    .from(orders)
    .innerJoin(guestBuyers, eq(guestBuyers.userId, orders.userId))
    .where(eq(orders.id, orderId));
  if (!guest) return new URL(localizePath(`/orders/${orderId}`, locale), config.publicUrl).toString();
  const key = newAccessKey();
  await db.insert(orderAccessKeys).values({ orderId, keyHash: hashAccessKey(key) });
  return new URL(guestOrderPath(orderId, key, locale), config.publicUrl).toString();
}

/** Whether this key opens this order (the hashes are compared, never the order number alone). */
export async function keyOpensOrder(orderId: string, key: unknown): Promise<boolean> {
  if (!looksLikeKey(key) || typeof orderId !== "string") return false;
  const db = await getDb();
  const rows = await db
    .select({ keyHash: orderAccessKeys.keyHash })
    .from(orderAccessKeys)
    .where(eq(orderAccessKeys.orderId, orderId));
  const given = Buffer.from(hashAccessKey(key));
  return rows.some((row) => timingSafeEqual(Buffer.from(row.keyHash), given));
}

/** The cookie that lets this browser pay for the guest order it placed or opened by its link. */
export function guestOrderCookie(orderId: string, key: string, requestUrl: string): string {
  const secure = new URL(requestUrl).protocol === "https:" ? "; Secure" : "";
  const value = `${orderId}.${key}`;
  return `${GUEST_ORDER_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${COOKIE_DAYS * 86_400}${secure}`;
}

/** The guest order of this browser's cookie, with its key, when the key still opens it. */
export async function guestOrderOf(headers: Headers): Promise<{ orderId: string; key: string; userId: string } | null> {
  const value = readCookie(headers.get("cookie"), GUEST_ORDER_COOKIE);
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot <= 0) return null;
  const orderId = value.slice(0, dot);
  const key = value.slice(dot + 1);
  if (orderId.length > 64 || !(await keyOpensOrder(orderId, key))) return null;
  const db = await getDb();
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return order ? { orderId, key, userId: order.userId } : null;
}

/**
 * Once an account has verified its address, the guest orders placed with that address become its
 * own (never before: anyone may type someone else's address at a guest checkout).
 */
export async function joinGuestOrders(userId: string, email: string): Promise<number> {
  const db = await getDb();
  const guests = await db
    .select({ userId: guestBuyers.userId })
    .from(guestBuyers)
    .where(eq(sql`lower(${guestBuyers.email})`, email.toLowerCase()));
  if (guests.length === 0) return 0;
  const moved = await db
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(
      and(
        inArray(
          orders.userId,
          guests.map((g) => g.userId),
        ),
      ),
    )
    .returning({ id: orders.id });
  // One of them may be awaiting payment: the cart's drawer shows it.
  if (moved.length > 0) cartChanged({ userId });
  return moved.length;
}

/** The guest a users row stands for, if it is one (its address and phone, for the receipt and the admin). */
export async function guestBuyerOf(userId: string): Promise<GuestDetails | null> {
  const db = await getDb();
  const [row] = await db.select().from(guestBuyers).where(eq(guestBuyers.userId, userId));
  return row ? { email: row.email, fullName: row.fullName, phone: row.phone } : null;
}
