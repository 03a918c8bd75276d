import type { Locale } from "../../domain/locale.ts";
import { orderContact } from "./contact.ts";
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
  const studio = await getStudioSettings();
  return {
    order,
    buyer: { name: contact?.fullName ?? "", email: contact?.email ?? "" },
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
