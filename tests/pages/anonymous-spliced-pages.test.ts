import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromAddress, ORIGIN, signUpUser } from "../support/api.ts";
import { seedItems } from "../support/shop.ts";
import { loadSite } from "../support/site.ts";

/**
 * With the anonymous page cache off (PAGE_CACHE_MS=0), an anonymous visitor's page is the shared
 * part of decision 060 with the anonymous header and an empty cart spliced in (decision 065):
 * rendered per request is only what would belong to a person.
 */

process.env.PAGE_CACHE_MS = "0";
process.env.SHARED_PAGE_MS = process.env.TEST_SHARED_PAGE_MS ?? "60000";

let site: { app: Hono; close: () => Promise<void> };
let ip = 0;

function request(path: string, init: RequestInit = {}) {
  return site.app.request(`${ORIGIN}${path}`, init, fromAddress(`198.51.100.${(ip++ % 200) + 1}`));
}

async function page(path: string, cookie = "") {
  const response = await request(path, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

const spliced = (html: string) => html.includes('<script type="application/json" id="personal-data">');
const personalData = (html: string) =>
  JSON.parse(/id="personal-data">([^<]*)<\/script>/.exec(html)![1]!) as { user: unknown; cart: { count: number } };
const cartCount = (html: string) => Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]);

beforeAll(async () => {
  site = await loadSite();
  await seedItems([{ id: "anon-lamp", stock: 20, priceCents: 2500 }]);
}, 60_000);
afterAll(() => site.close());

describe("an anonymous page with the page cache off", () => {
  it("is the shared part with the anonymous header and an empty cart, in both languages", async () => {
    for (const path of ["/store", "/fr/store", "/store/anon-lamp", "/about", "/"]) {
      const html = await page(path);
      expect(spliced(html), path).toBe(true);
      expect(html, path).not.toContain("data-personal=");
      expect(personalData(html), path).toEqual(expect.objectContaining({ user: null }));
      expect(personalData(html).cart.count, path).toBe(0);
      expect(html, path).not.toContain('action="/logout"');
    }
  });

  it("a visitor who adds to the cart sees their count; the next visitor still sees none", async () => {
    const form = new URLSearchParams({ intent: "add", itemId: "anon-lamp", quantity: "2" });
    const added = await request("/cart", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    const cookie = added.headers
      .getSetCookie()
      .map((set) => set.split(";")[0])
      .join("; ");
    const [withCart, without] = await Promise.all([page("/store", cookie), page("/store")]);
    expect(cartCount(withCart)).toBe(2);
    expect(cartCount(without)).toBe(0);
  });

  it("shows a price an admin changed on the next request", async () => {
    const owner = await signUpUser("admin");
    const signIn = await request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ email: owner.email, password: "correct-horse" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((set) => set.split(";")[0])
      .join("; ");
    expect(await page("/store/anon-lamp")).toContain("25.00");
    const item = (await (await request("/api/admin/items/anon-lamp", { headers: { cookie } })).json()) as {
      item: { version: number };
    };
    const changed = await request("/api/update-inventory", {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ itemId: "anon-lamp", version: item.item.version, updates: { price: "31.50" } }),
    });
    expect(changed.status).toBe(200);
    const html = await page("/store/anon-lamp");
    expect(html).toContain("31.50");
    expect(html).not.toContain("25.00");
  });
});
