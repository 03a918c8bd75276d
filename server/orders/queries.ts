import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { isSafeId } from "../http/safe-id.ts";
import {
  ORDER_STATUSES,
  orderContacts,
  orderEvents,
  orderLines,
  orders,
  payments,
  user,
  type OrderStatus,
} from "../db/schema.ts";
import { orderFilterConditions } from "../admin/order-filters.ts";
import { buyerView, contactColumns, contactJoin, orderSearch, type BuyerView } from "./contact.ts";
import type { OrderEventView } from "../../domain/order-events.ts";
import type { OrderFilter } from "../../domain/order-filters.ts";

export type OrderLineView = {
  id: number;
  itemId: string | null;
  itemSlug: string;
  name: { en: string; fr: string };
  unitPriceCents: number;
  quantity: number;
  /** The quote of a custom print's line. */
  quoteId: string | null;
};

export type OrderView = {
  id: string;
  /** The account it belongs to; null for a guest's order. */
  userId: string | null;
  status: OrderStatus;
  totalCents: number;
  currency: string;
  locale: string;
  paymentReference: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  reservedUntil: string | null;
  lines: OrderLineView[];
};

type OrderRow = typeof orders.$inferSelect;

function view(order: OrderRow, lines: (typeof orderLines.$inferSelect)[]): OrderView {
  return {
    id: order.id,
    userId: order.userId,
    status: order.status,
    totalCents: order.totalCents,
    currency: order.currency,
    locale: order.locale,
    paymentReference: order.paymentReference,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    reservedUntil: order.reservedUntil?.toISOString() ?? null,
    lines: lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      itemSlug: l.itemSlug,
      name: l.itemName,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      quoteId: l.quoteId,
    })),
  };
}

export async function loadOrder(orderId: string): Promise<OrderView | null> {
  if (!isSafeId(orderId)) return null;
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  return view(order, lines);
}

/** Who may see an order: its owner or an admin. */
export function mayViewOrder(order: Pick<OrderView, "userId">, viewer: { id: string; role: string }): boolean {
  return order.userId === viewer.id || viewer.role === "admin";
}

/** The order for its owner or an admin; null (shown as not found) for anyone else. */
export async function orderForViewer(orderId: string, viewer: { id: string; role: string }): Promise<OrderView | null> {
  const order = await loadOrder(orderId);
  return order && mayViewOrder(order, viewer) ? order : null;
}

/**
 * Who pays: a signed-in buyer for their own orders, and whoever holds a guest order's key (its link
 * or this browser's cookie) for that one order (an account not yet verified buys as a guest: both).
 */
export type Payer = { userId: string | null; guestOrderId: string | null };

/** The account a payer acts as in the order's history (none for a guest). */
export const payerAccount = (payer: Payer): string | null => payer.userId;

/** Only the owner (the payment page and payment calls: an admin does not pay for someone else). */
export async function orderForOwner(orderId: string, payer: Payer): Promise<OrderView | null> {
  const order = await loadOrder(orderId);
  if (!order) return null;
  const owns = (payer.userId !== null && order.userId === payer.userId) || order.id === payer.guestOrderId;
  return owns ? order : null;
}

// Written out in full: drizzle leaves column names unqualified in single-table selects.
const ITEM_COUNT = sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`;

export type OrderSummary = {
  id: string;
  status: OrderStatus;
  totalCents: number;
  currency: string;
  createdAt: string;
  itemCount: number;
};

/** The user's orders, newest first. */
export async function listOrdersForUser(userId: string, limit = 50): Promise<OrderSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalCents: orders.totalCents,
      currency: orders.currency,
      createdAt: orders.createdAt,
      itemCount: ITEM_COUNT,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount), createdAt: r.createdAt.toISOString() }));
}

// Admin
export const ADMIN_PAGE_SIZE = 25;

export type AdminOrderRow = OrderSummary & { buyer: BuyerView };

export function parseStatus(value: string | null | undefined): OrderStatus | null {
  return ORDER_STATUSES.includes(value as OrderStatus) ? (value as OrderStatus) : null;
}

export async function listOrdersForAdmin(
  filter: { status?: OrderStatus | null; q?: string; page?: number } & Pick<
    OrderFilter,
    "from" | "to" | "paidFrom" | "paidTo" | "method"
  >,
) {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  const q = filter.q?.trim().slice(0, 100);
  if (q) {
    conditions.push(orderSearch(q));
  }
  conditions.push(...orderFilterConditions(filter));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = (await db
    .select({ total: count() })
    .from(orders)
    .leftJoin(orderContacts, contactJoin)
    .where(where)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(Number(total) / ADMIN_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filter.page ?? 1)), pages);
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalCents: orders.totalCents,
      currency: orders.currency,
      createdAt: orders.createdAt,
      userId: orders.userId,
      ...contactColumns,
      itemCount: ITEM_COUNT,
    })
    .from(orders)
    .leftJoin(orderContacts, contactJoin)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return {
    orders: rows.map<AdminOrderRow>((r) => ({
      id: r.id,
      status: r.status,
      totalCents: r.totalCents,
      currency: r.currency,
      createdAt: r.createdAt.toISOString(),
      itemCount: Number(r.itemCount),
      buyer: buyerView(r),
    })),
    total: Number(total),
    page,
    pages,
  };
}

export type AdminOrderDetail = OrderView & {
  buyer: BuyerView;
  events: OrderEventView[];
  payments: {
    id: string;
    provider: string;
    status: string;
    amountCents: number;
    currency: string;
    failureReason: string | null;
    /** The card it was paid with, when the provider said. */
    card: { brand: string | null; last4: string } | null;
    createdAt: string;
  }[];
};

export async function orderDetailForAdmin(orderId: string): Promise<AdminOrderDetail | null> {
  const order = await loadOrder(orderId);
  if (!order) return null;
  const db = await getDb();
  const [buyer] = await db
    .select({ userId: orders.userId, ...contactColumns })
    .from(orders)
    .leftJoin(orderContacts, contactJoin)
    .where(eq(orders.id, orderId));
  const events = await db
    .select({
      id: orderEvents.id,
      status: orderEvents.status,
      reason: orderEvents.reason,
      detail: orderEvents.detail,
      actor: user.username,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .leftJoin(user, eq(user.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.createdAt, orderEvents.id);
  const paymentRows = await db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, [orderId]))
    .orderBy(payments.createdAt);
  return {
    ...order,
    buyer: buyerView(buyer!),
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      status: p.status,
      amountCents: p.amountCents,
      currency: p.currency,
      failureReason: p.failureReason,
      card: p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}
