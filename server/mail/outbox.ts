import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Executor } from "../db/transaction.ts";
import { outbox } from "../db/schema.ts";
import { linksIn } from "../../domain/mail-text.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";
import { log } from "../log.ts";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The HTML part (server/mail/emails); the text is its plain-text twin. */
  html?: string;
  replyTo?: string;
  contactMessageId?: string;
  orderId?: string;
  /** The outbox e-mail this one sends again (the admin's "Send again"). */
  resentFrom?: string;
};

export type MailSender = Pick<Transporter, "sendMail">;

/** Gives up on a message after this many failed attempts; it stays in the outbox for the admin. */
export const MAX_ATTEMPTS = 8;

/**
 * Every e-mail is written to the outbox first, so nothing is lost when the mail server is down
 * or not configured; delivery happens afterwards and is retried.
 */
export async function queueMail(db: Executor, mail: Mail): Promise<string> {
  const id = randomUUID();
  await db.insert(outbox).values({ id, ...mail });
  if (mailToConsole())
    log().info(
      { to: mail.to, subject: mail.subject, links: linksIn(mail.text) },
      "E-mail queued; without SMTP_URL it waits in Admin → Messages → Outbox",
    );
  return id;
}

/**
 * Without SMTP_URL, the server's log shows each e-mail as it is queued (what Rails' letter_opener
 * and Django's console backend do): recipient, subject and its links, so that the first buyer of
 * a fresh install can be verified by whoever runs it. Off in tests unless a test turns it on.
 */
let consoleOverride: boolean | undefined;
export function setMailToConsole(on: boolean | undefined): void {
  consoleOverride = on;
}
function mailToConsole(): boolean {
  return consoleOverride ?? (!config.smtpUrl && process.env.NODE_ENV !== "test");
}

/**
 * Who the e-mails come from: the studio's name at MAIL_SENDER, replies to its public address;
 * MAIL_FROM, when set, is the sender as written.
 */
export async function mailSender(): Promise<{ from: string; replyTo: string }> {
  const studio = await getStudioIdentity();
  const name = studio.name.replace(/["\\\r\n]/g, "");
  return { from: config.mailFrom ?? `"${name}" <${config.mailSender}>`, replyTo: studio.email };
}

/** The Message-ID of an outbox row's e-mail, at the sender's domain. */
export function messageIdOf(outboxId: string): string {
  const domain =
    config.mailSender
      .split("@")
      .at(-1)
      ?.replace(/[^A-Za-z0-9.-]/g, "") || "localhost";
  return `<${outboxId}@${domain}>`;
}

/** How long a sender keeps a message it took; another server may take it after that. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

type DeliveryOptions = { limit?: number; leaseMs?: number; retryAfterMs?: number; shouldStop?: () => boolean };

/**
 * Takes one message that is due and not taken by another sender (FOR UPDATE SKIP LOCKED: two
 * servers never take the same one), counts the attempt and leases it for `leaseMs`. A server
 * that dies while sending leaves the message to be taken again when the lease has passed.
 * Messages never tried go first: a buyer waiting for a link is not held behind the backlog of an
 * outage of the mail server, which runs send twenty at a time.
 */
async function takeNext(db: Database, leaseMs: number, skip: string[]) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "pending"),
        lt(outbox.attempts, MAX_ATTEMPTS),
        or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`clock_timestamp()`)),
        skip.length > 0 ? notInArray(outbox.id, skip) : undefined,
      ),
    )
    .orderBy(asc(outbox.attempts), asc(outbox.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [taken] = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      claimedUntil: sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(outbox.id, due))
    .returning();
  return taken;
}

/**
 * Sends what is due, one message at a time: take it, send it, mark it sent. Sending is
 * at-least-once at the SMTP level (a server killed between the mail server's "accepted" and
 * "mark sent" leaves that one message to be sent again, with the same Message-ID), never twice
 * at once. A message that
 * fails waits `retryAfterMs`; `shouldStop` ends the run between two messages (shutdown).
 */
export async function deliverPending(
  db: Database,
  sender: MailSender,
  options: DeliveryOptions = {},
): Promise<{ sent: number; failed: number }> {
  const { limit = 20, leaseMs = DEFAULT_LEASE_MS, retryAfterMs = 0, shouldStop = () => false } = options;
  const tried: string[] = [];
  let sent = 0;
  let failed = 0;
  while (tried.length < limit && !shouldStop()) {
    const mail = await takeNext(db, leaseMs, tried);
    if (!mail) break;
    tried.push(mail.id);
    try {
      const studio = await mailSender();
      await sender.sendMail({
        // One Message-ID per outbox row: a message sent again after a crash (the mail server had
        // accepted it, the row was not marked yet) is the same message, which mail readers show once.
        messageId: messageIdOf(mail.id),
        from: studio.from,
        to: mail.to,
        replyTo: mail.replyTo ?? studio.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null, claimedUntil: null })
        .where(eq(outbox.id, mail.id));
      sent++;
    } catch (error) {
      await db
        .update(outbox)
        .set({
          lastError: error instanceof Error ? error.message : String(error),
          claimedUntil: retryAfterMs > 0 ? sql`clock_timestamp() + ${retryAfterMs} * interval '1 millisecond'` : null,
        })
        .where(eq(outbox.id, mail.id));
      failed++;
    }
  }
  return { sent, failed };
}
