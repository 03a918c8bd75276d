import { describe, expect, it } from "vitest";
import { api } from "../../server/api/index.ts";
import { call, signUpUser, type TestUser } from "../support/api.ts";

/**
 * Who may call each endpoint. The list of endpoints is read from the API itself, so a new
 * endpoint without a line here fails this test instead of being forgotten.
 */
type Access = "public" | "user" | "admin" | "webhook";
const EXPECTED: Record<string, Access> = {
  "GET /api/me": "user",
  "GET /api/admin/overview": "admin",
  "GET /api/admin/dashboard": "admin",
  "GET /api/catalogue/categories": "public",
  "GET /api/catalogue/items": "public",
  "GET /api/catalogue/items/by-ids": "public",
  // A visible item's 3D model; a hidden item's is 404 (server/inventory/item-models.test.ts).
  "GET /api/catalogue/items/:id/model.stl": "public",
  "POST /api/update-inventory": "admin",
  "GET /api/admin/items": "admin",
  "GET /api/admin/items/:id": "admin",
  "POST /api/admin/items": "admin",
  "DELETE /api/admin/items/:id": "admin",
  "POST /api/admin/items/:id/model": "admin",
  "DELETE /api/admin/items/:id/model": "admin",
  "GET /api/admin/categories": "admin",
  "POST /api/admin/categories": "admin",
  "PUT /api/admin/categories/:id": "admin",
  "DELETE /api/admin/categories/:id": "admin",
  "POST /api/admin/media": "admin",
  "GET /api/admin/messages": "admin",
  "POST /api/admin/messages/:id": "admin",
  "GET /api/admin/outbox": "admin",
  "POST /api/admin/outbox/retry": "admin",
  "POST /api/admin/outbox/:id/resend": "admin",
  "GET /api/admin/outbox/:id/html": "admin",
  "GET /api/admin/customers": "admin",
  "GET /api/admin/customers/:id": "admin",
  "POST /api/admin/customers/:id/verify": "admin",
  "GET /api/admin/staff": "admin",
  "POST /api/admin/staff/:id/role": "admin",
  "GET /api/admin/settings": "admin",
  "PUT /api/admin/settings/studio": "admin",
  "PUT /api/admin/settings/capacity": "admin",
  "GET /api/admin/settings/identity": "admin",
  "PUT /api/admin/settings/identity": "admin",
  "PUT /api/admin/settings/zones/:id": "admin",
  "PUT /api/admin/settings/registrations/:jurisdiction": "admin",
  "POST /api/admin/settings/tax-rates": "admin",
  "GET /api/admin/reports/taxes.csv": "admin",
  "POST /api/checkout/price": "public",
  "POST /api/orders/quote": "public",
  "GET /api/sandbox/payment_intents/:id": "public",
  "POST /api/sandbox/payment_intents/:id/confirm": "public",
  "POST /api/sandbox/payment_intents/:id/authenticate": "public",
  "POST /api/orders": "user",
  "GET /api/orders/:id": "user",
  "POST /api/orders/:id/cancel": "user",
  "POST /api/createPaymentIntent": "user",
  "POST /api/verifyPayment": "user",
  "GET /api/admin/orders": "admin",
  "GET /api/admin/exports/orders.csv": "admin",
  "GET /api/admin/orders/:id": "admin",
  "POST /api/admin/orders/:id/fulfil": "admin",
  "POST /api/admin/orders/:id/cancel": "admin",
  "POST /api/stripe/webhook": "webhook",
  "POST /api/submitContactForm": "public",
  "GET /api/account/data": "user",
  "POST /api/account/delete": "user",
  // Custom-print quotes belong to a browser (cookie) or a user: public routes that answer 404 to anyone else.
  "GET /api/quotes/terms": "public",
  "POST /api/quotes": "public",
  "GET /api/quotes": "public",
  "GET /api/quotes/:id": "public",
  "PUT /api/quotes/:id/options": "public",
  "POST /api/quotes/:id/review": "public",
  "GET /api/quotes/:id/file": "public",
  "GET /api/quotes/:id/printed.stl": "public",
  "GET /api/quotes/:id/thumbnail.svg": "public",
  "GET /api/admin/quotes/overview": "admin",
  "GET /api/admin/quotes/terms": "admin",
  "PUT /api/admin/quotes/terms": "admin",
  "GET /api/admin/quotes/reviews": "admin",
  "POST /api/admin/quotes/:id/price": "admin",
  "POST /api/admin/quotes/:id/decline": "admin",
  "GET /api/admin/quotes/production": "admin",
  "POST /api/admin/quotes/:id/production": "admin",
};
// better-auth's own routes: public by nature, guarded by its rate limits and origin checks.
const DELEGATED = new Set(["GET /api/auth/*", "POST /api/auth/*"]);

function endpoints(): string[] {
  const seen = new Set<string>();
  for (const route of api.routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    if (!DELEGATED.has(key)) seen.add(key);
  }
  return [...seen].sort();
}

function concrete(path: string): string {
  return path.replace(/:(\w+)/g, "does-not-exist").replace("/*", "/anything");
}

let user: TestUser;
let admin: TestUser;

describe("every API endpoint answers each kind of caller as expected", () => {
  it("lists every endpoint in the access table", () => {
    const missing = endpoints().filter((key) => !(key in EXPECTED));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(EXPECTED))("%s is %s", async (key, access) => {
    user ??= await signUpUser();
    admin ??= await signUpUser("admin");
    const [method, path] = key.split(" ");
    const request = (caller?: TestUser) =>
      call(concrete(path), {
        method,
        body: method === "GET" ? undefined : {},
        cookie: caller?.cookie,
        ip: "192.0.2.50",
      });

    const anonymous = await request();
    const asUser = await request(user);
    const asAdmin = await request(admin);
    if (access === "admin") {
      expect(anonymous.status).toBe(401);
      expect(asUser.status).toBe(403);
      expect([401, 403]).not.toContain(asAdmin.status);
    } else if (access === "user") {
      expect(anonymous.status).toBe(401);
      expect([401, 403]).not.toContain(asUser.status);
      expect([401, 403]).not.toContain(asAdmin.status);
    } else {
      expect([401, 403]).not.toContain(anonymous.status);
    }
    for (const response of [anonymous, asUser, asAdmin]) expect(response.status).toBeLessThan(500);
  });
});

describe("cross-origin writes", () => {
  it("are refused whatever the content type", async () => {
    const viaJson = await call("/api/auth/sign-in/email", {
      body: { email: "a@b.ca", password: "whatever" },
      headers: { origin: "https://evil.example" },
    });
    expect(viaJson.status).toBe(403);
    const viaFetchMetadata = await call("/api/admin/overview", {
      method: "POST",
      body: {},
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(viaFetchMetadata.status).toBe(403);
  });
});
