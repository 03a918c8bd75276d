import { and, eq } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { orderDelivery, orderEvents, orders } from "../db/schema.ts";
import { partsNotDone } from "../quotes/workflow.ts";
import { awaitingApproval } from "../conversations/approval-state.ts";
import { DomainError } from "../errors.ts";
import { cleanText } from "./ids.ts";
import { isSafeId } from "../http/safe-id.ts";
import { cancelOpenIntents, releaseOrder } from "./release.ts";
import { refundOrder } from "./refunds.ts";
import { lockOrder } from "./order-lock.ts";

export const FULFILMENT_METHODS = ["shipped", "picked_up"] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];

/**
 * paid → fulfilled (shipped or picked up), recorded with who and when. While the buyer's approval
 * of the finished part is awaited (decision 081) it is refused, unless the admin says
 * `withoutApproval`, which the order's history records.
 */
export async function fulfilOrder(
  orderId: string,
  actorUserId: string,
  method: FulfilmentMethod,
  note?: string,
  options: { withoutApproval?: boolean } = {},
): Promise<void> {
  if (!isSafeId(orderId)) throw new DomainError("order.not_found");
  const db = await getDb();
  const now = new Date();
  const done = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (locked?.refundPending) throw new DomainError("order.refund_pending");
    if (locked?.disputed) throw new DomainError("order.disputed");
    // An order with a delivery moves by its steps (packed, shipped…), which keep both in step.
    const [delivery] = await tx
      .select({ orderId: orderDelivery.orderId })
      .from(orderDelivery)
      .where(eq(orderDelivery.orderId, orderId));
    if (delivery) throw new DomainError("order.use_delivery_steps");
    if ((await partsNotDone(tx, orderId)) > 0) throw new DomainError("order.parts_not_done");
    const approvalAwaited = locked?.order.status === "paid" && (await awaitingApproval(orderId));
    if (approvalAwaited && !options.withoutApproval) throw new DomainError("order.awaiting_approval");
    const [moved] = await tx
      .update(orders)
      .set({ status: "fulfilled", updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, "paid")))
      .returning({ id: orders.id });
    if (moved) {
      if (approvalAwaited)
        await tx.insert(orderEvents).values({
          orderId,
          status: "fulfilled",
          actorUserId,
          reason: "handed_over_without_approval",
          createdAt: now,
        });
      await tx.insert(orderEvents).values({
        orderId,
        status: "fulfilled",
        actorUserId,
        reason: `fulfilled_${method}`,
        detail: cleanText(note) || null,
        createdAt: now,
      });
    }
    return Boolean(moved);
  });
  if (!done) throw await notAllowedOrMissing(orderId);
}

async function notAllowedOrMissing(orderId: string): Promise<DomainError> {
  const db = await getDb();
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return new DomainError(order ? "order.not_allowed" : "order.not_found");
}

/**
 * Cancels an order and puts its items back in stock. A paid order is refunded in full through
 * the refunds' own path (server/orders/refunds.ts): if the provider refuses, nothing changes.
 */
export async function cancelOrderAsAdmin(
  orderId: string,
  actorUserId: string,
  note?: string,
  options: { cancelStartedParts?: boolean } = {},
): Promise<"cancelled" | "refunded"> {
  if (!isSafeId(orderId)) throw new DomainError("order.not_found");
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError("order.not_found");
  if (order.status === "pending") {
    const done = await db.transaction((tx) =>
      releaseOrder(tx, orderId, {
        from: ["pending"],
        to: "cancelled",
        actorUserId,
        reason: "cancelled_by_admin",
        detail: cleanText(note) || null,
      }),
    );
    if (!done) throw await notAllowedOrMissing(orderId);
    await cancelOpenIntents(orderId);
    return "cancelled";
  }
  if (order.status !== "paid") throw new DomainError("order.not_allowed");
  try {
    await refundOrder(orderId, actorUserId, {
      request: { kind: "everything" },
      restock: true,
      reason: note,
      cancel: true,
      cancelStartedParts: options.cancelStartedParts,
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "refund.provider_failed") throw new DomainError("order.cancel_refund_failed");
    if (["order.parts_started", "order.refund_pending", "refund.provider_pending"].includes(error.code)) throw error;
    throw new DomainError("order.not_allowed");
  }
  return "refunded";
}
