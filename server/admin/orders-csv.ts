import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { OrderFilter } from "../../domain/order-filters.ts";
import { TAX_CODES } from "../../domain/tax.ts";
import { getDb } from "../db/index.ts";
import { orderDelivery, orders, user } from "../db/schema.ts";
import { orderFilterConditions } from "./order-filters.ts";

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
  "customer",
  "email",
  "status",
  "delivery",
  "subtotal",
  ...TAX_CODES.map((code) => code.toLowerCase()),
  "shipping",
  "total",
  "refunds",
  "currency",
];

/** One field as RFC 4180 wants it; text a spreadsheet would run as a formula (=, +, -, @) is kept as text with a leading apostrophe. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(orders.id, pattern), ilike(user.email, pattern), ilike(user.username, pattern))!);
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
      username: user.username,
      email: user.email,
      status: orders.status,
      method: orderDelivery.method,
      subtotalCents: orderDelivery.subtotalCents,
      shippingCents: orderDelivery.shippingCents,
      totalCents: orders.totalCents,
      currency: orders.currency,
      refundedCents: sql<string>`(select coalesce(sum(r.amount_cents), 0) from refunds r where r.order_id = ${orders.id} and r.status = 'succeeded')`,
      ...Object.fromEntries(TAX_CODES.map((code) => [`tax_${code}`, taxOf(code)])),
    })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .leftJoin(orderDelivery, eq(orderDelivery.orderId, orders.id))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(BATCH);
}

/** The CSV as a stream of UTF-8 bytes (a byte-order mark first, so that spreadsheets read accents right). */
export function ordersCsvStream(filter: Omit<OrderFilter, "page">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { at: string; id: string } | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\ufeff${csvRow(CSV_HEADER)}`));
        return;
      }
      if (done) return controller.close();
      const rows = await batch(filter, after);
      if (rows.length < BATCH) done = true;
      const last = rows.at(-1);
      if (last) after = { at: last.at, id: last.id };
      const text = rows
        .map((row) => {
          const taxes = row as unknown as Record<string, string | null>;
          return csvRow([
            row.id,
            row.createdAt.toISOString(),
            row.username,
            row.email,
            row.status,
            row.method ?? "",
            decimal(row.subtotalCents),
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
