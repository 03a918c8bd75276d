import { and, asc, count, desc, eq, ilike, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { DELETED_ACCOUNT_ID } from "../accounts/privacy.ts";
import {
  CUSTOMER_PAGE_SIZE,
  type CustomerDetail,
  type CustomerQuery,
  type CustomerRow,
} from "../../domain/customers.ts";
import { getDb } from "../db/index.ts";
import { contactMessages, customerEvents, orders, quoteFiles, quotes, refunds, user } from "../db/schema.ts";
import { joinGuestOrders } from "../orders/guest-join.ts";
import { DomainError } from "../errors.ts";
import { isOwnConsent, messagesOf } from "../contact/ownership.ts";

/**
 * The studio's customers (issue 21): accounts that are not staff, each with what they bought.
 * Every figure is an aggregate in the database, never rows summed here:
 * - orders: orders paid (paid_at set, whatever happened after: fulfilled, refunded…);
 * - spent: what those orders charged, less the refunds that succeeded;
 * - last order: when the newest paid order was placed.
 */
const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

async function aggregates(db: Awaited<ReturnType<typeof getDb>>) {
  const paid = db
    .select({
      userId: orders.userId,
      orderCount: sql<number>`count(*)::int`.as("order_count"),
      chargedCents: sql<string>`sum(${orders.totalCents})::bigint`.as("charged_cents"),
      lastOrderAt: sql<Date>`max(${orders.createdAt})`.as("last_order_at"),
    })
    .from(orders)
    .where(isNotNull(orders.paidAt))
    .groupBy(orders.userId)
    .as("paid");
  const refunded = db
    .select({
      userId: orders.userId,
      refundedCents: sql<string>`sum(${refunds.amountCents})::bigint`.as("refunded_cents"),
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.status, "succeeded"))
    .groupBy(orders.userId)
    .as("refunded");
  const orderCount = sql<number>`coalesce(${paid.orderCount}, 0)`;
  const refundedCents = sql<number>`coalesce(${refunded.refundedCents}, 0)`;
  const spentCents = sql<number>`coalesce(${paid.chargedCents}, 0) - coalesce(${refunded.refundedCents}, 0)`;
  return { paid, refunded, orderCount, refundedCents, spentCents };
}

// A guest (guest checkout) is no account: their orders show under the orders, with their contact.
const isCustomer = and(eq(user.role, "user"), ne(user.id, DELETED_ACCOUNT_ID))!;

export async function listCustomers(
  query: CustomerQuery,
): Promise<{ customers: CustomerRow[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const { paid, refunded, orderCount, spentCents } = await aggregates(db);
  const conditions: SQL[] = [isCustomer];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(user.username, pattern), ilike(user.email, pattern))!);
  }
  const where = and(...conditions);
  const [{ total }] = (await db.select({ total: count() }).from(user).where(where)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(Number(total) / CUSTOMER_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const key: Record<CustomerQuery["sort"], SQL> = {
    name: sql`lower(${user.username})`,
    email: sql`lower(${user.email})`,
    verified: sql`${user.emailVerified}`,
    orders: orderCount,
    spent: spentCents,
    lastOrder: sql`${paid.lastOrderAt}`,
  };
  const direction = query.dir === "asc" ? sql`asc nulls first` : sql`desc nulls last`;
  const rows = await db
    .select({
      id: user.id,
      username: user.username,
      email: user.email,
      verified: user.emailVerified,
      orders: orderCount,
      spentCents,
      lastOrderAt: paid.lastOrderAt,
    })
    .from(user)
    .leftJoin(paid, eq(paid.userId, user.id))
    .leftJoin(refunded, eq(refunded.userId, user.id))
    .where(where)
    .orderBy(sql`${key[query.sort]} ${direction}`, asc(user.id))
    .limit(CUSTOMER_PAGE_SIZE)
    .offset((page - 1) * CUSTOMER_PAGE_SIZE);
  return {
    total: Number(total),
    page,
    pages,
    customers: rows.map((row) => ({
      ...row,
      orders: Number(row.orders),
      spentCents: Number(row.spentCents),
      lastOrderAt: iso(row.lastOrderAt),
    })),
  };
}

/** Customers who have not verified their address yet, newest first (the admin may verify them by hand). */
export async function listAwaitingVerification(limit = 20) {
  const db = await getDb();
  const where = and(isCustomer, eq(user.emailVerified, false));
  const [{ total }] = (await db.select({ total: count() }).from(user).where(where)) as [{ total: number }];
  const rows = await db
    .select({ id: user.id, username: user.username, email: user.email, createdAt: user.createdAt })
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), asc(user.id))
    .limit(limit);
  return { total: Number(total), customers: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/** One customer's page: their figures, orders, quotes, contact messages, newsletter consent and what staff did. */
export async function getCustomer(id: string): Promise<CustomerDetail> {
  const db = await getDb();
  const { paid, refunded, orderCount, refundedCents, spentCents } = await aggregates(db);
  const [row] = await db
    .select({
      id: user.id,
      username: user.username,
      email: user.email,
      verified: user.emailVerified,
      createdAt: user.createdAt,
      orders: orderCount,
      spentCents,
      refundedCents,
      lastOrderAt: paid.lastOrderAt,
    })
    .from(user)
    .leftJoin(paid, eq(paid.userId, user.id))
    .leftJoin(refunded, eq(refunded.userId, user.id))
    .where(and(isCustomer, eq(user.id, id.slice(0, 100))));
  if (!row) throw new DomainError("customer.not_found");

  const orderRefunds = db
    .select({ orderId: refunds.orderId, cents: sql<string>`sum(${refunds.amountCents})::bigint`.as("cents") })
    .from(refunds)
    .where(eq(refunds.status, "succeeded"))
    .groupBy(refunds.orderId)
    .as("order_refunds");
  const [orderList, quoteList, messages, events] = await Promise.all([
    db
      .select({
        id: orders.id,
        status: orders.status,
        totalCents: orders.totalCents,
        refundedCents: sql<string>`coalesce(${orderRefunds.cents}, 0)`,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
      .where(eq(orders.userId, row.id))
      .orderBy(desc(orders.createdAt))
      .limit(200),
    db
      .select({
        id: quotes.id,
        status: quotes.status,
        fileName: quoteFiles.originalName,
        quantity: quotes.quantity,
        createdAt: quotes.createdAt,
      })
      .from(quotes)
      .innerJoin(quoteFiles, eq(quoteFiles.id, quotes.fileId))
      .where(eq(quotes.userId, row.id))
      .orderBy(desc(quotes.createdAt))
      .limit(200),
    db
      .select()
      .from(contactMessages)
      .where(messagesOf({ id: row.id, email: row.email, emailVerified: row.verified }))
      .orderBy(desc(contactMessages.createdAt))
      .limit(200),
    db
      .select({ kind: customerEvents.kind, actor: user.username, createdAt: customerEvents.createdAt })
      .from(customerEvents)
      .leftJoin(user, eq(user.id, customerEvents.actorUserId))
      .where(eq(customerEvents.userId, row.id))
      .orderBy(desc(customerEvents.createdAt), desc(customerEvents.id)),
  ]);
  const consent = messages.find((message) => message.newsletterConsentAt && isOwnConsent(message, row.id));
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    verified: row.verified,
    createdAt: row.createdAt.toISOString(),
    orders: Number(row.orders),
    spentCents: Number(row.spentCents),
    refundedCents: Number(row.refundedCents),
    lastOrderAt: iso(row.lastOrderAt),
    orderList: orderList.map((o) => ({
      ...o,
      refundedCents: Number(o.refundedCents),
      createdAt: o.createdAt.toISOString(),
    })),
    quotes: quoteList.map((q) => ({ ...q, createdAt: q.createdAt.toISOString() })),
    messages: messages.map((m) => ({
      id: m.id,
      projectType: m.projectType,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
      newsletter: m.newsletter,
      newsletterConsentAt: iso(m.newsletterConsentAt),
    })),
    newsletter: consent?.newsletterConsentAt
      ? { at: consent.newsletterConsentAt.toISOString(), text: consent.newsletterConsentText ?? "" }
      : null,
    events: events.map((e) => ({ kind: e.kind, actor: e.actor, createdAt: e.createdAt.toISOString() })),
  };
}

/**
 * The owner vouches for a customer's address (issue 21: a fresh install's first buyer, a lost
 * e-mail). Verification stays required to order; this sets it, and records who did it and when.
 * Returns false when the address was verified already (nothing changes, nothing recorded).
 */
export async function markVerifiedByHand(actorUserId: string, customerId: string): Promise<boolean> {
  const db = await getDb();
  const verified = await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: user.id, email: user.email, verified: user.emailVerified })
      .from(user)
      .where(and(isCustomer, eq(user.id, customerId.slice(0, 100))))
      .for("update");
    if (!customer) throw new DomainError("customer.not_found");
    if (customer.verified) return false;
    await tx.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, customer.id));
    await tx.insert(customerEvents).values({ userId: customer.id, kind: "email_verified_by_hand", actorUserId });
    return customer.email;
  });
  if (!verified) return false;
  await joinGuestOrders(customerId, verified);
  return true;
}
