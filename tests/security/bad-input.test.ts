import fc from "fast-check";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MAX_QUOTE_TOTAL_CENTS } from "../../domain/quote-bounds.ts";
import { api } from "../../server/api/index.ts";
import { localFileStore, setQuoteFileStore } from "../../server/quotes/file-store.ts";
import type { QuoteView } from "../../server/quotes/quotes.ts";
import { asciiStl, binaryStl, box, cube, obj, threeMf } from "../support/mesh-fixtures.ts";
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
  return site.app.request(
    `${ORIGIN}${path}`,
    { method: init.method ?? "GET", headers, body: init.body },
    fromAddress(nextAddress()),
  );
}

async function expectClientError(response: Response, expected?: number) {
  const text = await response.text();
  if (expected) expect(response.status, text.slice(0, 300)).toBe(expected);
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  return text;
}

// better-auth's endpoints sit behind one wildcard route: the ones a browser or script can post to.
const AUTH_ROUTES = [
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/update-user",
  "/api/auth/change-password",
  "/api/auth/sign-out",
].map((path) => ({ method: "POST", path }));
const apiRoutes = [
  ...new Map(
    api.routes.filter((r) => !r.path.includes("*") && r.method !== "ALL").map((r) => [`${r.method} ${r.path}`, r]),
  ).values(),
  ...AUTH_ROUTES,
];
const PAGE_ACTIONS = [
  "/login",
  "/signup",
  "/contact",
  "/fr/contact",
  "/logout",
  "/preferences",
  "/admin/orders/FF-NOPE",
  "/admin/materials",
  "/store/checkout",
  "/fr/store/checkout",
];
const PAGES = [
  "/",
  "/store",
  "/fr/store",
  "/store/some-item",
  "/admin/inventory",
  "/admin/orders",
  "/orders/x",
  "/payment/x/100",
  "/store/checkout",
  "/orders/x/invoice",
];

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
    // A guest's link with a bad key is refused; a well-formed guessed one opens nothing (404).
    for (const bad of BAD_SEGMENTS) {
      await expectClientError(await send(`/orders/FF-NOPE?key=${bad}`));
      await expectClientError(await send(`/fr/orders/FF-NOPE/invoice?key=${bad}`));
    }
    await expectClientError(await send(`/orders/FF-NOPE?key=${"A".repeat(43)}`), 404);
    await expectClientError(await send(`/fr/orders/FF-NOPE/invoice?key=${"A".repeat(43)}`), 404);
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
        const response = await send(route.path.replace(/:(\w+)\??/g, "x"), {
          method: route.method,
          headers: { "content-type": "application/json" },
          body,
        });
        const text = await expectClientError(response);
        if (response.status === 400 && route.path !== "/api/stripe/webhook")
          expect(text).toMatch(/not allowed|invalid|Invalid|required|Missing/i);
      }
    }
    const contact = await send("/api/submitContactForm", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: jsonBodies[0],
    });
    expect(contact.status).toBe(400);
    expect(await contact.text()).toContain("characters that are not allowed");
  });

  it("refuses NUL, lone surrogates and CR/LF tricks in page forms; multipart without a boundary is a 400", async () => {
    for (const path of PAGE_ACTIONS) {
      for (const value of [NUL, LONE, "\r\nSet-Cookie: x=y", "/%09/evil.example", "x".repeat(70_000)]) {
        const body = new URLSearchParams({
          email: `a${value}@b.c`,
          password: value,
          name: value,
          message: value,
          theme: value,
          redirectTo: value,
          note: value,
        });
        await expectClientError(
          await send(path, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: body.toString(),
          }),
        );
      }
      await expectClientError(
        await send(path, { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "--x\r\n" }),
        400,
      );
      await expectClientError(
        await send(path, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=zzz" },
          body: "garbage",
        }),
      );
    }
    const fr = await send("/fr/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `name=${encodeURIComponent(NUL)}`,
    });
    expect(fr.status).toBe(400);
    expect(await fr.text()).toContain("caractères");
  });
});

describe("bad headers", () => {
  it("ignores malformed cookies: the page renders", async () => {
    for (const cookie of [
      "theme=%ZZ",
      "lang=%E0%A4%A",
      "theme=%00",
      `${admin.cookie}; theme=%`,
      "better-auth.session_token=%ZZ",
      "=; ;;=",
    ]) {
      const response = await send("/", { headers: { cookie } });
      await expectClientError(response);
      expect(response.status).toBe(200);
      expect((await send("/store", { headers: { cookie } })).status).toBe(200);
    }
  });

  it("answers a garbage Origin or Referer with a 4xx on every page action and API write", async () => {
    const targets = [
      ...PAGE_ACTIONS,
      ...apiRoutes.filter((r) => r.method === "POST").map((r) => r.path.replace(/:(\w+)\??/g, "x")),
    ];
    const badHeaders: Record<string, string>[] = [
      { origin: "garbage" },
      { origin: "http://[::1" },
      { referer: "not a url", accept: "text/html" },
      { origin: "null", referer: "//evil.example/x", accept: "text/html" },
    ];
    for (const path of targets) {
      for (const headers of badHeaders) {
        const response = await send(path, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
          body: "theme=dark",
        });
        await expectClientError(response);
      }
    }
  });
});

describe("body size", () => {
  it("answers a body over the limit with 413 and a clear message, on the API and on page actions", async () => {
    const big = JSON.stringify({ lines: [], padding: "x".repeat(200_000) });
    for (const path of [
      "/api/orders/quote",
      "/api/orders",
      "/api/submitContactForm",
      "/api/auth/sign-up/email",
      "/api/update-inventory",
    ]) {
      const response = await send(path, { method: "POST", headers: { "content-type": "application/json" }, body: big });
      expect(await expectClientError(response, 413)).toContain("too large");
    }
    for (const path of ["/login", "/contact", "/preferences"]) {
      const response = await send(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `message=${"x".repeat(200_000)}`,
      });
      expect(await expectClientError(response, 413)).toContain("too large");
    }
    const french = await send("/fr/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"x".repeat(200_000)}`,
    });
    expect(await expectClientError(french, 413)).toContain("trop volumineuse");
  });
});

describe("the bad-input corpus, generated", () => {
  const nasty = fc.oneof(
    fc.string({ unit: "binary", maxLength: 50 }),
    fc.constantFrom(
      NUL,
      LONE,
      "\udc00x",
      "\r\n",
      "%00",
      "%ZZ",
      "x".repeat(20_000),
      "😀".repeat(500),
      "-1",
      "1e309",
      "NaN",
      "<script>",
    ),
  );
  const value = fc.oneof(
    nasty,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(nasty, { maxLength: 3 }),
    fc.dictionary(nasty, nasty, { maxKeys: 3 }),
  );
  const keys = [
    "itemId",
    "orderId",
    "email",
    "name",
    "password",
    "message",
    "quantity",
    "lines",
    "updates",
    "version",
    "paymentIntent",
    "clientSecret",
    "translations",
    "slug",
    "role",
    "note",
    "method",
    "q",
    "ids",
    "locale",
    "guest.email",
    "guest.fullName",
    "guest.phone",
    "addressId",
  ];
  const jsonBody = fc.oneof(
    fc.dictionary(fc.constantFrom(...keys), value).map((v) => JSON.stringify(v)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    nasty,
  );
  const formBody = fc
    .dictionary(fc.constantFrom(...keys, "theme", "redirectTo", "intent"), nasty)
    .map((v) => new URLSearchParams(v as Record<string, string>).toString());
  const runs = Number(process.env.FUZZ_RUNS ?? 40);

  it.each([...apiRoutes.filter((r) => r.method !== "GET").map((r) => r.path), ...PAGE_ACTIONS])(
    "%s: never a 5xx",
    async (path) => {
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
    },
    300_000,
  );
});

/**
 * Issue 34, P1–P4 and P7: days at the edges of the calendar and ids or versions that are not small
 * whole numbers, sent to every admin page action (each of its intents) and to every admin read
 * that takes a period (the pages, the dashboard, the exports): a 4xx or an answer, never a 5xx.
 */
describe("the calendar's edges and non-integer ids, on every admin action and export", () => {
  const EDGE_DAYS = [
    "0000-01-01",
    "0001-01-01",
    "1969-12-31",
    "1999-12-31",
    "2101-01-01",
    "9999-12-31",
    "2026-02-30",
    "2026-13-01",
    "+010000-01-01",
    "2026-1-1",
  ];
  const BAD_IDS = [
    "abc",
    "1.5",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e20",
    "2147483648",
    "9223372036854775808",
    "-1",
    "0",
    "",
  ];
  const ADMIN_ACTIONS = [
    "/admin/faq",
    "/admin/home",
    "/admin/inventory",
    "/admin/inventory/new",
    "/admin/inventory/item-nope",
    "/admin/categories",
    "/admin/discounts",
    "/admin/messages",
    "/admin/staff",
    "/admin/orders/FF-NOPE",
    "/admin/customers/nope",
    "/admin/quotes",
    "/admin/pricing",
    "/admin/materials",
    "/admin/settings",
    "/admin/portfolio",
    "/admin/portfolio/new",
    "/admin/portfolio/nope",
  ];
  const INTENTS = [
    "save",
    "publish",
    "unpublish",
    "up",
    "down",
    "delete",
    "preview",
    "hero-save",
    "hero-preview",
    "card-save",
    "card-preview",
    "resend",
    "retry",
    "message",
    "feature",
    "unfeature",
    "material",
    "colour",
    "quality",
    "add-material",
    "add-colour",
    "add-quality",
    "identity",
    "studio",
    "capacity",
    "zone",
    "rate",
    "registration",
    "notices",
    "price",
    "decline",
    "advance",
    "fulfil",
    "refund",
    "cancel",
    "role",
  ];
  const NUMBER_FIELDS = ["id", "version", "loadedVersion", "colourId", "qualityId", "materialId", "zoneId", "position"];
  const DAY_FIELDS = ["from", "to", "effectiveFrom", "closures[0].from", "closures[0].to", "loadedAt"];
  const runs = Math.max(Number(process.env.FUZZ_RUNS ?? 40), 40);

  it.each(ADMIN_ACTIONS)(
    "%s: every intent with edge days and bad ids is never a 5xx",
    async (path) => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...INTENTS),
          fc.dictionary(fc.constantFrom(...NUMBER_FIELDS), fc.constantFrom(...BAD_IDS), { minKeys: 1 }),
          fc.dictionary(fc.constantFrom(...DAY_FIELDS), fc.constantFrom(...EDGE_DAYS)),
          fc.constantFrom("", "/fr"),
          async (intent, ids, days, prefix) => {
            const response = await send(`${prefix}${path}`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ intent, ...ids, ...days }).toString(),
            });
            await expectClientError(response);
          },
        ),
        { numRuns: runs },
      );
    },
    300_000,
  );

  const PERIOD_READS = [
    "/api/admin/dashboard",
    "/api/admin/exports/orders.csv",
    "/api/admin/reports/taxes.csv",
    "/admin",
    "/fr/admin",
    "/admin/orders",
    "/fr/admin/orders",
  ];
  it.each(PERIOD_READS)(
    "%s: every period at the calendar's edges is never a 5xx",
    async (path) => {
      const good = "2026-03-31";
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...EDGE_DAYS, good),
          fc.constantFrom(...EDGE_DAYS, good),
          fc.constantFrom("from", "paidFrom"),
          fc.constantFrom("day", "week", "month"),
          async (from, to, field, bucket) => {
            const query = new URLSearchParams({ [field]: from, [field === "from" ? "to" : "paidTo"]: to, bucket });
            if (path.includes("taxes.csv")) query.set("from", from);
            const response = await send(`${path}?${query}`);
            const text = await expectClientError(response);
            expect(text).not.toMatch(/Failed query|DateTimeParseError/);
          },
        ),
        { numRuns: runs },
      );
    },
    300_000,
  );
});

/**
 * Every number a buyer's file or options can drive, at its extremes (0, negative, 1e308, NaN,
 * 2³¹, 2⁵³, and JSON's 1e999 that reads as Infinity): a 4xx or a quote within bounds, never a 5xx
 * from a column that overflows (issue 20, findings 2 and 3).
 */
describe("numbers at their extremes", () => {
  const EXTREMES = [
    0,
    -1,
    -(2 ** 31),
    1e308,
    -1e308,
    Number.NaN,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    2 ** 53 + 2,
    1e-308,
    0.5,
    1e10,
  ];
  // JSON has no NaN or Infinity: they are sent as the literals a hostile client would write.
  const jsonNumber = (n: number) => (Number.isNaN(n) ? "NaN" : String(n));
  const RAW = ["NaN", "1e999", "-1e999", "Infinity", '"1e308"', "null", "[]", "{}"];

  beforeAll(async () => {
    setQuoteFileStore(localFileStore(await mkdtemp(path.join(tmpdir(), "bad-numbers-"))));
  });

  async function uploadModel(bytes: Uint8Array, name: string): Promise<{ response: Response; text: string }> {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
    const response = await send("/api/quotes", { method: "POST", body: form });
    return { response, text: await expectClientError(response) };
  }

  function expectWithinBounds(quote: QuoteView) {
    expect(Number.isSafeInteger(quote.file.volumeMm3), JSON.stringify(quote.file)).toBe(true);
    expect(quote.file.sizeMm.every(Number.isFinite)).toBe(true);
    for (const cents of [quote.estimate?.totalCents, quote.exact?.totalCents]) {
      if (cents !== undefined) expect(cents >= 0 && cents <= MAX_QUOTE_TOTAL_CENTS, String(cents)).toBe(true);
    }
  }

  const models: [string, () => Uint8Array, string][] = [
    ...EXTREMES.map((side): [string, () => Uint8Array, string] => [
      `binary STL cube of side ${side}`,
      () => binaryStl(cube(side)),
      "part.stl",
    ]),
    ...EXTREMES.map((at): [string, () => Uint8Array, string] => [
      `binary STL cube placed at ${at}`,
      () => binaryStl(box(20, 20, 20, [at, at, at])),
      "part.stl",
    ]),
    ...[...EXTREMES.map(jsonNumber), ...RAW.slice(0, 4)].map((side): [string, () => Uint8Array, string] => [
      `ASCII STL with a corner at ${side}`,
      () =>
        Buffer.from(
          new TextDecoder().decode(asciiStl(cube(20))).replace(/vertex 20 20 20/g, `vertex ${side} ${side} ${side}`),
        ),
      "part.stl",
    ]),
    ...[...EXTREMES.map(jsonNumber), "1e999"].map((side): [string, () => Uint8Array, string] => [
      `OBJ with a corner at ${side}`,
      () => Buffer.from(new TextDecoder().decode(obj(cube(20))).replace(/^v 20 20 20$/m, `v ${side} ${side} ${side}`)),
      "part.obj",
    ]),
    ...EXTREMES.map((side): [string, () => Uint8Array, string] => [
      `3MF in metres, side ${side}`,
      () => threeMf(cube(side), "meter"),
      "part.3mf",
    ]),
  ];

  it.each(models)("upload: %s is a 4xx or a quote within bounds, and so is every scale", async (_, model, name) => {
    const { response, text } = await uploadModel(model(), name);
    if (response.status !== 201) return;
    const quote = JSON.parse(text) as QuoteView;
    expectWithinBounds(quote);
    for (const scale of [1000, 25.4, 0.001]) {
      const scaled = await send(`/api/quotes/${quote.id}/options`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...quote.options, scale }),
      });
      const answer = await expectClientError(scaled);
      if (scaled.ok) expectWithinBounds(JSON.parse(answer) as QuoteView);
    }
  });

  it("quote options: every numeric field at every extreme is a 400 or a quote within bounds", async () => {
    const { text } = await uploadModel(binaryStl(cube(20)), "part.stl");
    const quote = JSON.parse(text) as QuoteView;
    const values = [...EXTREMES.map(jsonNumber), ...RAW, "25.4", "1000", "10000", "500", "100", "20"];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("infillPercent", "quantity", "scale"),
        fc.constantFrom(...values),
        async (field, value) => {
          const body = JSON.stringify({ ...quote.options, scale: 1, [field]: "__value__" }).replace(
            '"__value__"',
            value,
          );
          const response = await send(`/api/quotes/${quote.id}/options`, {
            method: "PUT",
            headers: { "content-type": "application/json" },
            body,
          });
          const answer = await expectClientError(response);
          if (response.ok) expectWithinBounds(JSON.parse(answer) as QuoteView);
        },
      ),
      { numRuns: Math.max(Number(process.env.FUZZ_RUNS ?? 60), 60) },
    );
  }, 120_000);

  it("the studio's price: every extreme is a 4xx or a price within bounds", async () => {
    const { text } = await uploadModel(binaryStl(cube(20)), "part.stl");
    const quote = JSON.parse(text) as QuoteView;
    const json = { "content-type": "application/json" };
    await send(`/api/quotes/${quote.id}/options`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ ...quote.options, quantity: 500 }),
    });
    await send(`/api/quotes/${quote.id}/review`, { method: "POST", headers: json, body: JSON.stringify({ note: "" }) });
    for (const value of [...EXTREMES.map(jsonNumber), ...RAW, "10000000"]) {
      const response = await send(`/api/admin/quotes/${quote.id}/price`, {
        method: "POST",
        headers: json,
        body: `{"unitCents": ${value}}`,
      });
      await expectClientError(response);
      expect(response.status, value).toBeGreaterThanOrEqual(400);
    }
  });
});
