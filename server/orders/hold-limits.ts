import { createHmac } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne, notExists, or, sql } from "drizzle-orm";
import { authSecret, config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { orderContacts, orderLines, orders, payments } from "../db/schema.ts";
import type { Tx } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { rateLimitEnabled } from "../http/rate-limit.ts";
import { releaseOrder } from "./release.ts";

/**
 * What a stranger can hold without paying (issue 50): an order holds its stock a short while
 * until its buyer reaches the card form, a guest has one unpaid order at a time, and one client
 * address holds at most UNPAID_UNITS_PER_ADDRESS units unpaid (a limit per client address, off
 * with the others when RATE_LIMIT=off).
 */

/** The client address as orders keep it: a keyed hash, enough to count by, useless to anyone reading the table. */
export function addressTag(clientAddress: string): string {
  return createHmac("sha256", authSecret()).update(`order-hold:${clientAddress}`).digest("base64url").slice(0, 32);
}

/** When a new order's hold ends: soon, until its buyer starts paying (paymentHoldUntil). */
export function unpaidHoldUntil(now: Date): Date {
  return new Date(now.getTime() + Math.min(config.unpaidHoldMinutes, config.reservationMinutes) * 60_000);
}

/**
 * The buyer is at the card form: the order holds its stock for RESERVATION_MINUTES from when it
 * was placed (never less than it already had, never revived once lapsed). Returns the hold's end.
 */
export async function holdWhilePaying(orderId: string, now = new Date()): Promise<Date | null> {
  const db = await getDb();
  const [held] = await db
    .update(orders)
    .set({
      reservedUntil: sql`greatest(${orders.reservedUntil}, ${orders.createdAt} + ${config.reservationMinutes} * interval '1 minute')`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending"), gt(orders.reservedUntil, now)))
    .returning({ reservedUntil: orders.reservedUntil });
  return held?.reservedUntil ?? null;
}

/**
 * Refuses an order that takes the units its client address holds unpaid (the order itself
 * included, written in this transaction) past the cap. Placements from one address are serialised
 * on a transaction lock, and each counts the others' once committed, so two at once cannot both
 * pass.
 */
export async function checkUnitsHeldFrom(tx: Tx, tag: string, now: Date): Promise<void> {
  if (!rateLimitEnabled()) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-hold:${tag}`}))`);
  const [{ held }] = (await tx
    .select({ held: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.placedFrom, tag),
        eq(orders.status, "pending"),
        gt(orders.reservedUntil, now),
        sql`${orderLines.itemId} is not null`,
      ),
    )) as [{ held: number }];
  if (held > config.unpaidUnitsPerAddress) throw new DomainError("order.hold_limit");
}

/** A card payment the bank is still deciding, or waiting for the buyer's authentication: not to be cut short. */
const PAYING_STATUSES = ["processing", "requires_action"];

/**
 * A guest has one unpaid order at a time: their other unpaid guest orders by the same e-mail are
 * cancelled in the new order's transaction (so a refused order leaves them as they were) unless a
 * payment on one of them is under way. Not by client address: behind a carrier's or an office's
 * shared address, strangers would cancel each other's orders (the cap per address bounds what an
 * address holds instead). Returns the orders cancelled, whose open payments the caller cancels
 * once committed.
 */
export async function releaseGuestsOtherOrders(
  tx: Tx,
  input: { email: string; cartId: string; now: Date },
): Promise<string[]> {
  const others = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderContacts, eq(orderContacts.orderId, orders.id))
    .where(
      and(
        isNull(orders.userId),
        eq(orders.status, "pending"),
        gt(orders.reservedUntil, input.now),
        or(isNull(orders.cartId), ne(orders.cartId, input.cartId)),
        sql`lower(${orderContacts.email}) = ${input.email.trim().toLowerCase()}`,
        notExists(
          tx
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.orderId, orders.id), inArray(payments.status, PAYING_STATUSES))),
        ),
      ),
    );
  const released: string[] = [];
  for (const order of others)
    if (
      await releaseOrder(tx, order.id, {
        from: ["pending"],
        to: "cancelled",
        actorUserId: null,
        reason: "cancelled_by_buyer",
        now: input.now,
      })
    )
      released.push(order.id);
  return released;
}
