import { eq } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orders } from "../db/schema.ts";
import { keyOpensOrder } from "../orders/access-keys.ts";

/**
 * Who is in an order's conversation (decision 081): its buyer (the signed-in owner of the order, or
 * the holder of one of its keys, a guest) and the studio (any staff member, who writes as the
 * studio). Nobody else may read or write it; to them it is an order that does not exist.
 */
export type Party = { side: "buyer" } | { side: "studio"; staffUserId: string };

/** The signed-in person (if any) and the key they gave (if any). */
export type Visitor = { user: { id: string; role: string } | null; key: unknown };

/** The buyer's side of the order's conversation, or null when this visitor is not its buyer. */
export async function buyerParty(orderId: string, visitor: Visitor): Promise<Party | null> {
  if (typeof orderId !== "string" || orderId.length > 64) return null;
  if (visitor.key !== null && visitor.key !== undefined)
    return (await keyOpensOrder(orderId, visitor.key)) ? { side: "buyer" } : null;
  if (!visitor.user) return null;
  const db = await getDb();
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return order?.userId === visitor.user.id ? { side: "buyer" } : null;
}

/** The studio's side of the order's conversation, or null when this visitor is not staff or the order does not exist. */
export async function studioParty(orderId: string, visitor: Visitor): Promise<Party | null> {
  if (visitor.user?.role !== "admin" || typeof orderId !== "string" || orderId.length > 64) return null;
  const db = await getDb();
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return order ? { side: "studio", staffUserId: visitor.user.id } : null;
}
