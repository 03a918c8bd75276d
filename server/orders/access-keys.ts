import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { localizePath, type Locale } from "../../domain/locale.ts";
import { readCookie } from "../../domain/preferences.ts";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { orderAccessKeys, orders } from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";

/**
 * A guest's order opens by its access key: 256 random bits, of which the database keeps only the
 * sha256 (DESIGN.md: guest orders carry an access key). The browser that placed the order, or
 * opened its link, keeps the key in an HttpOnly cookie so the payment pages work as for a
 * signed-in buyer.
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
