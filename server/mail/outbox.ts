import { randomUUID } from "node:crypto";
import { and, asc, eq, lt } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { outbox } from "../db/schema.ts";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  contactMessageId?: string;
  orderId?: string;
};

export type MailSender = Pick<Transporter, "sendMail">;

/** Gives up on a message after this many failed attempts; it stays in the outbox for the admin. */
export const MAX_ATTEMPTS = 8;

/**
 * Every e-mail is written to the outbox first, so nothing is lost when the mail server is down
 * or not configured; delivery happens afterwards and is retried.
 */
export async function queueMail(db: Database, mail: Mail): Promise<string> {
  const id = randomUUID();
  await db.insert(outbox).values({ id, ...mail });
  return id;
}

export async function deliverPending(db: Database, sender: MailSender, limit = 20): Promise<{ sent: number; failed: number }> {
  const pending = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lt(outbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(outbox.createdAt))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const mail of pending) {
    try {
      await sender.sendMail({
        from: config.mailFrom,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
      });
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
        .where(eq(outbox.id, mail.id));
      sent++;
    } catch (error) {
      await db
        .update(outbox)
        .set({ attempts: mail.attempts + 1, lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(outbox.id, mail.id));
      failed++;
    }
  }
  return { sent, failed };
}
