import { and, count, eq, gt, inArray, isNull, notInArray } from "drizzle-orm";
import { z } from "zod";
import {
  NEXT_PRODUCTION_STEP,
  ORDER_QUOTE_STATUSES,
  PRODUCTION_STATUSES,
  quoteStatusesBefore,
  STARTED_PRODUCTION,
  type ProductionStatus,
} from "../../domain/quote-states.ts";
import { getDb } from "../db/index.ts";
import { orderLines, quotes } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import type { Executor } from "../db/transaction.ts";
import { lockOrder } from "../orders/order-lock.ts";
import { isSafeId } from "../http/safe-id.ts";

/**
 * A custom print's way from an order to the production queue and out of it. This module is the
 * only one that moves a quote once it is in an order; every move is one conditional update whose
 * condition is the rule of domain/quote-states.ts, inside the order's own transaction.
 */

export type OrderedQuote = { quoteId: string; totalCents: number };

/**
 * Placing an order freezes each of its quotes: priced, within its price hold, at the price of the
 * line, and in no other order. From then on nothing about it can change until the order is
 * cancelled or expires. One quote that does not qualify refuses the whole placement.
 */
export async function freezeOrderQuotes(
  tx: Executor,
  orderId: string,
  lines: OrderedQuote[],
  now: Date,
): Promise<void> {
  for (const line of lines) {
    const [frozen] = await tx
      .update(quotes)
      .set({ status: "accepted", orderId, updatedAt: now })
      .where(
        and(
          eq(quotes.id, line.quoteId),
          inArray(quotes.status, quoteStatusesBefore("accepted")),
          isNull(quotes.orderId),
          eq(quotes.totalCents, line.totalCents),
          // An expired hold (or none) must be re-priced first: the cart does it and shows the new price.
          gt(quotes.expiresAt, now),
        ),
      )
      .returning({ id: quotes.id });
    if (!frozen) throw new DomainError("order.quote_changed");
  }
}

/** An unpaid order cancelled or expired: its quotes become the buyer's to change or order again. */
export async function releaseOrderQuotes(tx: Executor, orderId: string, now: Date): Promise<number> {
  const released = await tx
    .update(quotes)
    .set({ status: "priced", orderId: null, updatedAt: now })
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, "accepted")))
    .returning({ id: quotes.id });
  return released.length;
}

/**
 * Payment: exactly the order's frozen quotes enter the production queue. Returns whether every
 * custom line of the order has its part; when one is missing the caller refunds instead.
 */
export async function startOrderProduction(tx: Executor, orderId: string, now: Date): Promise<boolean> {
  const expected = await customLineCount(tx, orderId);
  if (expected === 0) return true;
  const [alreadyMade] = await tx
    .select({ n: count() })
    .from(quotes)
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, "ordered")));
  if (alreadyMade!.n === expected) return true;
  const moved = await tx
    .update(quotes)
    .set({ status: "ordered", productionStatus: "queued", updatedAt: now })
    .where(and(eq(quotes.orderId, orderId), inArray(quotes.status, quoteStatusesBefore("ordered"))))
    .returning({ id: quotes.id });
  return alreadyMade!.n + moved.length === expected;
}

/** Whether every custom line of an unpaid order still has its frozen part (a late payment checks it). */
export async function orderQuotesFrozen(tx: Executor, orderId: string): Promise<boolean> {
  const expected = await customLineCount(tx, orderId);
  if (expected === 0) return true;
  const [frozen] = await tx
    .select({ n: count() })
    .from(quotes)
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, "accepted")));
  return frozen!.n === expected;
}

/** A late payment for an expired order freezes its quotes again, if they are still as ordered. */
export async function refreezeOrderQuotes(tx: Executor, orderId: string, now: Date): Promise<boolean> {
  const lines = await tx
    .select({ quoteId: orderLines.quoteId, totalCents: orderLines.unitPriceCents })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, "custom_print")));
  try {
    await freezeOrderQuotes(tx, orderId, lines as OrderedQuote[], now);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

async function customLineCount(tx: Executor, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, "custom_print")));
  return row!.n;
}

/** How many of a paid order's parts (or of these parts of it) the studio has started to make (printing or beyond). */
export async function partsStarted(tx: Executor, orderId: string, quoteIds?: string[]): Promise<number> {
  if (quoteIds?.length === 0) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(quotes)
    .where(
      and(
        eq(quotes.orderId, orderId),
        eq(quotes.status, "ordered"),
        inArray(quotes.productionStatus, [...STARTED_PRODUCTION]),
        quoteIds ? inArray(quotes.id, quoteIds) : undefined,
      ),
    );
  return row!.n;
}

/** How many of an order's parts are not finished yet (shipping waits for them). */
export async function partsNotDone(tx: Executor, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(quotes)
    .where(
      and(eq(quotes.orderId, orderId), eq(quotes.status, "ordered"), notInArray(quotes.productionStatus, ["done"])),
    );
  return row!.n;
}

/**
 * A paid order cancelled or refunded in full, or these lines of it refunded in full: their parts
 * leave the production queue (kept as records).
 */
export async function withdrawOrderParts(
  tx: Executor,
  orderId: string,
  now: Date,
  quoteIds?: string[],
): Promise<number> {
  if (quoteIds?.length === 0) return 0;
  const withdrawn = await tx
    .update(quotes)
    .set({ status: "cancelled", updatedAt: now })
    .where(
      and(
        eq(quotes.orderId, orderId),
        inArray(quotes.status, quoteStatusesBefore("cancelled")),
        quoteIds ? inArray(quotes.id, quoteIds) : undefined,
      ),
    )
    .returning({ id: quotes.id });
  return withdrawn.length;
}

/** An account deleted: the quotes of its orders stay with those orders, owned by the deleted account. */
export async function reownOrderQuotes(tx: Executor, fromUserId: string, toUserId: string): Promise<void> {
  await tx
    .update(quotes)
    .set({ userId: toUserId, browserHash: null, updatedAt: new Date() })
    .where(and(eq(quotes.userId, fromUserId), inArray(quotes.status, [...ORDER_QUOTE_STATUSES])));
}

/** queued → printing → post-processing → done, one step at a time (a stale screen cannot skip or go back). */
export async function setProductionStatus(id: string, input: unknown): Promise<ProductionStatus> {
  const parsed = z.object({ from: z.enum(PRODUCTION_STATUSES), to: z.enum(PRODUCTION_STATUSES) }).safeParse(input);
  if (!parsed.success || NEXT_PRODUCTION_STEP[parsed.data.from] !== parsed.data.to)
    throw new DomainError("quote.step_not_allowed");
  if (!isSafeId(id)) throw new DomainError("quote.part_not_found");
  const db = await getDb();
  const moved = await db.transaction(async (tx) => {
    const [part] = await tx.select({ orderId: quotes.orderId }).from(quotes).where(eq(quotes.id, id));
    // Under its order's lock: a refund pending on the order may still take the part out of production.
    const locked = part?.orderId ? await lockOrder(tx, part.orderId) : null;
    if (locked?.refundPending) throw new DomainError("order.refund_pending");
    // A disputed payment pauses the order's parts where they are until the dispute closes.
    if (locked?.disputed) throw new DomainError("order.disputed");
    const [row] = await tx
      .update(quotes)
      .set({ productionStatus: parsed.data.to, updatedAt: new Date() })
      .where(and(eq(quotes.id, id), eq(quotes.status, "ordered"), eq(quotes.productionStatus, parsed.data.from)))
      .returning({ id: quotes.id });
    return row;
  });
  if (!moved) throw new DomainError("quote.part_moved");
  return parsed.data.to;
}
