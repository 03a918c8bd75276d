import { eq, sql } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import { getDb } from "../db/index.ts";
import { guestBuyers, user } from "../db/schema.ts";
import { getStudioSettings } from "../settings/shop-settings.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";
import { loadOrderDelivery } from "./fulfilment.ts";
import { loadOrder, type OrderView } from "./queries.ts";

/**
 * What the printable invoice and packing slip show (decision 029): the order as placed, its
 * delivery and taxes, the buyer, and the studio's legal name, address and registration numbers.
 * Only paid orders have an invoice; only the buyer and admins see it. A studio without registration
 * numbers (a new install) has its invoice say so.
 */
export async function printableOrder(orderId: string, viewer: { id: string; role: string }, locale: Locale) {
  const order: OrderView | null = await loadOrder(orderId);
  if (!order || !order.paidAt) return null;
  if (order.userId !== viewer.id && viewer.role !== "admin") return null;
  const db = await getDb();
  const [buyer] = await db
    .select({ username: user.username, email: sql<string>`coalesce(${guestBuyers.email}, ${user.email})` })
    .from(user)
    .leftJoin(guestBuyers, eq(guestBuyers.userId, user.id))
    .where(eq(user.id, order.userId));
  const studio = await getStudioSettings();
  return {
    order,
    buyer: buyer ?? { username: "", email: "" },
    delivery: await loadOrderDelivery(orderId, locale),
    studio: {
      // Until the owner gives a legal name, the studio's public name; never another studio's.
      legalName: studio.legalName || (await getStudioIdentity()).name,
      province: studio.province,
      address: studio.pickupAddress,
      gstHstNumber: studio.gstHstNumber,
      qstNumber: studio.qstNumber,
    },
  };
}
