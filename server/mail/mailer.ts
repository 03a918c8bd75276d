import nodemailer from "nodemailer";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { deliverPending, queueMail, type Mail, type MailSender } from "./outbox.ts";

const RETRY_EVERY_MS = 60_000;

let sender: MailSender | null | undefined;
let delivering: Promise<unknown> | null = null;
let timer: NodeJS.Timeout | undefined;

/** The SMTP transport when SMTP_URL is set; without it, e-mails wait in the outbox. */
function getSender(): MailSender | null {
  if (sender === undefined) sender = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return sender;
}

/** Tests point the mailer at their own SMTP server or a failing sender. */
export function setMailSender(next: MailSender | null): void {
  sender = next;
}

export function deliverNow(): Promise<unknown> {
  const current = getSender();
  if (!current) return Promise.resolve();
  delivering ??= getDb()
    .then((db) => deliverPending(db, current))
    .catch((error) => console.error("Mail delivery failed:", error))
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
  timer ??= setInterval(() => void deliverNow(), RETRY_EVERY_MS);
  timer.unref();
  void deliverNow();
}

export async function stopMailer(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await delivering;
}
