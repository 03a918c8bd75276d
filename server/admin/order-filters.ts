import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { OrderFilter } from "../../domain/order-filters.ts";
import { orderDelivery, orders } from "../db/schema.ts";
import { studioMidnight } from "../orders/tax-report.ts";

/** The day after a studio day, as YYYY-MM-DD. */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The conditions on `orders` that issue 21's filters add to the admin's order list and export:
 * placed (or paid) from a studio day to another (inclusive, America/Toronto), and delivered or picked up.
 */
export function orderFilterConditions(
  filter: Pick<OrderFilter, "from" | "to" | "paidFrom" | "paidTo" | "method">,
): SQL[] {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(gte(orders.createdAt, studioMidnight(filter.from)));
  if (filter.to) conditions.push(lt(orders.createdAt, studioMidnight(nextDay(filter.to))));
  // Paid in a period as the tax report counts it (a refunded order was paid too).
  if (filter.paidFrom) conditions.push(gte(orders.paidAt, studioMidnight(filter.paidFrom)));
  if (filter.paidTo) conditions.push(lt(orders.paidAt, studioMidnight(nextDay(filter.paidTo))));
  if (filter.method) {
    conditions.push(
      sql`exists (select 1 from ${orderDelivery} where ${and(eq(orderDelivery.orderId, orders.id), eq(orderDelivery.method, filter.method))})`,
    );
  }
  return conditions;
}
