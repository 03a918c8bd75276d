import fc from "fast-check";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../server/api/index.ts";
import { fromAddress, ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/**
 * A client's mistake is never a 500: the bad-input corpus (NUL, lone surrogates, over-long text,
 * malformed cookies, Origin and Referer, multipart without a boundary, CR/LF, huge bodies) on
 * every API endpoint and every page action, through the real site, signed in as an admin so that
 * the deepest code runs. FUZZ_RUNS sets the generated bodies per endpoint (2,000 for a long run).
 */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

let requests = 0;
const nextAddress = () => `10.${(++requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`;

function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {}) {
  const headers = new Headers({ origin: ORIGIN, cookie: admin.cookie, ...init.headers });
  return site.app.request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, body: init.body }, fromAddress(nextAddress()));
}

async function expectClientError(response: Response, expected?: number) {
  const text = await response.text();
  if (expected) expect(response.status, text.slice(0, 300)).toBe(expected);
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  return text;
}

// better-auth's endpoints sit behind one wildcard route: the ones a browser or script can post to.
const AUTH_ROUTES = ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/update-user", "/api/auth/change-password", "/api/auth/sign-out"].map((path) => ({ method: "POST", path }));
const apiRoutes = [
  ...new Map(api.routes.filter((r) => !r.path.includes("*") && r.method !== "ALL").map((r) => [`${r.method} ${r.path}`, r])).values(),
  ...AUTH_ROUTES,
];
const PAGE_ACTIONS = ["/login", "/signup", "/contact", "/fr/contact", "/logout", "/preferences", "/admin/orders/FF-NOPE", "/admin/materials"];
const PAGES = ["/", "/store", "/fr/store", "/store/some-item", "/admin/inventory", "/admin/orders", "/orders/x", "/payment/x/100"];

const NUL = "\u0000";
const LONE = "\ud800";
const BAD_SEGMENTS = ["%00", "%ED%A0%80", "%ZZ", "a%0Db", "%C0%AF", "x".repeat(5_000)];

describe("bad text in the address", () => {
  it("answers every API path and query with bad characters with a 4xx", async () => {
    for (const route of apiRoutes) {
      for (const bad of BAD_SEGMENTS) {
        const path = route.path.replace(/:(\w+)\??/g, bad);
        const response = await send(`${path}?q=${bad}&ids=${bad}&status=${bad}`, {
          method: route.method,
          headers: { "content-type": "application/json" },
          body: route.method === "GET" ? undefined : "{}",
        });
        await expectClientError(response);
      }
    }
  });

  it("answers pages with bad characters in the path or query with a 4xx", async () => {
    for (const page of [...PAGES, "/admin/inventory/%00", "/store/%00", "/fr/store/%ED%A0%80"]) {
      for (const bad of BAD_SEGMENTS) await expectClientError(await send(`${page}?q=${bad}&redirectTo=${bad}`));
    }
    await expectClientError(await send("/api/catalogue/items/by-ids?ids=%00"), 400);
    await expectClientError(await send("/admin/inventory/%00"), 400);
  });
});

describe("bad text in bodies", () => {
  const jsonBodies = [
    JSON.stringify({ name: NUL, email: `a${NUL}@b.c`, message: "hi", projectType: "custom" }),
    JSON.stringify({ name: LONE, translations: { en: { name: LONE } } }),
    `{"itemId":"\\u0000","lines":[{"itemId":"\\ud800","quantity":1}]}`,
    `{"\\u0000":"key"}`,
  ];

  it("refuses NUL and lone surrogates in any JSON body with a 400 that says why", async () => {
    for (const route of apiRoutes.filter((r) => r.method !== "GET")) {
      for (const body of jsonBodies) {
        const response = await send(route.path.replace(/:(\w+)\??/g, "x"), { method: route.method, headers: { "content-type": "application/json" }, body });
        const text = await expectClientError(response);
        if (response.status === 400 && route.path !== "/api/stripe/webhook") expect(text).toMatch(/not allowed|invalid|Invalid|required|Missing/i);
      }
    }
    const contact = await send("/api/submitContactForm", { method: "POST", headers: { "content-type": "application/json" }, body: jsonBodies[0] });
    expect(contact.status).toBe(400);
    expect(await contact.text()).toContain("characters that are not allowed");
  });

  it("refuses NUL, lone surrogates and CR/LF tricks in page forms; multipart without a boundary is a 400", async () => {
    for (const path of PAGE_ACTIONS) {
      for (const value of [NUL, LONE, "\r\nSet-Cookie: x=y", "/%09/evil.example", "x".repeat(70_000)]) {
        const body = new URLSearchParams({ email: `a${value}@b.c`, password: value, name: value, message: value, theme: value, redirectTo: value, note: value });
        await expectClientError(await send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() }));
      }
      await expectClientError(await send(path, { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "--x\r\n" }), 400);
      await expectClientError(await send(path, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=zzz" }, body: "garbage" }));
    }
    const fr = await send("/fr/contact", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `name=${encodeURIComponent(NUL)}` });
    expect(fr.status).toBe(400);
    expect(await fr.text()).toContain("caractères");
  });
});

describe("bad headers", () => {
  it("ignores malformed cookies: the page renders", async () => {
    for (const cookie of ["theme=%ZZ", "lang=%E0%A4%A", "theme=%00", `${admin.cookie}; theme=%`, "better-auth.session_token=%ZZ", "=; ;;="]) {
      const response = await send("/", { headers: { cookie } });
      await expectClientError(response);
      expect(response.status).toBe(200);
      expect((await send("/store", { headers: { cookie } })).status).toBe(200);
    }
  });

  it("answers a garbage Origin or Referer with a 4xx on every page action and API write", async () => {
    const targets = [...PAGE_ACTIONS, ...apiRoutes.filter((r) => r.method === "POST").map((r) => r.path.replace(/:(\w+)\??/g, "x"))];
    const badHeaders: Record<string, string>[] = [{ origin: "garbage" }, { origin: "http://[::1" }, { referer: "not a url", accept: "text/html" }, { origin: "null", referer: "//evil.example/x", accept: "text/html" }];
    for (const path of targets) {
      for (const headers of badHeaders) {
        const response = await send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: "theme=dark" });
        await expectClientError(response);
      }
    }
  });
});

describe("body size", () => {
  it("answers a body over the limit with 413 and a clear message, on the API and on page actions", async () => {
    const big = JSON.stringify({ lines: [], padding: "x".repeat(200_000) });
    for (const path of ["/api/orders/quote", "/api/orders", "/api/submitContactForm", "/api/auth/sign-up/email", "/api/update-inventory"]) {
      const response = await send(path, { method: "POST", headers: { "content-type": "application/json" }, body: big });
      expect(await expectClientError(response, 413)).toContain("too large");
    }
    for (const path of ["/login", "/contact", "/preferences"]) {
      const response = await send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `message=${"x".repeat(200_000)}` });
      expect(await expectClientError(response, 413)).toContain("too large");
    }
    const french = await send("/fr/contact", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `message=${"x".repeat(200_000)}` });
    expect(await expectClientError(french, 413)).toContain("trop volumineuse");
  });
});

describe("the bad-input corpus, generated", () => {
  const nasty = fc.oneof(
    fc.string({ unit: "binary", maxLength: 50 }),
    fc.constantFrom(NUL, LONE, "\udc00x", "\r\n", "%00", "%ZZ", "x".repeat(20_000), "😀".repeat(500), "-1", "1e309", "NaN", "<script>"),
  );
  const value = fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(nasty, { maxLength: 3 }), fc.dictionary(nasty, nasty, { maxKeys: 3 }));
  const keys = ["itemId", "orderId", "email", "name", "password", "message", "quantity", "lines", "updates", "version", "paymentIntent", "clientSecret", "translations", "slug", "role", "note", "method", "q", "ids", "locale"];
  const jsonBody = fc.oneof(fc.dictionary(fc.constantFrom(...keys), value).map((v) => JSON.stringify(v)), fc.jsonValue().map((v) => JSON.stringify(v)), nasty);
  const formBody = fc.dictionary(fc.constantFrom(...keys, "theme", "redirectTo", "intent"), nasty).map((v) => new URLSearchParams(v as Record<string, string>).toString());
  const runs = Number(process.env.FUZZ_RUNS ?? 40);

  it.each([...apiRoutes.filter((r) => r.method !== "GET").map((r) => r.path), ...PAGE_ACTIONS])("%s: never a 5xx", async (path) => {
    const page = !path.startsWith("/api/");
    await fc.assert(
      fc.asyncProperty(page ? formBody : jsonBody, async (body) => {
        const response = await send(path.replace(/:(\w+)\??/g, "fuzz"), {
          method: "POST",
          headers: { "content-type": page ? "application/x-www-form-urlencoded" : "application/json" },
          body,
        });
        await expectClientError(response);
      }),
      { numRuns: runs },
    );
  }, 300_000);
});
