import { and, eq, gte, isNotNull, lt } from "drizzle-orm";
import { isCalendarDay } from "../../domain/calendar-day.ts";
import { getDb } from "../db/index.ts";
import { orders, orderTaxLines, refunds } from "../db/schema.ts";

/**
 * The studio's sales-tax report for a period (decision 029): per tax and jurisdiction, the taxable
 * amount and the tax collected on orders paid in the period, less the taxes refunds made in the
 * period gave back (the refunds table, decision 035). Days are the studio's (America/Toronto).
 */
export type TaxReportRow = {
  code: string;
  jurisdiction: string;
  taxableCents: number;
  taxCents: number;
  refundedTaxableCents: number;
  refundedTaxCents: number;
  netTaxableCents: number;
  netTaxCents: number;
};

/** Midnight of a studio day, as an instant (Eastern time, daylight saving included). */
export function studioMidnight(day: string): Date {
  const guess = new Date(`${day}T05:00:00Z`);
  const hour = Number(
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto", hour: "2-digit", hourCycle: "h23" }).format(guess),
  );
  return new Date(guess.getTime() - hour * 3_600_000);
}

export function isReportPeriod(from: string, to: string): boolean {
  return isCalendarDay(from) && isCalendarDay(to) && from <= to;
}

export async function taxReport(from: string, to: string): Promise<TaxReportRow[]> {
  if (!isReportPeriod(from, to)) throw new RangeError("from and to are days (YYYY-MM-DD), from ≤ to");
  const start = studioMidnight(from);
  const end = new Date(studioMidnight(to).getTime() + 36 * 3_600_000);
  const endOfTo = studioMidnight(end.toISOString().slice(0, 10));
  const db = await getDb();
  const sold = await db
    .select({
      code: orderTaxLines.code,
      jurisdiction: orderTaxLines.jurisdiction,
      base: orderTaxLines.taxableBaseCents,
      amount: orderTaxLines.amountCents,
    })
    .from(orderTaxLines)
    .innerJoin(orders, eq(orders.id, orderTaxLines.orderId))
    .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, start), lt(orders.paidAt, endOfTo)));
  // What was given back, on the day the provider made it: each refund's own tax lines (late payments returned never counted as sales).
  const given = await db
    .select({ taxes: refunds.taxes })
    .from(refunds)
    .where(and(eq(refunds.status, "succeeded"), gte(refunds.succeededAt, start), lt(refunds.succeededAt, endOfTo)));
  const rows = new Map<string, TaxReportRow>();
  const row = (code: string, jurisdiction: string) => {
    const key = `${code}-${jurisdiction}`;
    let found = rows.get(key);
    if (!found) {
      found = {
        code,
        jurisdiction,
        taxableCents: 0,
        taxCents: 0,
        refundedTaxableCents: 0,
        refundedTaxCents: 0,
        netTaxableCents: 0,
        netTaxCents: 0,
      };
      rows.set(key, found);
    }
    return found;
  };
  for (const line of sold) {
    const r = row(line.code, line.jurisdiction);
    r.taxableCents += line.base;
    r.taxCents += line.amount;
  }
  for (const line of given.flatMap((refund) => refund.taxes)) {
    const r = row(line.code, line.jurisdiction);
    r.refundedTaxableCents += line.taxableCents;
    r.refundedTaxCents += line.amountCents;
  }
  const order = ["GST", "HST", "QST", "PST"];
  return [...rows.values()]
    .map((r) => ({
      ...r,
      netTaxableCents: r.taxableCents - r.refundedTaxableCents,
      netTaxCents: r.taxCents - r.refundedTaxCents,
    }))
    .sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code) || a.jurisdiction.localeCompare(b.jurisdiction));
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The report as CSV (amounts in dollars with a point, as spreadsheets and the returns expect). */
export function taxReportCsv(rows: TaxReportRow[]): string {
  const header =
    "tax,jurisdiction,taxable_amount,tax_collected,refunded_taxable_amount,tax_refunded,net_taxable_amount,net_tax";
  const lines = rows.map((r) =>
    [
      r.code,
      r.jurisdiction,
      dollars(r.taxableCents),
      dollars(r.taxCents),
      dollars(r.refundedTaxableCents),
      dollars(r.refundedTaxCents),
      dollars(r.netTaxableCents),
      dollars(r.netTaxCents),
    ].join(","),
  );
  return [header, ...lines].join("\r\n") + "\r\n";
}
