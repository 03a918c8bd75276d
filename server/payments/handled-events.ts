import { eq } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { stripeWebhookEvents } from "../db/schema.ts";

/**
 * Stripe's webhook events already acted on, by event id. Stripe delivers an event at least once;
 * what the site does with one is also safe to repeat (it reads Stripe's current state), so this
 * only spares the repeat: the id is written after the work, and a crash in between repeats it once.
 */
export async function eventHandled(eventId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: stripeWebhookEvents.id })
    .from(stripeWebhookEvents)
    .where(eq(stripeWebhookEvents.id, eventId));
  return Boolean(row);
}

export async function markEventHandled(eventId: string, type: string): Promise<void> {
  const db = await getDb();
  await db.insert(stripeWebhookEvents).values({ id: eventId, type }).onConflictDoNothing();
}
