import { count, eq, isNull } from "drizzle-orm";
import { getDb, tables } from "../db/index.ts";

export type AdminOverview = {
  items: number;
  categories: number;
  pendingOrders: number;
  paidOrders: number;
  unreadMessages: number;
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
  };
}
