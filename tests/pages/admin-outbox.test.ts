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
    // The frame holds the e-mail's own HTML, its links absolute.
    const srcdoc = /\ssrcDoc="([^"]*)"|\ssrcdoc="([^"]*)"/i.exec(frame!);
    const shown = srcdoc![1] ?? srcdoc![2]!;
    expect(shown).toContain(escaped('href="https://forgefilament.example/orders/ORD-7K2Q"'));
    expect(shown).toContain("Headphone stand");
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
});
