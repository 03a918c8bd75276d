import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { deliverPending, MAX_ATTEMPTS, queueMail, type MailSender } from "./outbox.ts";

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

  it("stops retrying after the last attempt but keeps the message", async () => {
    const db = await getDb();
    const id = await queueMail(db, { to: "studio@example.test", subject: "Stuck", text: "…" });
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) await deliverPending(db, failing);
    const [row] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: MAX_ATTEMPTS });
  });
});
