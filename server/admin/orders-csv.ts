import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { OrderFilter } from "../../domain/order-filters.ts";
import { TAX_CODES } from "../../domain/tax.ts";
import { getDb } from "../db/index.ts";
import { orderContacts, orderDelivery, orders } from "../db/schema.ts";
import { contactColumns, contactJoin, orderSearch } from "../orders/contact.ts";
import { orderFilterConditions } from "./order-filters.ts";
import { log } from "../log.ts";

/**
 * The admin's filtered orders as CSV for the accountant (issue 21, point 5): one row per order,
 * RFC 4180 (CRLF line ends, a field with a comma, quote or line break in double quotes, quotes
 * doubled), prices as plain decimals in dollars that a spreadsheet reads (1234.50, no currency sign
 * or thousands separator). Streamed: the rows are read in pages of BATCH by keyset, so 100,000
 * orders never sit in memory. Every figure is summed by the database.
 */
export const BATCH = 500;

export const CSV_HEADER = [
  "number",
  "date",
  "paid_at",
  "customer",
  "email",
  "phone",
  "status",
  "delivery",
  "subtotal",
  // What the studio's promotions took off the goods and the shipping (decision 080).
  "discount",
  ...TAX_CODES.map((code) => code.toLowerCase()),
  "shipping",
  "total",
  "refunds",
  "currency",
];

/**
 * One field as RFC 4180 wants it. Text a spreadsheet would run as a formula (=, +, -, @, tab, CR
 * first) is kept as text with an apostrophe, at its start and after any character a spreadsheet
 * may split on (a French one splits on ";", others on tabs or "|"); and a field holding one of them
 * is quoted, so that it stays one cell whatever the separator.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string") text = text.replace(/(^|[,;\t|])([=+\-@\t\r])/g, "$1'$2");
  return /[",;\t|\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const studioTime = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Toronto",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as the studio's clock read it (America/Toronto), "2026-03-31 22:30": the days the filters and the tax report use. */
export function studioDateTime(at: Date | null): string {
  if (!at) return "";
  const part = Object.fromEntries(studioTime.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

export function csvRow(fields: (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/** Cents as a plain decimal: 123456 → "1234.56", -5 → "-0.05". */
export function decimal(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function filterConditions(filter: Omit<OrderFilter, "page">): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.q) {
    conditions.push(orderSearch(filter.q));
  }
  return [...conditions, ...orderFilterConditions(filter)];
}

const taxOf = (code: string) =>
  sql<
    string | null
  >`(select sum(t.amount_cents) from order_tax_lines t where t.order_id = ${orders.id} and t.code = ${code})`;

async function batch(filter: Omit<OrderFilter, "page">, after: { at: string; id: string } | null) {
  const db = await getDb();
  const conditions = filterConditions(filter);
  // Newest first, as the list shows them; the cursor is the database's own text of the time (microseconds kept).
  if (after) conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id})`);
  return db
    .select({
      id: orders.id,
      at: sql<string>`${orders.createdAt}::text`,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      ...contactColumns,
      status: orders.status,
      method: orderDelivery.method,
      subtotalCents: orderDelivery.subtotalCents,
      discountCents: orders.discountCents,
      shippingCents: orderDelivery.shippingCents,
      totalCents: orders.totalCents,
      currency: orders.currency,
      refundedCents: sql<string>`(select coalesce(sum(r.amount_cents), 0) from refunds r where r.order_id = ${orders.id} and r.status = 'succeeded')`,
      ...Object.fromEntries(TAX_CODES.map((code) => [`tax_${code}`, taxOf(code)])),
    })
    .from(orders)
    .leftJoin(orderContacts, contactJoin)
    .leftJoin(orderDelivery, eq(orderDelivery.orderId, orders.id))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(BATCH);
}

/**
 * The CSV as a stream of UTF-8 bytes (a byte-order mark first, so that spreadsheets read accents
 * right). The first page of rows is read before the stream is handed back, so that a failure there
 * is an ordinary error answer; a later failure ends the stream with words of our own, never the
 * database's (the HTTP server writes a failed stream's message into the response).
 */
export async function ordersCsvStream(filter: Omit<OrderFilter, "page">): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let after: { at: string; id: string } | null = null;
  let started = false;
  let done = false;
  let first: Awaited<ReturnType<typeof batch>> | null = await batch(filter, after);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\ufeff${csvRow(CSV_HEADER)}`));
        return;
      }
      if (done) return controller.close();
      let rows;
      try {
        rows = first ?? (await batch(filter, after));
      } catch (error) {
        log().error({ err: error }, "The orders export stopped before its end");
        return controller.error(new Error("The export stopped before its end"));
      }
      first = null;
      if (rows.length < BATCH) done = true;
      const last = rows.at(-1);
      if (last) after = { at: last.at, id: last.id };
      const text = rows
        .map((row) => {
          const taxes = row as unknown as Record<string, string | null>;
          return csvRow([
            row.id,
            studioDateTime(row.createdAt),
            studioDateTime(row.paidAt),
            row.buyerName,
            row.buyerEmail,
            row.buyerPhone,
            row.status,
            row.method ?? "",
            decimal(row.subtotalCents),
            decimal(row.method ? row.discountCents : null),
            ...TAX_CODES.map((code) =>
              taxes[`tax_${code}`] === null ? decimal(0) : decimal(Number(taxes[`tax_${code}`])),
            ),
            decimal(row.method ? row.shippingCents : null),
            decimal(row.totalCents),
            decimal(Number(row.refundedCents)),
            row.currency,
          ]);
        })
        .join("");
      if (text) controller.enqueue(encoder.encode(text));
      if (done) controller.close();
    },
  });
}
