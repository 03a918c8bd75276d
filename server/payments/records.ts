import { and, eq, notInArray } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { payments } from "../db/schema.ts";
import type { PaymentIntent } from "./types.ts";

/** Statuses a payment never leaves by a provider's report (a refund, or its decision, is our own write). */
export const FINAL_STATUSES = ["succeeded", "canceled", "refunded", "refunding"];

/**
 * Keeps our copy of the intent's status (payments table) in step with the provider. Reports can
 * arrive late and out of order (Stripe does not order its events): a final status is never
 * rewritten by one.
 */
export async function recordIntentStatus(intent: PaymentIntent): Promise<void> {
  const db = await getDb();
  await db
    .update(payments)
    .set({ status: intent.status, failureReason: intent.lastError?.code ?? null, updatedAt: new Date() })
    .where(and(eq(payments.id, intent.id), notInArray(payments.status, FINAL_STATUSES)));
}
