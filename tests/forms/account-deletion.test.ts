import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** "Delete my account" as a browser without JavaScript uses it: a GET to the confirmation, then a post. */
let site: { app: Hono; close: () => Promise<void> };
let buyer: TestUser;
beforeAll(async () => {
  site = await loadSite();
  buyer = await signUpUser("user");
}, 60_000);
afterAll(() => site.close());

function post(path: string, fields: Record<string, string>) {
  return site.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie: buyer.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("deleting an account without JavaScript", () => {
  it("shows the confirmation in the page, refuses a wrong address in French, then deletes", async () => {
    const profile = await (
      await site.app.request(`${ORIGIN}/fr/profile`, { headers: { cookie: buyer.cookie } })
    ).text();
    expect(profile).toContain('name="delete-account"');
    expect(profile).not.toContain('action="/fr/profile?delete-account=1"');

    const confirm = await (
      await site.app.request(`${ORIGIN}/fr/profile?delete-account=1`, { headers: { cookie: buyer.cookie } })
    ).text();
    expect(confirm).toContain("Votre adresse courriel");
    expect(confirm).toContain('action="/fr/profile?delete-account=1"');

    const refused = await post("/fr/profile?delete-account=1", {
      intent: "delete-account",
      email: "someone-else@example.test",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Tapez l’adresse courriel de ce compte pour confirmer.");
    const db = await getDb();
    expect(await db.select().from(tables.user).where(eq(tables.user.id, buyer.id))).toHaveLength(1);

    const deleted = await post("/fr/profile?delete-account=1", { intent: "delete-account", email: buyer.email });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/fr/login?accountDeleted=1");
    expect(await db.select().from(tables.user).where(eq(tables.user.id, buyer.id))).toHaveLength(0);
  });
});
