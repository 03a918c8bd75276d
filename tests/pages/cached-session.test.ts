import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { fromAddress, ORIGIN } from "../support/api.ts";
import { seedItems } from "../support/shop.ts";
import { loadSite } from "../support/site.ts";

/**
 * A buyer's own pages read who is signed in from the session's signed cookie cache (decision 038),
 * not the database: every change of the account must make that copy stale at once. Every request
 * goes through the site itself, as a browser's would.
 */
let site: { app: Hono; close: () => Promise<void> };
beforeAll(async () => {
  site = await loadSite();
  await seedItems([{ id: "cached-session-lamp", stock: 5, priceCents: 2500 }]);
}, 60_000);
afterAll(() => site.close());

const request = (path: string, cookie: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie);
  if (init.method === "POST") headers.set("origin", ORIGIN);
  return site.app.request(
    `${ORIGIN}${path}`,
    { ...init, headers },
    fromAddress(`198.51.100.${Math.floor(Math.random() * 250) + 1}`),
  );
};
const page = async (path: string, cookie: string) => (await request(path, cookie)).text();

async function signUp(): Promise<{ email: string; cookie: string }> {
  const email = `cached-${randomUUID().slice(0, 8)}@example.test`;
  const response = await request("/api/auth/sign-up/email", "", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "cached", email, password: "correct-horse" }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { email, cookie };
}

describe("a buyer's own pages and the cached session", () => {
  it("the checkout stops treating the buyer as a guest as soon as the link is opened, with the cookie from before", async () => {
    const buyer = await signUp();
    const added = await request("/cart", buyer.cookie, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", itemId: "cached-session-lamp", quantity: "1" }),
    });
    expect(added.status).toBe(302);
    expect(await page("/store/checkout", buyer.cookie)).toContain("Your e-mail address is not verified yet");
    const db = await getDb();
    const [mail] = await db
      .select()
      .from(tables.outbox)
      .where(eq(tables.outbox.to, buyer.email))
      .orderBy(desc(tables.outbox.createdAt));
    const link = new URL(mail!.text.match(/http\S+verify-email\S+/)![0]);
    expect((await request(link.pathname + link.search, "")).status).toBe(302);
    expect(await page("/store/checkout", buyer.cookie)).not.toContain("Your e-mail address is not verified yet");
  });

  it("the profile shows a new e-mail address at once", async () => {
    const buyer = await signUp();
    expect(await page("/profile", buyer.cookie)).toContain(buyer.email);
    const changed = `changed-${buyer.email}`;
    const response = await request("/api/auth/change-email", buyer.cookie, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ newEmail: changed }),
    });
    expect(response.status).toBe(200);
    expect(await page("/profile", buyer.cookie)).toContain(changed);
  });
});
