import { sql, type SQL } from "drizzle-orm";
import { previousPeriod, type DashboardRange } from "../../domain/dashboard-range.ts";
import { LOW_STOCK } from "../../domain/inventory.ts";
import { getDb } from "../db/index.ts";
import { studioMidnight } from "../orders/tax-report.ts";
import { productionQueue } from "../quotes/production-queue.ts";
import { getProductionCapacity } from "../settings/shop-settings.ts";
import { printingDays } from "../../domain/lead-time.ts";

/**
 * The owner's dashboard. Each figure is one aggregate query in the database (no rows summed in
 * JavaScript), on the studio's days (America/Toronto): `npm run bench:admin` times each one on
 * 10,000 orders.
 */

const ZONE = "America/Toronto";

export type SalesPoint = { start: string; salesCents: number; orders: number; refundedCents: number };
export type SalesTotals = {
  salesCents: number;
  orders: number;
  refundedCents: number;
  previousSalesCents: number;
  previousOrders: number;
};
export type TaxCollected = { code: string; collectedCents: number; refundedCents: number; netCents: number };
export type OrderToFulfil = {
  id: string;
  paidAt: string;
  ageHours: number;
  totalCents: number;
  method: string | null;
  buyer: string;
};
export type QuoteFunnel = {
  requested: number;
  priced: number;
  ordered: number;
  declined: number;
  waitingForReview: number;
};
/** `workingDays`: about how many of the studio's working days the queue takes its printers (Admin → Settings, production capacity). */
export type ProductionLoad = { parts: number; printerHours: number; partsWithoutTime: number; workingDays: number };
export type LowStockItem = { id: string; slug: string; name: { en: string; fr?: string }; available: number };

async function rows<T>(query: SQL): Promise<T[]> {
  const db = await getDb();
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** [start, end) instants of studio days `from`..`to` (both included). */
function instants(from: string, to: string): { start: Date; end: Date } {
  const next = new Date(studioMidnight(to).getTime() + 36 * 3_600_000).toISOString().slice(0, 10);
  return { start: studioMidnight(from), end: studioMidnight(next) };
}

const int = (value: unknown) => Number(value ?? 0);

/** Sales (orders paid, by the day they were paid), their count and the refunds made, per point of the chart. */
export async function salesSeries(range: DashboardRange): Promise<SalesPoint[]> {
  const { start, end } = instants(range.from, range.to);
  const unit = sql.raw(`'${range.bucket}'`);
  const step = sql.raw(`'1 ${range.bucket}'`);
  const result = await rows<{ start: string; sales: string; orders: string; refunded: string }>(sql`
    with sold as (
      select date_trunc(${unit}, paid_at at time zone ${ZONE}) as bucket, sum(total_cents) as cents, count(*) as n
      from orders where paid_at >= ${start.toISOString()} and paid_at < ${end.toISOString()}
      group by 1
    ), given as (
      select date_trunc(${unit}, succeeded_at at time zone ${ZONE}) as bucket, sum(amount_cents) as cents
      from refunds where status = 'succeeded' and succeeded_at >= ${start.toISOString()} and succeeded_at < ${end.toISOString()}
      group by 1
    )
    select to_char(b, 'YYYY-MM-DD') as start, coalesce(sold.cents, 0) as sales, coalesce(sold.n, 0) as orders, coalesce(given.cents, 0) as refunded
    from generate_series(date_trunc(${unit}, ${range.from}::timestamp), date_trunc(${unit}, ${range.to}::timestamp), ${step}::interval) as b
    left join sold on sold.bucket = b
    left join given on given.bucket = b
    order by b`);
  return result.map((row) => ({
    start: row.start,
    salesCents: int(row.sales),
    orders: int(row.orders),
    refundedCents: int(row.refunded),
  }));
}

/** The period's sales, orders and refunds beside the previous period's of the same length. */
export async function salesTotals(range: DashboardRange): Promise<SalesTotals> {
  const now = instants(range.from, range.to);
  const previous = previousPeriod(range);
  const before = instants(previous.from, previous.to);
  const [row] = await rows<Record<string, string>>(sql`
    select
      coalesce(sum(total_cents) filter (where paid_at >= ${now.start.toISOString()}), 0) as sales,
      count(*) filter (where paid_at >= ${now.start.toISOString()}) as orders,
      coalesce(sum(total_cents) filter (where paid_at < ${now.start.toISOString()}), 0) as previous_sales,
      count(*) filter (where paid_at < ${now.start.toISOString()}) as previous_orders,
      (select coalesce(sum(amount_cents), 0) from refunds where status = 'succeeded' and succeeded_at >= ${now.start.toISOString()} and succeeded_at < ${now.end.toISOString()}) as refunded
    from orders where paid_at >= ${before.start.toISOString()} and paid_at < ${now.end.toISOString()}`);
  return {
    salesCents: int(row!.sales),
    orders: int(row!.orders),
    refundedCents: int(row!.refunded),
    previousSalesCents: int(row!.previous_sales),
    previousOrders: int(row!.previous_orders),
  };
}

/** Each tax collected on orders paid in the period, less what refunds made in the period gave back. */
export async function taxesCollected(range: DashboardRange): Promise<TaxCollected[]> {
  const { start, end } = instants(range.from, range.to);
  const result = await rows<{ code: string; collected: string; refunded: string }>(sql`
    select code, sum(collected) as collected, sum(refunded) as refunded from (
      select t.code, t.amount_cents as collected, 0 as refunded
      from order_tax_lines t join orders o on o.id = t.order_id
      where o.paid_at >= ${start.toISOString()} and o.paid_at < ${end.toISOString()}
      union all
      select tax->>'code', 0, (tax->>'amountCents')::bigint
      from refunds r, jsonb_array_elements(r.taxes) as tax
      where r.status = 'succeeded' and r.succeeded_at >= ${start.toISOString()} and r.succeeded_at < ${end.toISOString()}
    ) as lines
    group by code order by code`);
  return result.map((row) => ({
    code: row.code,
    collectedCents: int(row.collected),
    refundedCents: int(row.refunded),
    netCents: int(row.collected) - int(row.refunded),
  }));
}

/** Paid orders waiting to be shipped or picked up, oldest first, with their age. */
export async function ordersToFulfil(
  limit = 20,
  now = new Date(),
): Promise<{ count: number; orders: OrderToFulfil[] }> {
  const result = await rows<{
    id: string;
    paid_at: string | Date;
    total_cents: number;
    method: string | null;
    buyer: string;
    waiting: string;
  }>(sql`
    select o.id, o.paid_at, o.total_cents, d.method, u.email as buyer, count(*) over () as waiting
    from orders o left join order_delivery d on d.order_id = o.id join users u on u.id = o.user_id
    where o.status = 'paid'
    order by o.paid_at asc nulls last, o.id
    limit ${limit}`);
  return {
    count: int(result[0]?.waiting),
    orders: result.map((row) => {
      const paidAt = new Date(row.paid_at);
      return {
        id: row.id,
        paidAt: paidAt.toISOString(),
        ageHours: Math.max(0, Math.floor((now.getTime() - paidAt.getTime()) / 3_600_000)),
        totalCents: int(row.total_cents),
        method: row.method,
        buyer: row.buyer,
      };
    }),
  };
}

/** Quotes asked for in the period: how many got a price, became orders, were declined or wait for a person. */
export async function quoteFunnel(range: DashboardRange): Promise<QuoteFunnel> {
  const { start, end } = instants(range.from, range.to);
  const [row] = await rows<Record<string, string>>(sql`
    select count(*) as requested,
      count(*) filter (where unit_cents is not null) as priced,
      count(*) filter (where status in ('accepted', 'ordered', 'cancelled')) as ordered,
      count(*) filter (where status = 'declined') as declined,
      count(*) filter (where status = 'needs_review') as waiting
    from quotes where created_at >= ${start.toISOString()} and created_at < ${end.toISOString()}`);
  return {
    requested: int(row!.requested),
    priced: int(row!.priced),
    ordered: int(row!.ordered),
    declined: int(row!.declined),
    waitingForReview: int(row!.waiting),
  };
}

/** The paid parts not finished yet, in printer hours (the slicer's time × the quantity). */
export async function productionLoad(): Promise<ProductionLoad> {
  const queue = await productionQueue();
  const { printers, hoursPerDay } = await getProductionCapacity();
  return {
    parts: queue.parts,
    printerHours: Math.round((queue.seconds / 3600) * 10) / 10,
    partsWithoutTime: queue.partsWithoutTime,
    workingDays: queue.seconds > 0 ? printingDays(queue.seconds, printers, hoursPerDay) : 0,
  };
}

/** Items buyers can get few of (on the shelf less held), fewest first. */
export async function lowStock(threshold = LOW_STOCK, limit = 20): Promise<LowStockItem[]> {
  const result = await rows<{
    id: string;
    slug: string;
    translations: { en: { name: string }; fr?: { name: string } };
    available: string;
  }>(sql`
    select id, slug, translations, stock - held as available
    from inventory_items where stock - held <= ${threshold}
    order by stock - held asc, slug limit ${limit}`);
  return result.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: { en: row.translations.en.name, fr: row.translations.fr?.name },
    available: int(row.available),
  }));
}

export type Dashboard = {
  range: DashboardRange;
  series: SalesPoint[];
  totals: SalesTotals;
  taxes: TaxCollected[];
  toFulfil: { count: number; orders: OrderToFulfil[] };
  funnel: QuoteFunnel;
  production: ProductionLoad;
  lowStock: LowStockItem[];
};

export async function dashboard(range: DashboardRange): Promise<Dashboard> {
  return {
    range,
    series: await salesSeries(range),
    totals: await salesTotals(range),
    taxes: await taxesCollected(range),
    toFulfil: await ordersToFulfil(),
    funnel: await quoteFunnel(range),
    production: await productionLoad(),
    lowStock: await lowStock(),
  };
}
