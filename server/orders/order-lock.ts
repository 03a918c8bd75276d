import { and, count, eq } from "drizzle-orm";
import { orders, paymentDisputes, refunds } from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";

/**
 * Every change of a paid order (refund, cancel, fulfilment, a production step of its parts) takes
 * the order's row lock first and reads whether a refund is pending on it: until the provider's
 * answer is known, the order may still be cancelled, so nothing else moves it. It also reads
 * whether a dispute of its payment is open: the order is then on hold (not handed over, its parts
 * not moved in production) until the dispute closes.
 */
export async function lockOrder(tx: Executor, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) return null;
  const [pending] = await tx
    .select({ n: count() })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")));
  const [disputes] = await tx
    .select({ n: count() })
    .from(paymentDisputes)
    .where(and(eq(paymentDisputes.orderId, orderId), eq(paymentDisputes.state, "open")));
  return { order, refundPending: pending!.n > 0, disputed: disputes!.n > 0 };
}
