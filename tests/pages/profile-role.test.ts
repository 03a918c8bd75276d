import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** The spec's profile screen: "Shows e-mail and a role badge", to every signed-in person. */
let site: { app: Hono; close: () => Promise<void> };
let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  buyer = await signUpUser("user");
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

const profile = async (path: string, user: TestUser) =>
  (await site.app.request(`${ORIGIN}${path}`, { headers: { cookie: user.cookie } })).text();
const badge = (html: string) => html.match(/<dt[^>]*>(Role|Rôle)<\/dt><dd><span[^>]*>([^<]+)<\/span>/)?.[2];

describe("the profile's role badge", () => {
  it("shows a customer their role, in both languages", async () => {
    expect(badge(await profile("/profile", buyer))).toBe("Customer");
    expect(badge(await profile("/fr/profile", buyer))).toBe("Client");
  });

  it("shows an admin theirs", async () => {
    expect(badge(await profile("/profile", admin))).toBe("Administrator");
    expect(badge(await profile("/fr/profile", admin))).toBe("Administrateur");
  });
});
