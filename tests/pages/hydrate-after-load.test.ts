import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromAddress, ORIGIN, signUpUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/**
 * Decision 062: a page starts loading its modules after the window's `load` event. React Router's
 * <Scripts> output is taken apart to do so (app/lib/hydrate-after-load.tsx): if a React Router
 * release changes its shape, the page falls back to <Scripts> as it is, and these tests fail.
 */

// Pages kept and spliced as in production: the loader must take each response's own nonce.
process.env.PAGE_CACHE_MS = process.env.TEST_PAGE_CACHE_MS ?? "60000";
process.env.SHARED_PAGE_MS = process.env.TEST_SHARED_PAGE_MS ?? "60000";

let site: { app: Hono; close: () => Promise<void> };
let ip = 0;
beforeAll(async () => {
  site = await loadSite();
}, 60_000);
afterAll(() => site.close());

async function page(path: string, cookie = "") {
  const response = await site.app.request(
    `${ORIGIN}${path}`,
    { headers: { cookie } },
    fromAddress(`203.0.113.${(ip++ % 200) + 1}`),
  );
  expect(response.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { html: await response.text(), nonce };
}

/** The one inline script that starts the page's modules, and what it holds. */
function loader(html: string) {
  const scripts = [
    ...html.matchAll(
      /<script nonce="([^"]*)">(\(function\(nonce\)\{function start\(\)\{(\[.*?\])\.forEach.*?script\.textContent=(".*?");document\.body)/g,
    ),
  ];
  expect(scripts).toHaveLength(1);
  const [, nonce, , preloads, module] = scripts[0]!;
  return { nonce, preloads: JSON.parse(preloads!) as string[], module: JSON.parse(module!) as string };
}

async function signedInCookie() {
  const account = await signUpUser("user");
  const response = await site.app.request(
    `${ORIGIN}/api/auth/sign-in/email`,
    {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: "correct-horse" }),
    },
    fromAddress("203.0.113.250"),
  );
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((set) => set.split(";")[0])
    .join("; ");
}

describe("a page's JavaScript", () => {
  it("is neither preloaded nor imported by the HTML itself, and starts after the window's load and the next paint", async () => {
    for (const path of ["/", "/store", "/fr/inspirations"]) {
      const { html, nonce } = await page(path);
      expect(html).not.toMatch(/<link[^>]*modulepreload/);
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      const start = loader(html);
      expect(start.nonce).toBe(nonce);
      expect(html).toContain('addEventListener("load",afterPaint,{once:true})');
      expect(html).toContain(
        "requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(once,0)})})",
      );
      // React Router's module, whole: its routes' modules, then its entry, which hydrates.
      expect(start.module).toContain("window.__reactRouterRouteModules");
      expect(start.module).toMatch(/import\("[^"]*entry\.client[^"]*"\);$/);
      expect(start.preloads.length).toBeGreaterThan(0);
      // The router's context and its stream of deferred data are still set up at once.
      expect(html).toContain(`<script nonce="${nonce}">window.__reactRouterContext = `);
    }
  });

  it("starts the same way on a signed-in person's spliced page, with that response's nonce", async () => {
    const cookie = await signedInCookie();
    const first = await page("/store", cookie);
    const second = await page("/store", cookie);
    expect(first.html).toContain('id="personal-data"');
    for (const { html, nonce } of [first, second]) {
      expect(html).not.toMatch(/<link[^>]*modulepreload/);
      expect(loader(html).nonce).toBe(nonce);
    }
    expect(first.nonce).not.toBe(second.nonce);
  });
});
