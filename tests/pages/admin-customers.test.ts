import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** /admin/customers and a customer's page as an admin's browser uses them (plain GETs and form posts). */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser, buyer: TestUser;
beforeAll(async () => {
  site = await loadSite();
  [admin, buyer] = await Promise.all([signUpUser("admin"), signUpUser("user")]);
}, 60_000);
afterAll(() => site.close());

const get = (path: string, user = admin) => site.app.request(`${ORIGIN}${path}`, { headers: { cookie: user.cookie } });
const post = (path: string, fields: Record<string, string>, origin = ORIGIN) =>
  site.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin, cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

describe("the customer list page", () => {
  it("finds a customer by e-mail, in both languages, with a link to their page", async () => {
    const page = await get(`/admin/customers?q=${encodeURIComponent(buyer.email)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(buyer.email);
    expect(html).toContain(`href="/admin/customers/${buyer.id}"`);
    expect(html).toContain("1 customer");
    const french = await (await get(`/fr/admin/customers?q=${encodeURIComponent(buyer.email)}`)).text();
    expect(french).toContain(`href="/fr/admin/customers/${buyer.id}"`);
    expect(french).toContain("Dernière commande");
  });

  it("answers a bad sort, direction or page with a 400 that says why, in the page's language", async () => {
    const bad = await get("/fr/admin/customers?sort=password");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Cette liste ne peut pas être triée ainsi.");
    expect((await get("/admin/customers?page=-1")).status).toBe(400);
    expect(await (await get("/admin/customers?dir=up")).text()).toContain("A sort order is ascending or descending.");
  });

  it("is for admins only", async () => {
    const refused = await get("/admin/customers", buyer);
    expect(refused.status).toBe(302);
  });
});

describe("a customer's page", () => {
  it("marks the address verified by hand (same origin only), and shows who did it", async () => {
    // Refused before the action runs (React Router's own origin check answers 400, ours 403).
    expect([400, 403]).toContain(
      (await post(`/admin/customers/${buyer.id}`, { intent: "mark-verified" }, "https://evil.example")).status,
    );
    const db = await getDb();
    expect((await db.select().from(tables.user).where(eq(tables.user.id, buyer.id)))[0].emailVerified).toBe(false);
    const wrong = await post(`/fr/admin/customers/${buyer.id}`, { intent: "delete-everything" });
    expect(wrong.status).toBe(400);

    const before = await (await get(`/admin/customers/${buyer.id}`)).text();
    expect(before).toContain("Mark as verified");
    const done = await post(`/admin/customers/${buyer.id}`, { intent: "mark-verified" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("The address is marked verified.");
    const [row] = await db.select().from(tables.user).where(eq(tables.user.id, buyer.id));
    expect(row.emailVerified).toBe(true);
    const after = await (await get(`/fr/admin/customers/${buyer.id}`)).text();
    expect(after).toMatch(/Marquée vérifiée à la main par admin-[0-9a-f]+, le /);
  });

  it("is a 404 for someone who is not a customer", async () => {
    expect((await get("/admin/customers/no-such-customer")).status).toBe(404);
    expect((await get(`/admin/customers/${admin.id}`)).status).toBe(404);
  });
});

describe("the order list's filters (issue 21, point 5)", () => {
  it("answers a bad date range or delivery with a 400 in the page's language, and links the export to the filters", async () => {
    const bad = await get("/fr/admin/orders?from=2026-04-01&to=2026-03-01");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Le premier jour vient avant le dernier.");
    expect((await get("/admin/orders?method=drone")).status).toBe(400);
    const ok = await get(`/admin/orders?method=pickup&from=2026-01-01&q=${encodeURIComponent(buyer.email)}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(
      `href="/api/admin/exports/orders.csv?q=${encodeURIComponent(buyer.email)}&amp;from=2026-01-01&amp;method=pickup"`,
    );
  });
});

describe("customers waiting for verification", () => {
  it("are listed with a Verify button that posts to the customer's page, until verified", async () => {
    const waiting = await signUpUser("user");
    const awaitingOf = (html: string) => /data-testid="awaiting-verification"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    const before = awaitingOf(await (await get("/admin/customers")).text());
    expect(before).toMatch(/Waiting for verification \(\d+\)/);
    expect(before).toContain(waiting.email);
    expect(before).toContain(`action="/admin/customers/${waiting.id}"`);
    const verified = await post(`/admin/customers/${waiting.id}`, { intent: "mark-verified" });
    expect(verified.status).toBe(200);
    const after = awaitingOf(await (await get("/fr/admin/customers")).text());
    expect(after).not.toContain(waiting.email);
  });
});

describe("the dashboard's outbox line", () => {
  it("opens the outbox", async () => {
    const html = await (await get("/admin")).text();
    expect(html).toContain('href="/admin/messages#outbox"');
  });
});
