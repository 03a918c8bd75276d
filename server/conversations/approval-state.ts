import { and, desc, eq, ne } from "drizzle-orm";
import { approvalPending } from "../../domain/conversations.ts";
import { getDb } from "../db/index.ts";
import { conversationMessages } from "../db/schema.ts";

/**
 * Whether the studio's last request for approval of the finished part on this order is still
 * unanswered (decision 081). Its own module, with nothing but the database beneath it: the
 * fulfilment workflow (server/orders/fulfilment.ts, fulfil-or-cancel.ts) reads it under the
 * order's lock to hold the handover, without importing the conversation's writers.
 */
export async function awaitingApproval(orderId: string): Promise<boolean> {
  const [last] = await (
    await getDb()
  )
    .select({ kind: conversationMessages.kind })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.orderId, orderId), ne(conversationMessages.kind, "message")))
    .orderBy(desc(conversationMessages.id))
    .limit(1);
  return approvalPending(last ? [last.kind] : []);
}
