import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";
import { composeMail } from "./emails/compose.ts";
import { verifyEmail } from "./emails/templates.ts";
import { deliverPending, MAX_ATTEMPTS, queueMail, setMailToConsole, type MailSender } from "./outbox.ts";
import { logTo } from "../log.ts";

const failing: MailSender = { sendMail: async () => Promise.reject(new Error("connection refused")) };
const sentMails: unknown[] = [];
const working: MailSender = { sendMail: async (mail) => void sentMails.push(mail) as never };

describe("outbox", () => {
  it("keeps a message whose delivery fails, counts the attempt, and sends it on retry", async () => {
    const db = await getDb();
    const id = await queueMail(db, { to: "studio@example.test", subject: "Hello", text: "A message" });
    expect(await deliverPending(db, failing)).toEqual({ sent: 0, failed: 1 });
    const [afterFailure] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, id));
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lastError: "connection refused" });

    expect(await deliverPending(db, working)).toEqual({ sent: 1, failed: 0 });
    const [afterRetry] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, id));
    expect(afterRetry.status).toBe("sent");
    expect(afterRetry.sentAt).toBeInstanceOf(Date);
    expect(sentMails).toHaveLength(1);
  });

  it("sends a message again with the same Message-ID when the first send was not recorded (issue 50, 8)", async () => {
    const db = await getDb();
    const id = await queueMail(db, { to: "twice@example.test", subject: "Paid order", text: "…" });
    const seen: { messageId?: string }[] = [];
    // The mail server takes the message, then the process dies before marking it sent.
    const acceptedThenCrash: MailSender = {
      sendMail: async (mail) => {
        seen.push(mail as { messageId?: string });
        throw new Error("killed after 250");
      },
    };
    await deliverPending(db, acceptedThenCrash);
    await deliverPending(db, { sendMail: async (mail) => void seen.push(mail as { messageId?: string }) as never });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.messageId).toBe(`<${id}@localhost>`);
    expect(seen[1]!.messageId).toBe(seen[0]!.messageId);
  });

  it("stops retrying after the last attempt but keeps the message", async () => {
    const db = await getDb();
    const id = await queueMail(db, { to: "studio@example.test", subject: "Stuck", text: "…" });
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) await deliverPending(db, failing);
    const [row] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: MAX_ATTEMPTS });
  });
});

describe("the sender", () => {
  it("sends the HTML with its text, from the studio's name, replies going to the studio's public address", async () => {
    const db = await getDb();
    await db.delete(tables.outbox);
    const studio = await getStudioIdentity();
    const mail = await composeMail(verifyEmail, { name: "Ann", url: "http://localhost:3000/verify?t=1" }, "fr");
    const id = await queueMail(db, { to: "ann@example.test", ...mail });
    const [row] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, id));
    expect(row!.html).toBe(mail.html);
    const sent: Record<string, unknown>[] = [];
    await deliverPending(db, { sendMail: async (message) => void sent.push(message as never) as never });
    expect(sent[0]).toMatchObject({
      from: `"${studio.name}" <no-reply@localhost>`,
      replyTo: studio.email,
      subject: "Vérifiez votre adresse courriel",
      text: mail.text,
      html: mail.html,
    });
  });
});

describe("outbox order", () => {
  it("a new message goes before the backlog of failed ones: a link asked for now is not held behind an outage", async () => {
    const db = await getDb();
    await db.delete(tables.outbox);
    for (let i = 0; i < 3; i++)
      await queueMail(db, { to: "buyer@example.test", subject: `during the outage ${i}`, text: "…" });
    await deliverPending(db, failing);
    await queueMail(db, { to: "buyer@example.test", subject: "the link asked for now", text: "…" });
    const subjects: string[] = [];
    await deliverPending(
      db,
      { sendMail: async (mail) => void subjects.push(String(mail.subject)) as never },
      { limit: 1 },
    );
    expect(subjects).toEqual(["the link asked for now"]);
  });
});

describe("outbox with several senders", () => {
  const slowSender = (log: string[], delayMs = 5): MailSender => ({
    sendMail: async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      log.push(String(mail.subject));
      return {} as never;
    },
  });

  it("two senders running at once send each message exactly once", async () => {
    const db = await getDb();
    await db.delete(tables.outbox);
    for (let i = 0; i < 30; i++) await queueMail(db, { to: "buyer@example.test", subject: `together ${i}`, text: "…" });
    const log: string[] = [];
    const [a, b] = await Promise.all([
      deliverPending(db, slowSender(log), { limit: 100 }),
      deliverPending(db, slowSender(log), { limit: 100 }),
    ]);
    expect(a.sent + b.sent).toBe(30);
    expect(log.toSorted()).toEqual(Array.from({ length: 30 }, (_, i) => `together ${i}`).toSorted());
    const rows = await db.select().from(tables.outbox);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("a message taken by a server that died is sent by another once its lease has passed, not before", async () => {
    const db = await getDb();
    await db.delete(tables.outbox);
    const id = await queueMail(db, { to: "buyer@example.test", subject: "orphan", text: "…" });
    const dead: MailSender = { sendMail: () => new Promise(() => undefined) }; // never answers, like a killed server
    void deliverPending(db, dead, { leaseMs: 400, limit: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const log: string[] = [];
    expect(await deliverPending(db, slowSender(log), { leaseMs: 400 })).toEqual({ sent: 0, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await deliverPending(db, slowSender(log), { leaseMs: 400 })).toEqual({ sent: 1, failed: 0 });
    expect(log).toEqual(["orphan"]);
    const [row] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("without SMTP, the log shows each e-mail as it is queued", () => {
  it("writes its recipient, subject and links (and nothing when turned off)", async () => {
    const db = await getDb();
    const lines: Record<string, unknown>[] = [];
    const restore = logTo({ write: (line: string) => void lines.push(JSON.parse(line)) });
    try {
      setMailToConsole(true);
      await queueMail(db, {
        to: "buyer@example.test",
        subject: "Verify your e-mail",
        text: "Open http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fverify%3Fverified%3D1 to verify.\nOr (https://example.test/help).",
      });
      setMailToConsole(false);
      await queueMail(db, { to: "quiet@example.test", subject: "Quiet", text: "http://localhost:3000/x" });
    } finally {
      setMailToConsole(undefined);
      restore();
    }
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        to: "buyer@example.test",
        subject: "Verify your e-mail",
        links: [
          "http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fverify%3Fverified%3D1",
          "https://example.test/help",
        ],
      }),
    ]);
  });
});
