import { and, count, desc, eq, ilike, isNull, sql } from "drizzle-orm";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { config } from "../config.ts";
import { deliverNow, sendMail } from "../mail/mailer.ts";
import { MAX_ATTEMPTS, mailSender } from "../mail/outbox.ts";

const { contactMessages, outbox } = tables;

export type AdminMessage = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  projectType: string;
  message: string;
  newsletter: boolean;
  /** When the newsletter consent was given, with the words ticked (null before consent was recorded). */
  newsletterConsent: { at: string; text: string } | null;
  locale: string;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const MESSAGES_PAGE = 50;

/** The page asked for among `total` rows `size` a page: 1 for anything that is not one, the last past the end. */
function pageIn(total: number, size: number, asked: unknown): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  return { page: Math.min(Math.max(1, Math.floor(Number(asked)) || 1), pages), pages };
}

/** Contact form submissions, newest first, `MESSAGES_PAGE` a page. */
export async function listMessages(
  options: { page?: unknown } = {},
): Promise<{ messages: AdminMessage[]; page: number; pages: number }> {
  const db = await getDb();
  const [{ total }] = (await db.select({ total: count() }).from(contactMessages)) as [{ total: number }];
  const { page, pages } = pageIn(Number(total), MESSAGES_PAGE, options.page);
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(MESSAGES_PAGE)
    .offset((page - 1) * MESSAGES_PAGE);
  const messages = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    projectType: row.projectType,
    message: row.message,
    newsletter: row.newsletter,
    newsletterConsent:
      row.newsletter && row.newsletterConsentAt
        ? { at: row.newsletterConsentAt.toISOString(), text: row.newsletterConsentText ?? "" }
        : null,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    readAt: iso(row.readAt),
    handledAt: iso(row.handledAt),
  }));
  return { messages, page, pages };
}

/** Marks a message read or unread, handled or open. Handling a message also marks it read. */
export async function updateMessage(id: string, change: unknown): Promise<void> {
  const body = (change ?? {}) as { read?: unknown; handled?: unknown };
  const set: { readAt?: Date | null; handledAt?: Date | null } = {};
  if (typeof body.read === "boolean") set.readAt = body.read ? new Date() : null;
  if (typeof body.handled === "boolean") {
    set.handledAt = body.handled ? new Date() : null;
    if (body.handled) set.readAt = new Date();
  }
  if (!("readAt" in set) && !("handledAt" in set)) {
    throw new DomainError("message.invalid_change", { fields: { read: "invalid" } });
  }
  const db = await getDb();
  const updated = await db
    .update(contactMessages)
    .set({
      ...set,
      // Keep the first time it was read.
      ...(set.readAt ? { readAt: sql`coalesce(${contactMessages.readAt}, now())` } : {}),
    })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (updated.length === 0) throw new DomainError("message.not_found");
}

export async function unreadMessageCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

export type OutboxEntry = {
  id: string;
  to: string;
  /** The sender as the recipient sees it (the studio's name, or MAIL_FROM) and where a reply goes. */
  from: string;
  replyTo: string;
  subject: string;
  /** The plain-text part as the recipient gets it. */
  text: string;
  /**
   * Whether it has an HTML part (not those written before the site sent HTML). The part itself is
   * not listed: a hundred of them made the outbox page megabytes; `outboxMailHtml` gives one.
   */
  hasHtml: boolean;
  status: "pending" | "sent";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  givenUp: boolean;
  resentFrom: string | null;
};

export const OUTBOX_PAGE = 25;

/**
 * The outbox, newest first, `OUTBOX_PAGE` e-mails a page: what waits and what was sent, each
 * e-mail's headers and text as its recipient gets them. `to` narrows it to the addresses that
 * contain it.
 */
export async function listOutbox(options: { to?: string; page?: number } = {}): Promise<{
  entries: OutboxEntry[];
  smtpConfigured: boolean;
  waiting: number;
  page: number;
  pages: number;
}> {
  const db = await getDb();
  const to = options.to?.trim().slice(0, 254);
  const matching = to ? ilike(outbox.to, `%${to.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(outbox).where(matching)) as [{ total: number }];
  const { page, pages } = pageIn(Number(total), OUTBOX_PAGE, options.page);
  const rows = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      replyTo: outbox.replyTo,
      subject: outbox.subject,
      text: outbox.text,
      hasHtml: sql<boolean>`${outbox.html} is not null`,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      resentFrom: outbox.resentFrom,
    })
    .from(outbox)
    .where(matching)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(OUTBOX_PAGE)
    .offset((page - 1) * OUTBOX_PAGE);
  const [waiting] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "pending"));
  const sender = await mailSender();
  return {
    smtpConfigured: Boolean(config.smtpUrl),
    waiting: waiting?.n ?? 0,
    page,
    pages,
    entries: rows.map((row) => ({
      id: row.id,
      to: row.to,
      from: sender.from,
      replyTo: row.replyTo ?? sender.replyTo,
      subject: row.subject,
      text: row.text,
      hasHtml: Boolean(row.hasHtml),
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: iso(row.sentAt),
      givenUp: row.status === "pending" && row.attempts >= MAX_ATTEMPTS,
      resentFrom: row.resentFrom,
    })),
  };
}

/** One e-mail's HTML part as sent, for the outbox's frame (null when there is no such e-mail or part). */
export async function outboxMailHtml(id: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ html: outbox.html })
    .from(outbox)
    .where(eq(outbox.id, id.slice(0, 100)));
  return row?.html ?? null;
}

/**
 * "Send again": a copy of the e-mail goes through the outbox like any other (the original stays,
 * as it was); returns the copy's id.
 */
export async function resendOutboxMail(id: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.id, id.slice(0, 100)));
  if (!row) throw new DomainError("outbox.not_found");
  return sendMail({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    replyTo: row.replyTo ?? undefined,
    contactMessageId: row.contactMessageId ?? undefined,
    orderId: row.orderId ?? undefined,
    resentFrom: row.id,
  });
}

/**
 * "Retry now": e-mails that ran out of attempts get one more, then the mailer runs at once.
 * Returns how many were still waiting before and after.
 */
export async function retryOutbox(): Promise<{ before: number; after: number }> {
  const db = await getDb();
  const pending = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, "pending"));
  await db
    .update(outbox)
    .set({ attempts: MAX_ATTEMPTS - 1, claimedUntil: null })
    .where(and(eq(outbox.status, "pending"), sql`${outbox.attempts} >= ${MAX_ATTEMPTS}`));
  await deliverNow();
  const left = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, "pending"));
  return { before: pending.length, after: left.length };
}
