import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { redirect } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { wantsFrench } from "../../domain/first-visit-language.ts";
import { readCookie, THEME_COOKIE, themeFrom } from "../../domain/preferences.ts";
import { call, ORIGIN, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { seedItems } from "../../tests/support/shop.ts";
import { getSessionUser } from "../auth/session.ts";
import { listItems } from "../catalogue/catalogue.ts";
import { pagePolicy } from "./content-security-policy.ts";
import { createPageCache, type RenderPage } from "./page-cache.ts";

/**
 * A stand-in for React Router's render with the same inputs as the real pages (session, theme
 * cookie, first-visit language, the catalogue) and the nonce in its header and inline scripts.
 * Each render numbers itself, so a response shows whether it was rendered for it.
 */
let renders = 0;
const render: RenderPage = async (request, nonce) => {
  const url = new URL(request.url);
  if (url.pathname === "/" && wantsFrench(request.headers)) throw redirect("/fr");
  if (url.pathname === "/missing") {
    return new Response(`<p>render ${++renders}: not found</p>`, {
      status: 404,
      headers: { "Content-Type": "text/html" },
    });
  }
  const user = await getSessionUser(request.headers);
  if (url.pathname.endsWith(".data")) {
    const data = JSON.stringify({ render: ++renders, user: user?.email ?? null });
    return new Response(`render ${renders} ${data}`, {
      headers: { "Content-Type": "text/x-script", "Cache-Control": "private, no-cache" },
    });
  }
  const theme = themeFrom(readCookie(request.headers.get("cookie"), THEME_COOKIE));
  const { items } = await listItems({ locale: "en" });
  const html = [
    `<html data-theme="${theme}"><body>`,
    `<p>render ${++renders}</p>`,
    `<p>${user ? `signed in as ${user.email}` : "guest"}</p>`,
    `<ul>${items.map((item) => `<li>${item.name}</li>`).join("")}</ul>`,
    `<script nonce="${nonce}">window.__data = 1</script><script nonce="${nonce}" src="/app.js"></script>`,
    "</body></html>",
  ].join("");
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": pagePolicy(nonce),
      "Cache-Control": "private, no-cache",
    },
  });
};

function siteWith(cache: ReturnType<typeof createPageCache>) {
  const site = new Hono();
  site.all("*", async (c) => {
    try {
      return await cache.serve(c.req.raw, render);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
  return (path: string, headers: Record<string, string> = {}, method = "GET") =>
    site.request(`${ORIGIN}${path}`, { headers, method });
}

type Seen = { status: number; html: string; headerNonce: string; htmlNonces: string[]; render: number };

async function see(response: Response): Promise<Seen> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const html = (response.headers.get("content-encoding") === "gzip" ? gunzipSync(bytes) : bytes).toString();
  return {
    status: response.status,
    html,
    headerNonce: /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "",
    htmlNonces: [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]!),
    render: Number(/render (\d+)/.exec(html)?.[1]),
  };
}

const get = siteWith(createPageCache({ ttlMs: 60_000, maxEntries: 50 }));
let admin: TestUser;

beforeAll(async () => {
  await seedItems([{ id: "dragon-lamp", stock: 3, priceCents: 4_500 }]);
  admin = await signUpUser("admin");
});

describe("page cache", () => {
  it("serves an anonymous visitor the page already rendered, with a fresh nonce in the header and the scripts", async () => {
    const first = await see(await get("/store?q=lamp"));
    const second = await see(await get("/store?q=lamp"));
    const third = await see(await get("/store?q=lamp"));
    expect(second.render).toBe(first.render);
    expect(third.render).toBe(first.render);
    expect(second.html).toContain("<li>Name of dragon-lamp</li>");
    expect(new Set([first.headerNonce, second.headerNonce, third.headerNonce]).size).toBe(3);
    for (const seen of [first, second, third]) {
      expect(seen.headerNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(seen.htmlNonces).toEqual([seen.headerNonce, seen.headerNonce]);
    }
    expect(second.html.replaceAll(second.headerNonce, "N")).toBe(first.html.replaceAll(first.headerNonce, "N"));
  });

  it("serves the cached page gzipped to a browser that accepts it, with its own nonce", async () => {
    const plain = await see(await get("/services"));
    const response = await get("/services", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const gzipped = await see(response);
    expect(gzipped.render).toBe(plain.render);
    expect(gzipped.headerNonce).not.toBe(plain.headerNonce);
    expect(gzipped.htmlNonces).toEqual([gzipped.headerNonce, gzipped.headerNonce]);
    expect(gzipped.html.replaceAll(gzipped.headerNonce, "N")).toBe(plain.html.replaceAll(plain.headerNonce, "N"));
    const refused = await get("/services", { "accept-encoding": "gzip;q=0, identity" });
    expect(refused.headers.get("content-encoding")).toBeNull();
  });

  it("keeps a page's .data (a client-side navigation) like its HTML, apart from it, and not for a signed-in visitor", async () => {
    const html = await see(await get("/store?category=lamps"));
    const data = await see(await get("/store.data?category=lamps"));
    expect(data.html).toMatch(/^render \d+ \{"render":\d+,"user":null\}$/);
    expect(data.render).not.toBe(html.render);
    const again = await get("/store.data?category=lamps", { "accept-encoding": "gzip" });
    expect(again.headers.get("content-type")).toBe("text/x-script");
    expect(again.headers.get("vary")).toBe("Accept-Encoding");
    expect((await see(again)).render).toBe(data.render);
    const user = await signUpUser();
    const signedIn = await see(await get("/store.data?category=lamps", { cookie: user.cookie }));
    expect(signedIn.html).toContain(user.email);
    expect(signedIn.render).not.toBe(data.render);
  });

  it("never serves a signed-in visitor the cached page, nor keeps theirs for others", async () => {
    const anonymous = await see(await get("/inspirations"));
    const user = await signUpUser();
    const signedIn = await see(await get("/inspirations", { cookie: user.cookie }));
    expect(signedIn.html).toContain(`signed in as ${user.email}`);
    expect(signedIn.render).not.toBe(anonymous.render);
    const again = await see(await get("/inspirations", { cookie: user.cookie }));
    expect(again.render).not.toBe(signedIn.render);
    const byToken = await see(await get("/inspirations", { authorization: `Bearer ${user.token}` }));
    expect(byToken.html).toContain(`signed in as ${user.email}`);
    const anonymousAgain = await see(await get("/inspirations"));
    expect(anonymousAgain.html).toContain("guest");
    expect(anonymousAgain.render).toBe(anonymous.render);
  });

  it("shows an admin's edit on the next visit", async () => {
    const before = await see(await get("/store"));
    expect(before.html).toContain("<li>Name of dragon-lamp</li>");
    const edit = await call("/api/update-inventory", {
      cookie: admin.cookie,
      body: {
        itemId: "dragon-lamp",
        version: 1,
        updates: {
          translations: {
            en: { name: "Ember dragon lamp", description: "" },
            fr: { name: "Lampe dragon", description: "" },
          },
        },
      },
    });
    expect(edit.status).toBe(200);
    const after = await see(await get("/store"));
    expect(after.html).toContain("<li>Ember dragon lamp</li>");
    expect(after.html).not.toContain("Name of dragon-lamp");
  });

  it("gives each theme its own page", async () => {
    // No choice yet: the page follows the system's preference (CSS), a page of its own.
    const system = await see(await get("/about"));
    const light = await see(await get("/about", { cookie: "theme=light" }));
    const dark = await see(await get("/about", { cookie: "theme=dark" }));
    expect(system.html).toContain('data-theme="system"');
    expect(light.html).toContain('data-theme="light"');
    expect(dark.html).toContain('data-theme="dark"');
    const darkAgain = await see(await get("/about", { cookie: "lang=en; theme=dark" }));
    expect(darkAgain.render).toBe(dark.render);
    expect((await see(await get("/about", { cookie: "theme=light" }))).render).toBe(light.render);
    expect((await see(await get("/about", { cookie: "theme=nonsense" }))).render).toBe(system.render);
  });

  it("sends a French first visit of the home page to /fr even when the English home page is cached", async () => {
    const english = await get("/", { "accept-language": "en-CA,en;q=0.9" });
    expect(english.status).toBe(200);
    expect((await get("/", { "accept-language": "fr-CA,fr;q=0.9" })).headers.get("location")).toBe("/fr");
    expect((await get("/", { cookie: "lang=fr" })).headers.get("location")).toBe("/fr");
    expect((await get("/", { cookie: "lang=en", "accept-language": "fr-CA" })).status).toBe(200);
  });

  it("renders afresh every time: errors, account pages and other methods than GET", async () => {
    for (const path of [
      "/missing",
      "/profile",
      "/fr/admin/inventory",
      "/store/checkout",
      "/orders/abc",
      "/payment/confirmation",
    ]) {
      const first = await see(await get(path));
      const second = await see(await get(path));
      expect(second.render).toBe(first.render + 1);
    }
    const page = await see(await get("/services?post"));
    const posted = await see(await get("/services?post", { origin: ORIGIN }, "POST"));
    expect(posted.render).toBe(page.render + 1);
  });

  it("keeps a bounded number of pages, the oldest going first", async () => {
    const small = siteWith(createPageCache({ ttlMs: 60_000, maxEntries: 2 }));
    const a = await see(await small("/services?a"));
    expect((await see(await small("/services?a"))).render).toBe(a.render);
    await small("/services?b");
    await small("/services?c");
    expect((await see(await small("/services?a"))).render).not.toBe(a.render);
  });

  it("does not keep a response that sets a cookie", async () => {
    const setsCookie: RenderPage = async (request, nonce) => {
      const response = await render(request, nonce);
      response.headers.append("Set-Cookie", "theme=dark; Path=/");
      return response;
    };
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10 });
    const first = await see(await cache.serve(new Request(`${ORIGIN}/services`), setsCookie));
    const second = await see(await cache.serve(new Request(`${ORIGIN}/services`), setsCookie));
    expect(second.render).toBe(first.render + 1);
  });
});
