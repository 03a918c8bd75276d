import type { Locale } from "../../domain/locale.ts";
import { orderContact } from "./contact.ts";
import { eq } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orders, refunds } from "../db/schema.ts";
import { orderRefunds } from "./refunds.ts";
import { currentSeller } from "./seller.ts";
import type { Seller } from "../../domain/seller.ts";
import { loadOrderDelivery } from "./fulfilment.ts";
import { loadOrder, type OrderView } from "./queries.ts";

/**
 * What the printable invoice and packing slip show (decision 029): the order as placed, its
 * delivery and taxes, the buyer, and the studio's legal name, address and registration numbers.
 * Only paid orders have an invoice; only the buyer and admins see it. A studio without registration
 * numbers (a new install) has its invoice say so.
 */
export async function printableOrder(
  orderId: string,
  /** Who asks; null for whoever opened the order by its key (checked before). */
  viewer: { id: string; role: string } | null,
  locale: Locale,
) {
  const order: OrderView | null = await loadOrder(orderId);
  if (!order || !order.paidAt) return null;
  if (viewer && order.userId !== viewer.id && viewer.role !== "admin") return null;
  const contact = await orderContact(orderId);
  return {
    order,
    buyer: { name: contact?.fullName ?? "", email: contact?.email ?? "" },
    delivery: await loadOrderDelivery(orderId, locale),
    // As it was when the order was paid; an order paid before that was kept shows the studio now.
    studio: (await sellerOf(orderId)) ?? (await currentSeller()),
    refunds: await orderRefunds(orderId, locale),
    givenBack: await unitsGivenBack(orderId),
  };
}

/**
 * Units of each line given back (or being given back) by a refund: the packing slip lists what is
 * left to hand over, so that a packer never ships a refunded unit.
 */
async function unitsGivenBack(orderId: string): Promise<Record<number, number>> {
  const rows = await (await getDb()).select({ lines: refunds.lines }).from(refunds).where(eq(refunds.orderId, orderId));
  const given: Record<number, number> = {};
  for (const line of rows.flatMap((row) => row.lines))
    given[line.orderLineId] = (given[line.orderLineId] ?? 0) + line.quantity;
  return given;
}

async function sellerOf(orderId: string): Promise<Seller | null> {
  const [row] = await (await getDb()).select({ seller: orders.seller }).from(orders).where(eq(orders.id, orderId));
  return row?.seller ?? null;
}
