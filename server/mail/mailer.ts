import nodemailer from "nodemailer";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { deliverPending, queueMail, type Mail, type MailSender } from "./outbox.ts";
import { log } from "../log.ts";

let sender: MailSender | null | undefined;
let delivering: Promise<unknown> | null = null;
let followUp: Promise<unknown> | null = null;
let stopping = false;
let timer: NodeJS.Timeout | undefined;

/** The SMTP transport when SMTP_URL is set; without it, e-mails wait in the outbox. */
function getSender(): MailSender | null {
  // Timeouts well inside the outbox's lease, so a hung mail server never outlasts it (another
  // server would then send the same message); settings in SMTP_URL's query still win.
  if (sender === undefined) {
    sender = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        })
      : null;
  }
  return sender;
}

/** Whether e-mails leave the outbox (a mail server is configured); without one they wait there. */
export function mailIsSent(): boolean {
  return getSender() !== null;
}

/** Tests point the mailer at their own SMTP server or a failing sender. */
export function setMailSender(next: MailSender | null): void {
  sender = next;
}

/**
 * Runs the outbox now (one run at a time in this process; other app servers run theirs and take
 * other messages). A call during a run gets one more run after it, for mail queued meanwhile.
 */
export function deliverNow(): Promise<unknown> {
  const current = getSender();
  if (!current || stopping) return Promise.resolve();
  if (delivering) {
    followUp ??= delivering.then(() => {
      followUp = null;
      return deliverNow();
    });
    return followUp;
  }
  delivering = getDb()
    .then((db) =>
      deliverPending(db, current, {
        leaseMs: config.mailLeaseSeconds * 1000,
        retryAfterMs: config.mailIntervalSeconds * 1000,
        shouldStop: () => stopping,
      }),
    )
    .catch((error) => log().error({ err: error }, "Mail delivery failed"))
    .finally(() => {
      delivering = null;
    });
  return delivering;
}

/** Stores the e-mail, then tries to send it without making the caller wait. */
export async function sendMail(mail: Mail): Promise<string> {
  const id = await queueMail(await getDb(), mail);
  void deliverNow();
  return id;
}

export function startMailer(): void {
  stopping = false;
  timer ??= setInterval(() => void deliverNow(), config.mailIntervalSeconds * 1000);
  timer.unref();
  void deliverNow();
}

/** Stops the timer and waits for the message being sent, if any: the run ends after it. */
export async function stopMailer(): Promise<void> {
  stopping = true;
  clearInterval(timer);
  timer = undefined;
  while (delivering) await delivering;
}
