import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/**
 * Issue 34, P1, P2 and P7: a day a person types at the edges of the calendar (year 0000, 0001,
 * 9999, a 30th of February) is a 400 that says why in the person's language, on the API and on
 * the pages, never a 500 and never the database's words.
 */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

const EDGES = ["0000-01-01", "0001-01-01", "1999-12-31", "2101-01-01", "9999-12-31", "2026-02-30"];
const page = (path: string) => site.app.request(`${ORIGIN}${path}`, { headers: { cookie: admin.cookie } });

async function expectRefusal(response: Response, words: RegExp) {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(400);
  expect(text).toMatch(words);
  expect(text).not.toMatch(/Failed query|from "orders"|DateTimeParseError/);
}

describe("days at the edges of the calendar", () => {
  it.each(EDGES)("the dashboard's API refuses %s as either end, in the asker's language", async (day) => {
    for (const query of [`from=${day}&to=2026-01-31`, `from=2026-01-01&to=${day}`]) {
      await expectRefusal(await call(`/api/admin/dashboard?${query}`, { cookie: admin.cookie }), /2000.*2100/);
      await expectRefusal(
        await call(`/api/admin/dashboard?${query}`, { cookie: admin.cookie, headers: { "accept-language": "fr" } }),
        /Choisissez une période/,
      );
    }
  });

  it.each(EDGES)("the orders CSV and the tax report CSV refuse %s", async (day) => {
    for (const query of [`from=${day}`, `to=${day}`, `from=2000-01-01&to=${day}`])
      await expectRefusal(await call(`/api/admin/exports/orders.csv?${query}`, { cookie: admin.cookie }), /2000.*2100/);
    for (const query of [`from=${day}&to=${day}`, `from=2026-01-01&to=${day}`, `from=${day}&to=2026-12-31`])
      await expectRefusal(await call(`/api/admin/reports/taxes.csv?${query}`, { cookie: admin.cookie }), /2000.*2100/);
    await expectRefusal(
      await call(`/api/admin/reports/taxes.csv?from=${day}&to=${day}`, {
        cookie: admin.cookie,
        headers: { "accept-language": "fr" },
      }),
      /2000.*2100/,
    );
  });

  it("keeps the whole range of years it allows", async () => {
    const dashboard = await call("/api/admin/dashboard?from=2100-01-01&to=2100-12-31&bucket=month", {
      cookie: admin.cookie,
    });
    expect(dashboard.status).toBe(200);
    const orders = await call("/api/admin/exports/orders.csv?from=2000-01-01&to=2100-12-31", { cookie: admin.cookie });
    expect(orders.status).toBe(200);
    await orders.text();
    const taxes = await call("/api/admin/reports/taxes.csv?from=2000-01-01&to=2100-12-31", { cookie: admin.cookie });
    expect(taxes.status).toBe(200);
  });

  it.each(EDGES)("the pages /admin and /admin/orders say what is wrong with %s, in their language", async (day) => {
    await expectRefusal(await page(`/admin?from=${day}&to=2026-01-31`), /2000.*2100/);
    await expectRefusal(await page(`/fr/admin?from=2026-01-01&to=${day}`), /Choisissez une période/);
    await expectRefusal(await page(`/admin/orders?from=${day}`), /2000.*2100/);
    await expectRefusal(await page(`/fr/admin/orders?to=${day}`), /2000.*2100/);
  });
});
