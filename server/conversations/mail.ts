import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { getDb } from "../db/index.ts";
import { conversationMessages } from "../db/schema.ts";
import { log } from "../log.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { conversationEmail } from "../mail/emails/templates.ts";
import { deliverNow } from "../mail/mailer.ts";
import { queueMail } from "../mail/outbox.ts";
import { orderPageUrlForMail } from "../orders/access-keys.ts";
import { orderContact } from "../orders/contact.ts";

/**
 * The studio's messages reach the buyer by e-mail, one e-mail per burst (decision 081): a
 * message waits this long (three minutes unless CONVERSATION_MAIL_WAIT_SECONDS says otherwise), so
 * that the ones written after it go in the same e-mail; a message the buyer has read on the order's
 * page meanwhile is not sent. (The buyer's messages reach the studio as a studio notice:
 * server/conversations/post-message.ts.)
 */
export const BURST_WAIT_MS = config.conversationMailWaitSeconds * 1000;

/**
 * Queues one e-mail per order whose oldest unsent, unread studio message has waited BURST_WAIT_MS,
 * with every such message of that order, to the order's contact in the order's language; marks them
 * mailed in the same transaction (taken FOR UPDATE SKIP LOCKED: two servers never send one twice).
 * An order whose contact was erased gets none. Answers how many e-mails were queued.
 */
export async function mailStudioMessages(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .selectDistinct({ orderId: conversationMessages.orderId })
    .from(conversationMessages)
    .where(and(waiting(), lte(conversationMessages.createdAt, new Date(now.getTime() - BURST_WAIT_MS))));
  let queued = 0;
  for (const { orderId } of due) {
    const sent = await db.transaction(async (tx) => {
      const messages = await tx
        .select({ id: conversationMessages.id, body: conversationMessages.body })
        .from(conversationMessages)
        .where(and(eq(conversationMessages.orderId, orderId), waiting()))
        .orderBy(asc(conversationMessages.id))
        .for("update", { skipLocked: true });
      if (messages.length === 0) return false;
      const contact = await orderContact(orderId);
      if (contact) {
        const orderUrl = `${await orderPageUrlForMail(tx, orderId, contact.locale)}#conversation`;
        const data = { name: contact.fullName, orderId, orderUrl, messages: messages.map((message) => message.body) };
        const mail = await composeMail(conversationEmail, data, contact.locale, tx);
        await queueMail(tx as Database, { to: contact.email, orderId, ...mail });
      }
      await tx
        .update(conversationMessages)
        .set({ mailedAt: new Date() })
        .where(
          inArray(
            conversationMessages.id,
            messages.map((message) => message.id),
          ),
        );
      return contact !== null;
    });
    if (sent) queued++;
  }
  if (queued > 0) void deliverNow();
  return queued;
}

const waiting = () =>
  and(
    eq(conversationMessages.author, "studio"),
    isNull(conversationMessages.mailedAt),
    isNull(conversationMessages.readAt),
  );

let started = false;
let running: Promise<unknown> | null = null;
let timer: NodeJS.Timeout | undefined;

function runNow(): void {
  if (!started || running) return;
  running = mailStudioMessages()
    .catch((error) => log().error({ err: error }, "The studio's messages could not be mailed"))
    .finally(() => (running = null));
}

/** After a studio message: a run once its burst has waited (the interval below is the safety net). */
export function mailConversationsLater(): void {
  if (started) setTimeout(runNow, BURST_WAIT_MS + 1000).unref();
}

export function startConversationMail(): void {
  started = true;
  timer ??= setInterval(runNow, config.mailIntervalSeconds * 1000);
  timer.unref();
  runNow();
}

export async function stopConversationMail(): Promise<void> {
  started = false;
  clearInterval(timer);
  timer = undefined;
  while (running) await running;
}
