import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { setMailSender } from "../mail/mailer.ts";
import { MAX_ATTEMPTS, queueMail, type MailSender } from "../mail/outbox.ts";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await signUpUser("admin");
  customer = await signUpUser("user");
});
afterAll(() => setMailSender(null));

const ENDPOINTS: [method: string, path: string, body?: unknown][] = [
  ["GET", "/api/admin/overview"],
  ["GET", "/api/admin/items"],
  ["GET", "/api/admin/items/some-id"],
  ["POST", "/api/admin/items", {}],
  ["DELETE", "/api/admin/items/some-id"],
  ["POST", "/api/admin/items/some-id/model", {}],
  ["DELETE", "/api/admin/items/some-id/model"],
  ["POST", "/api/update-inventory", { itemId: "some-id", version: 1, updates: {} }],
  ["GET", "/api/admin/categories"],
  ["POST", "/api/admin/categories", {}],
  ["PUT", "/api/admin/categories/some-id", {}],
  ["DELETE", "/api/admin/categories/some-id"],
  ["POST", "/api/admin/media", {}],
  ["GET", "/api/admin/messages"],
  ["POST", "/api/admin/messages/some-id", { read: true }],
  ["GET", "/api/admin/outbox"],
  ["POST", "/api/admin/outbox/retry", {}],
  ["GET", "/api/admin/staff"],
  ["POST", "/api/admin/staff/some-id/role", { role: "admin" }],
];

describe("every admin endpoint", () => {
  it.each(ENDPOINTS)("%s %s: 401 anonymous, 403 customer, answered for an admin", async (method, path, body) => {
    const anonymous = await call(path, { method, body });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: "unauthenticated", message: "User not authenticated" } });

    for (const credentials of [{ cookie: customer.cookie }, { bearer: customer.token }]) {
      const forbidden = await call(path, { method, body, ...credentials });
      expect(forbidden.status).toBe(403);
      expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe("permission-denied");
    }

    const allowed = await call(path, { method, body, cookie: admin.cookie });
    expect([200, 201, 400, 404]).toContain(allowed.status);
    const viaToken = await call(path, { method, body, bearer: admin.token });
    expect([200, 201, 400, 404]).toContain(viaToken.status);
  });
});

describe("messages", () => {
  it("lists contact messages newest first and marks them read and handled", async () => {
    const db = await getDb();
    const older = randomUUID();
    const newer = randomUUID();
    await db.insert(tables.contactMessages).values([
      {
        id: older,
        name: "Ada",
        email: "ada@example.test",
        projectType: "cosplay",
        message: "A helmet",
        createdAt: new Date(Date.now() - 60_000),
      },
      { id: newer, name: "Bo", email: "bo@example.test", projectType: "decor", message: "A lamp" },
    ]);
    const list = async () =>
      (
        (await (await call("/api/admin/messages", { cookie: admin.cookie })).json()) as {
          messages: { id: string; readAt: string | null; handledAt: string | null }[];
        }
      ).messages;
    const before = await list();
    expect(before.map((m) => m.id)).toEqual([newer, older]);
    expect(before.every((m) => m.readAt === null)).toBe(true);

    expect((await call(`/api/admin/messages/${older}`, { cookie: admin.cookie, body: { read: true } })).status).toBe(
      200,
    );
    expect((await call(`/api/admin/messages/${newer}`, { cookie: admin.cookie, body: { handled: true } })).status).toBe(
      200,
    );
    const after = await list();
    expect(after[0]).toMatchObject({ id: newer, readAt: expect.any(String), handledAt: expect.any(String) });
    expect(after[1]).toMatchObject({ id: older, readAt: expect.any(String), handledAt: null });

    expect((await call(`/api/admin/messages/${older}`, { cookie: admin.cookie, body: { read: false } })).status).toBe(
      200,
    );
    expect((await list())[1].readAt).toBeNull();
    expect((await call(`/api/admin/messages/${older}`, { cookie: admin.cookie, body: {} })).status).toBe(400);
    expect((await call(`/api/admin/messages/nope`, { cookie: admin.cookie, body: { read: true } })).status).toBe(404);
  });

  it("lists the messages fifty a page, so that none is out of the owner's reach", async () => {
    const db = await getDb();
    // Newer than every other message of this file, a second apart.
    const start = Date.now() + 3_600_000;
    await db.insert(tables.contactMessages).values(
      Array.from({ length: 55 }, (_, i) => ({
        id: randomUUID(),
        name: `Paged ${i + 1}`,
        email: "paged@example.test",
        projectType: "decor" as const,
        message: `Message ${i + 1}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    type Listed = { messages: { name: string }[]; page: number; pages: number };
    const page = async (query: string) =>
      (await (await call(`/api/admin/messages${query}`, { cookie: admin.cookie })).json()) as Listed;
    const paged = (listed: Listed) => listed.messages.map((m) => m.name).filter((name) => name.startsWith("Paged"));

    const first = await page("");
    expect(first).toMatchObject({ page: 1, pages: 2 });
    expect(paged(first)).toEqual(Array.from({ length: 50 }, (_, i) => `Paged ${55 - i}`));
    const second = await page("?page=2");
    expect(second).toMatchObject({ page: 2, pages: 2 });
    expect(paged(second)).toEqual(["Paged 5", "Paged 4", "Paged 3", "Paged 2", "Paged 1"]);
    expect(await page("?page=99")).toMatchObject({ page: 2, pages: 2 });
    expect(await page("?page=nine")).toMatchObject({ page: 1, pages: 2 });
  });

  it("shows the outbox and retries now, giving a message that ran out of attempts one more", async () => {
    const db = await getDb();
    const id = await queueMail(db, { to: "client@example.test", subject: "Your order", text: "Thanks" });
    await db
      .update(tables.outbox)
      .set({ attempts: MAX_ATTEMPTS, lastError: "connection refused" })
      .where(eq(tables.outbox.id, id));

    const outbox = (await (await call("/api/admin/outbox", { cookie: admin.cookie })).json()) as {
      entries: { id: string; attempts: number; lastError: string; givenUp: boolean }[];
    };
    expect(outbox.entries.find((e) => e.id === id)).toMatchObject({
      attempts: MAX_ATTEMPTS,
      lastError: "connection refused",
      givenUp: true,
    });

    const sent: unknown[] = [];
    const working: MailSender = { sendMail: async (mail) => void sent.push(mail) as never };
    setMailSender(working);
    const retried = await call("/api/admin/outbox/retry", { cookie: admin.cookie, body: {} });
    expect(retried.status).toBe(200);
    const result = (await retried.json()) as { entries: { id: string; status: string }[] };
    expect(result.entries.find((e) => e.id === id)?.status).toBe("sent");
    const [row] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, id));
    expect(row.status).toBe("sent");
    // Sign-ups queue their verification links too; this one message went out once.
    expect(sent.filter((mail) => (mail as { to?: string }).to === "client@example.test")).toHaveLength(1);
  });

  it("shows each e-mail in full, narrows it to a recipient, and sends one again as a copy through the outbox", async () => {
    const db = await getDb();
    const text = "Hello,\n\nVerify: http://localhost:3000/api/auth/verify-email?token=t1&callbackURL=%2Fverify\n";
    const id = await queueMail(db, {
      to: "full@example.test",
      subject: "Verify your e-mail",
      text,
      replyTo: "studio@example.test",
    });
    const listed = (await (await call("/api/admin/outbox?to=FULL@example", { cookie: admin.cookie })).json()) as {
      entries: { id: string; to: string; text: string; replyTo: string; from: string; status: string }[];
    };
    expect(listed.entries.map((e) => e.to)).toEqual(["full@example.test"]);
    expect(listed.entries[0]).toMatchObject({ id, text, replyTo: "studio@example.test", status: "pending" });
    expect(listed.entries[0].from).toContain("@");

    const sent: { to?: string; text?: string }[] = [];
    setMailSender({ sendMail: async (mail) => void sent.push(mail as { to?: string }) as never });
    const resent = await call(`/api/admin/outbox/${id}/resend`, { cookie: admin.cookie, body: {} });
    expect(resent.status).toBe(200);
    const { id: copyId } = (await resent.json()) as { id: string };
    const [copy] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, copyId));
    expect(copy).toMatchObject({
      to: "full@example.test",
      subject: "Verify your e-mail",
      text,
      replyTo: "studio@example.test",
      resentFrom: id,
    });
    await expect.poll(() => sent.filter((mail) => mail.to === "full@example.test").length).toBeGreaterThanOrEqual(1);

    const missing = await call("/api/admin/outbox/no-such-mail/resend", {
      cookie: admin.cookie,
      body: {},
      headers: { "accept-language": "fr" },
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      "Ce courriel n’est plus dans la boîte d’envoi.",
    );
  });
});

describe("staff", () => {
  it("promotes and demotes, and never demotes the last admin", async () => {
    const colleague = await signUpUser("user");
    const promoted = await call(`/api/admin/staff/${colleague.id}/role`, {
      cookie: admin.cookie,
      body: { role: "admin" },
    });
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as { member: { role: string } }).member.role).toBe("admin");
    // The colleague now reaches the admin API.
    expect((await call("/api/admin/staff", { cookie: colleague.cookie })).status).toBe(200);

    const staff = (
      (await (await call("/api/admin/staff", { cookie: admin.cookie })).json()) as {
        staff: { id: string; role: string }[];
      }
    ).staff;
    expect(staff[0].role).toBe("admin");
    for (const member of staff.filter((s) => s.role === "admin" && s.id !== admin.id)) {
      const demoted = await call(`/api/admin/staff/${member.id}/role`, {
        cookie: admin.cookie,
        body: { role: "user" },
      });
      expect(demoted.status).toBe(200);
    }
    expect((await call("/api/admin/staff", { cookie: colleague.cookie })).status).toBe(403);

    const last = await call(`/api/admin/staff/${admin.id}/role`, { cookie: admin.cookie, body: { role: "user" } });
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({
      error: {
        code: "aborted",
        message: "The last admin cannot be demoted: make someone else an admin first.",
        reason: "staff.last_admin",
      },
    });
    // The same refusal, the same stable code, in the words of a French admin page.
    const french = await call(`/api/admin/staff/${admin.id}/role`, {
      cookie: admin.cookie,
      headers: { "accept-language": "fr-CA" },
      body: { role: "user" },
    });
    expect(french.status).toBe(409);
    expect(await french.json()).toEqual({
      error: {
        code: "aborted",
        message: "Le dernier administrateur ne peut pas perdre ses droits\u00a0: nommez d’abord quelqu’un d’autre.",
        reason: "staff.last_admin",
      },
    });
    const db = await getDb();
    const [row] = await db.select().from(tables.user).where(eq(tables.user.id, admin.id));
    expect(row.role).toBe("admin");

    const bad = await call(`/api/admin/staff/${colleague.id}/role`, { cookie: admin.cookie, body: { role: "owner" } });
    expect(bad.status).toBe(400);
  });

  it("lets two admins demote each other only until one admin is left", async () => {
    const a = await signUpUser("admin");
    const b = await signUpUser("admin");
    const db = await getDb();
    // Only a and b stay admins for this test.
    const others = await db.select().from(tables.user).where(eq(tables.user.role, "admin"));
    for (const other of others.filter((u) => u.id !== a.id && u.id !== b.id)) {
      await db.update(tables.user).set({ role: "user" }).where(eq(tables.user.id, other.id));
    }
    const results = await Promise.all([
      call(`/api/admin/staff/${b.id}/role`, { cookie: a.cookie, body: { role: "user" } }),
      call(`/api/admin/staff/${a.id}/role`, { cookie: b.cookie, body: { role: "user" } }),
    ]);
    const admins = await db.select().from(tables.user).where(eq(tables.user.role, "admin"));
    expect(admins.length).toBeGreaterThanOrEqual(1);
    expect(results.map((r) => r.status).sort()).not.toEqual([200, 200]);
    await db.update(tables.user).set({ role: "admin" }).where(eq(tables.user.id, admin.id));
  });
});
