import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getNoticeSettings } from "../../server/settings/notice-settings.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** Admin → Settings → "Notices by e-mail", as a browser without JavaScript posts it. */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

const post = (path: string, fields: [string, string][]) =>
  site.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const kinds = ["paid_order", "quote_request", "quote_review", "refund_failed", "low_stock"];

describe("the studio's notice settings", () => {
  it("refuse a bad address with a 400 in the page's language and keep the old settings", async () => {
    const before = await getNoticeSettings();
    const refused = await post("/fr/admin/settings", [
      ["intent", "notices"],
      ["locale", "fr"],
      ["lowStockThreshold", "2"],
      ...kinds.flatMap(
        (k) =>
          [
            [`${k}.enabled`, "on"],
            [`${k}.to`, k === "low_stock" ? "pas une adresse" : "atelier@example.test"],
          ] as [string, string][],
      ),
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Entrez une adresse courriel, comme atelier@exemple.com.");
    expect(await getNoticeSettings()).toEqual(before);
  });

  it("save each kind on or off with its address, the language and the threshold", async () => {
    const saved = await post("/admin/settings", [
      ["intent", "notices"],
      ["locale", "fr"],
      ["lowStockThreshold", "5"],
      ["paid_order.enabled", "on"],
      ["paid_order.to", "orders@example.test"],
      ...kinds.slice(1).map((k) => [`${k}.to`, ""] as [string, string]),
    ]);
    expect(saved.status).toBe(200);
    const settings = await getNoticeSettings();
    expect(settings).toMatchObject({ locale: "fr", lowStockThreshold: 5 });
    expect(settings.kinds.paid_order).toEqual({ enabled: true, to: "orders@example.test" });
    expect(settings.kinds.low_stock).toEqual({ enabled: false, to: "" });
    const page = await (
      await site.app.request(`${ORIGIN}/admin/settings`, { headers: { cookie: admin.cookie } })
    ).text();
    expect(page).toContain("Notices by e-mail");
    expect(page).toContain('value="orders@example.test"');
  });
});
