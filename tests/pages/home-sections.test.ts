import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listHomeCards } from "../../server/content/home-content.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

const home = async (path: string) => (await site.app.request(`${ORIGIN}${path}`)).text();
// As Admin → Home page's Unpublish button posts it (the site's own modules, so its caches hear of it).
const unpublish = (card: { id: number; version: number }) =>
  site.app.request(`${ORIGIN}/admin/home`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "unpublish", id: String(card.id), version: String(card.version) }).toString(),
  });
const EMPTY_LIST = '<ul class="grid gap-6 md:grid-cols-3"></ul>';

describe("the home page's sections", () => {
  it("show the published cards under their headings", async () => {
    const html = await home("/");
    expect(html).toContain("Who we work with");
    expect(html).toContain("Cosplay");
  });

  it("leave out a heading with no card under it, and never an empty list", async () => {
    for (const card of await listHomeCards()) {
      if (card.published) expect((await unpublish(card)).status).toBe(200);
    }
    for (const path of ["/", "/fr"]) {
      const html = await home(path);
      expect(html).not.toContain(path === "/" ? "Who we work with" : "Avec qui on travaille");
      expect(html).not.toContain(EMPTY_LIST);
    }
  });
});
