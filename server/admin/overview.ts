import { and, count, eq, gt, isNull } from "drizzle-orm";
import { config } from "../config.ts";
import { getDb, tables } from "../db/index.ts";

export type AdminOverview = {
  items: number;
  categories: number;
  pendingOrders: number;
  paidOrders: number;
  unreadMessages: number;
  /** The outbox: whether e-mail can leave at all, and what waits (failing = tried and not sent yet). */
  mail: { configured: boolean; waiting: number; failing: number };
};

export async function adminOverview(): Promise<AdminOverview> {
  const db = await getDb();
  const countOf = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;
  return {
    items: await countOf(db.select({ value: count() }).from(tables.inventoryItems)),
    categories: await countOf(db.select({ value: count() }).from(tables.categories)),
    pendingOrders: await countOf(
      db.select({ value: count() }).from(tables.orders).where(eq(tables.orders.status, "pending")),
    ),
    paidOrders: await countOf(
      db.select({ value: count() }).from(tables.orders).where(eq(tables.orders.status, "paid")),
    ),
    unreadMessages: await countOf(
      db.select({ value: count() }).from(tables.contactMessages).where(isNull(tables.contactMessages.readAt)),
    ),
    mail: {
      configured: Boolean(config.smtpUrl),
      waiting: await countOf(
        db.select({ value: count() }).from(tables.outbox).where(eq(tables.outbox.status, "pending")),
      ),
      failing: await countOf(
        db
          .select({ value: count() })
          .from(tables.outbox)
          .where(and(eq(tables.outbox.status, "pending"), gt(tables.outbox.attempts, 0))),
      ),
    },
  };
}
