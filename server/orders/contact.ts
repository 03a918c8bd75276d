import { eq, ilike, or, type SQL } from "drizzle-orm";
import type { ContactDetails } from "../../domain/guest-checkout.ts";
import { isLocale, type Locale } from "../../domain/locale.ts";
import { getDb } from "../db/index.ts";
import { orderContacts, orders } from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";

/**
 * Whom the studio writes to and calls about an order: the order's own record (order_contacts),
 * whoever placed it. Every e-mail, notice, list and export about an order reads it here, and the
 * lists join it with `contactColumns`; nothing reads the account's address for an order.
 */
export type OrderContact = { email: string; fullName: string; phone: string | null; locale: Locale };

/** The buyer as the studio's lists and pages show them (empty when the person had their details erased). */
export type BuyerView = { name: string; email: string; phone: string | null; accountId: string | null };

export function buyerView(row: {
  buyerName: string | null;
  buyerEmail: string | null;
  buyerPhone: string | null;
  userId: string | null;
}): BuyerView {
  return { name: row.buyerName ?? "", email: row.buyerEmail ?? "", phone: row.buyerPhone, accountId: row.userId };
}

/** The columns a list of orders selects, beside `.leftJoin(orderContacts, contactJoin)`. */
export const contactColumns = {
  buyerEmail: orderContacts.email,
  buyerName: orderContacts.fullName,
  buyerPhone: orderContacts.phone,
};
export const contactJoin = eq(orderContacts.orderId, orders.id);

/** The admin's search of orders (list and CSV): by number, or by the buyer's name or e-mail. */
export function orderSearch(q: string): SQL {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(orders.id, pattern), ilike(orderContacts.email, pattern), ilike(orderContacts.fullName, pattern))!;
}

/** The order's contact, or null when the person had it erased (or the order does not exist). */
export async function orderContact(orderId: string): Promise<OrderContact | null> {
  const [row] = await (
    await getDb()
  )
    .select({ ...contactColumns, locale: orders.locale })
    .from(orders)
    .innerJoin(orderContacts, contactJoin)
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return {
    email: row.buyerEmail,
    fullName: row.buyerName,
    phone: row.buyerPhone,
    locale: isLocale(row.locale) ? row.locale : "en",
  };
}

/** An account's contact for an order: its address, and the delivery's name and phone when it has them. */
export function accountContact(
  account: { email: string; username: string },
  delivery: { fullName?: string; phone?: string | null } | null,
): ContactDetails {
  return {
    email: account.email,
    fullName: delivery?.fullName?.trim() || account.username,
    phone: delivery?.phone?.trim() || null,
  };
}

/** Written in the order's own transaction, so that no order is ever without its contact. */
export async function recordOrderContact(tx: Executor, orderId: string, contact: ContactDetails): Promise<void> {
  await tx.insert(orderContacts).values({ orderId, ...contact });
}
