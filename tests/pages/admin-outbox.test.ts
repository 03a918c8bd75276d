import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { renderEmail } from "../../server/mail/emails/compose.ts";
import { fixtureContext, fixtures } from "../../server/mail/emails/fixtures.ts";
import { queueMail } from "../../server/mail/outbox.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** Admin → Messages → Outbox: each e-mail as its recipient sees it, beside its text, and "Send again". */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

describe("the outbox", () => {
  it("shows the HTML in a frame that runs no script and has no origin, beside the text with its links", async () => {
    const receipt = fixtures.find((fixture) => fixture.name === "receipt")!;
    const mail = await renderEmail(receipt.template, receipt.data("en") as never, fixtureContext("en"));
    const id = await queueMail(await getDb(), { to: "outbox-buyer@example.test", ...mail });

    const page = await site.app.request(`${ORIGIN}/admin/messages`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const frame = new RegExp(`<iframe[^>]*title="[^"]*${escaped(mail.subject)}[^"]*"[^>]*>`).exec(html)?.[0];
    expect(frame).toBeDefined();
    const sandbox = /\ssandbox="([^"]*)"/.exec(frame!)![1]!.split(/\s+/);
    expect(sandbox).not.toContain("allow-scripts");
    expect(sandbox).not.toContain("allow-same-origin");
    // The page carries no e-mail's HTML: the frame loads it from its own address when opened.
    expect(html).not.toMatch(/srcdoc/i);
    expect(html).not.toContain(escaped(mail.html.slice(0, 300)));
    expect(html).not.toContain(JSON.stringify(mail.html).slice(1, 300));
    expect(/\sloading="lazy"/.test(frame!)).toBe(true);
    const src = /\ssrc="([^"]*)"/.exec(frame!)![1]!.replaceAll("&amp;", "&");
    expect(src).toBe(`/api/admin/outbox/${id}/html`);
    const shown = await site.app.request(`${ORIGIN}${src}`, { headers: { cookie: admin.cookie } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toMatch(/^text\/html/);
    // Framed by this site only, and nothing in it runs or has an origin, whatever the frame says.
    expect(shown.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const policy = shown.headers.get("content-security-policy")!;
    expect(policy).toMatch(/^sandbox allow-popups allow-popups-to-escape-sandbox;/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toMatch(/script-src|allow-scripts|allow-same-origin/);
    const body = await shown.text();
    // The e-mail's own HTML, its links absolute and opening in a new tab.
    expect(body).toContain('href="https://forgefilament.example/orders/ORD-7K2Q"');
    expect(body).toContain("Headphone stand");
    expect(body).toContain('<base target="_blank">');
    // Only the admin reads it.
    const anonymous = await site.app.request(`${ORIGIN}${src}`);
    expect(anonymous.status).toBe(401);
    const missing = await site.app.request(`${ORIGIN}/api/admin/outbox/no-such-mail/html`, {
      headers: { cookie: admin.cookie, "accept-language": "fr" },
    });
    expect(missing.status).toBe(404);
    // Beside it, the text part, its address a link.
    expect(html).toContain('data-testid="mail-text"');
    expect(html).toMatch(/<a href="https:\/\/forgefilament\.example\/orders\/ORD-7K2Q"[^>]*target="_blank"/);

    const again = await site.app.request(`${ORIGIN}/admin/messages`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "resend", id, to: "outbox-buyer@example.test" }).toString(),
    });
    expect(again.status).toBeLessThan(400);
    const db = await getDb();
    const [copy] = await db.select().from(tables.outbox).where(eq(tables.outbox.resentFrom, id));
    expect(copy).toMatchObject({ to: "outbox-buyer@example.test", subject: mail.subject, html: mail.html });
  });

  it("shows 25 e-mails a page, newest first, and pages through the rest with the filter kept", async () => {
    const to = `pages-${Date.now()}@example.test`;
    const db = await getDb();
    // A second apart: mails queued within one tick of PGlite's clock have no order of their own.
    const start = Date.now() - 60_000;
    for (let n = 1; n <= 27; n++) {
      const id = await queueMail(db, { to, subject: `Paged mail ${n}`, text: `Mail ${n}.` });
      await db
        .update(tables.outbox)
        .set({ createdAt: new Date(start + n * 1000) })
        .where(eq(tables.outbox.id, id));
    }
    const subjects = (html: string) => [...html.matchAll(/<h3[^>]*>(Paged mail \d+)<\/h3>/g)].map((m) => m[1]);

    const first = await (
      await site.app.request(`${ORIGIN}/admin/messages?to=${encodeURIComponent(to)}`, {
        headers: { cookie: admin.cookie },
      })
    ).text();
    expect(subjects(first)).toHaveLength(25);
    expect(subjects(first)[0]).toBe("Paged mail 27");
    expect(first).toContain("Page 1 of 2");
    const next = /<a[^>]*href="([^"]*)"[^>]*>Next page<\/a>/.exec(first)![1]!.replaceAll("&amp;", "&");
    expect(next).toBe(`/admin/messages?to=${encodeURIComponent(to)}&outboxPage=2#outbox`);

    const second = await (
      await site.app.request(`${ORIGIN}${next.replace("#outbox", "")}`, {
        headers: { cookie: admin.cookie },
      })
    ).text();
    expect(subjects(second)).toEqual(["Paged mail 2", "Paged mail 1"]);
    expect(second).toContain("Page 2 of 2");

    const api = await site.app.request(`${ORIGIN}/api/admin/outbox?to=${encodeURIComponent(to)}&page=2`, {
      headers: { cookie: admin.cookie },
    });
    const listed = (await api.json()) as {
      entries: { subject: string; hasHtml: boolean }[];
      page: number;
      pages: number;
    };
    expect(listed).toMatchObject({ page: 2, pages: 2 });
    expect(listed.entries.map((entry) => entry.subject)).toEqual(["Paged mail 2", "Paged mail 1"]);
    expect(listed.entries[0]).not.toHaveProperty("html");
  });
});

describe("the messages", () => {
  it("are paged fifty at a time, their pages named apart from the outbox's, in the admin's language", async () => {
    const db = await getDb();
    const start = Date.now() + 3_600_000;
    await db.insert(tables.contactMessages).values(
      Array.from({ length: 51 }, (_, n) => ({
        id: `paged-message-${n}`,
        name: `Sender ${n}`,
        email: "sender@example.test",
        projectType: "decor" as const,
        message: `Message ${n}`,
        createdAt: new Date(start + n * 1000),
      })),
    );
    const page = async (path: string) =>
      (await site.app.request(`${ORIGIN}${path}`, { headers: { cookie: admin.cookie } })).text();
    const first = await page("/admin/messages");
    expect(first).toContain('<nav aria-label="Pages of messages"');
    expect(first).toContain("Sender 50");
    expect(first).not.toContain("Sender 0<");
    const next = /<nav aria-label="Pages of messages".*?<a[^>]*href="([^"]*)"/s.exec(first)![1]!;
    expect(next).toBe("/admin/messages?page=2");
    const second = await page(next);
    expect(second).toContain("Sender 0<");
    expect(second).not.toContain("Sender 50");
    expect(await page("/fr/admin/messages")).toContain('<nav aria-label="Pages des messages"');
  });
});
