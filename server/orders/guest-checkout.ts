import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { validateGuest, type GuestDetails } from "../../domain/guest-checkout.ts";
import { localizePath, type Locale } from "../../domain/locale.ts";
import { readCookie } from "../../domain/preferences.ts";
import type { CartOwner } from "../cart/cart.ts";
import { cartChanged } from "../cart/cart-cache.ts";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { orderAccessKeys, orderContacts, orders, quotes } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { queueMail } from "../mail/outbox.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { guestOrderEmail } from "../mail/emails/templates.ts";
import type { Executor } from "../db/transaction.ts";
import { placeOrderFromCart, type DeliveryChoice } from "./place-from-cart.ts";

/**
 * Guest checkout (DESIGN.md: guest orders carry an access key). A guest is no user: their order
 * belongs to no account, keeps the details they typed as its contact (contact.ts), and opens only
 * through its access key, 256 random bits of which the database keeps the sha256. The browser
 * keeps the key in an HttpOnly cookie so the payment pages work as for a signed-in buyer.
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
 * Places the order for a cart (a browser's, or an account's not yet verified) as a guest's, in one
 * step: the order, its contact, its key and the e-mail with its link are written in one
 * transaction, so a crash leaves either no order or one whose link works. The cart stays the
 * browser's (paying takes the order's lines out of it); a second submit resumes the same order.
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
  const key = newAccessKey();
  const placed = await placeOrderFromCart({
    userId: null,
    cart: input.cart,
    contact: guest,
    locale: input.locale,
    delivery: input.delivery,
    now: input.now,
    onPlaced: async (tx, order) => {
      await tx.insert(orderAccessKeys).values({ orderId: order.id, keyHash: hashAccessKey(key) });
      await queueMail(tx, await orderLinkMail(tx, guest, order.id, key, input.locale));
    },
  });
  return { id: placed.id, totalCents: placed.totalCents, key };
}

/** The guest's e-mail with the order's link, queued like the receipt (sent when a mail server is set). */
async function orderLinkMail(db: Executor, guest: GuestDetails, orderId: string, key: string, locale: Locale) {
  const orderUrl = new URL(guestOrderPath(orderId, key, locale), config.publicUrl).toString();
  const mail = await composeMail(guestOrderEmail, { name: guest.fullName, orderId, orderUrl }, locale, db);
  return { to: guest.email, orderId, ...mail };
}

/**
 * The address of an order's page for an e-mail to its buyer: a guest's opens by a key of its own
 * (only hashes are kept, so each e-mail gets a new one), an account's by signing in.
 */
export async function orderPageUrlForMail(db: Executor, orderId: string, locale: Locale): Promise<string> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (order?.userId) return new URL(localizePath(`/orders/${orderId}`, locale), config.publicUrl).toString();
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
export async function guestOrderOf(
  headers: Headers,
): Promise<{ orderId: string; key: string; userId: string | null } | null> {
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
 * own (never before: anyone may type someone else's address at a guest checkout). Their contact
 * stays as the guest gave it: the studio writes where it was asked to.
 */
export async function joinGuestOrders(userId: string, email: string): Promise<number> {
  const db = await getDb();
  const moved = await db
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(
      and(
        isNull(orders.userId),
        inArray(
          orders.id,
          db
            .select({ id: orderContacts.orderId })
            .from(orderContacts)
            .where(eq(sql`lower(${orderContacts.email})`, email.toLowerCase())),
        ),
      ),
    )
    .returning({ id: orders.id });
  if (moved.length === 0) return 0;
  // Their custom parts join the account's prints with them.
  await db
    .update(quotes)
    .set({ userId, browserHash: null, updatedAt: new Date() })
    .where(
      and(
        isNull(quotes.userId),
        inArray(
          quotes.orderId,
          moved.map((order) => order.id),
        ),
      ),
    );
  // One of them may be awaiting payment: the cart's drawer shows it.
  cartChanged({ userId });
  return moved.length;
}
