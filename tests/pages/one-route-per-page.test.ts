import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromAddress, ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { seedItems } from "../support/shop.ts";
import { loadSite } from "../support/site.ts";

/**
 * Decision 063: each page is one route, `fr?/…`, matched for both languages. The language comes
 * from the address alone, and an address that was not a page before is still not one.
 */

let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
let ip = 0;

function get(path: string, cookie = "") {
  return site.app.request(`${ORIGIN}${path}`, { headers: { cookie } }, fromAddress(`203.0.113.${(ip++ % 200) + 1}`));
}

/** The routes the page was rendered with, as the browser is told to hydrate them. */
function routeIds(html: string): string[] {
  const modules = /window\.__reactRouterRouteModules = \{([^}]*)\}/.exec(html.replaceAll('\\"', '"'))?.[1];
  expect(modules, "the page's route modules").toBeDefined();
  return [...modules!.matchAll(/"([^"]+)":route\d+/g)].map((match) => match[1]!);
}

const lang = (html: string) => /<html[^>]* lang="([a-z]+)"/.exec(html)?.[1];
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)]
    .map((match) => `${match[1]} ${match[2]}`)
    .sort();

beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
  await seedItems([{ id: "one-route-lamp", stock: 3, priceCents: 2500 }]);
}, 60_000);
afterAll(() => site.close());

describe("one route per page", () => {
  it.each([
    ["/", ["root", "shell", "home"]],
    ["/store", ["root", "shell", "store"]],
    ["/store/one-route-lamp", ["root", "shell", "store-item"]],
    ["/inspirations", ["root", "shell", "inspirations"]],
    ["/privacy", ["root", "shell", "privacy"]],
    ["/terms-of-sale", ["root", "shell", "terms-of-sale"]],
    ["/returns", ["root", "shell", "returns"]],
    ["/links", ["root", "links"]],
  ])("%s and its French twin render the same routes", async (path, ids) => {
    const french = path === "/" ? "/fr" : `/fr${path}`;
    const [english, inFrench] = [await get(path), await get(french)];
    expect([english.status, inFrench.status]).toEqual([200, 200]);
    const [englishHtml, frenchHtml] = [await english.text(), await inFrench.text()];
    expect(routeIds(englishHtml)).toEqual(ids);
    expect(routeIds(frenchHtml)).toEqual(ids);
    expect([lang(englishHtml), lang(frenchHtml)]).toEqual(["en", "fr"]);
  });

  it("the admin's pages too, nested under one admin route", async () => {
    for (const [path, ids] of [
      ["/admin", ["root", "shell", "admin", "admin-index"]],
      ["/admin/inventory/new", ["root", "shell", "admin", "admin-item-new"]],
      ["/admin/portfolio/new", ["root", "shell", "admin", "admin-portfolio-new"]],
    ] as const) {
      for (const address of [path, `/fr${path}`]) {
        const response = await get(address, admin.cookie);
        expect(response.status, address).toBe(200);
        expect(routeIds(await response.text()), address).toEqual(ids);
      }
    }
  });

  it("a page's hreflang links are the same in both languages", async () => {
    const [english, french] = [await (await get("/store")).text(), await (await get("/fr/store")).text()];
    expect(alternates(english)).toEqual([
      "en http://localhost:3000/store",
      "fr http://localhost:3000/fr/store",
      "x-default http://localhost:3000/store",
    ]);
    expect(alternates(french)).toEqual(alternates(english));
  });

  it.each([
    ["/fr/fr", "fr"],
    ["/fr/fr/store", "fr"],
    ["/fr/nowhere", "fr"],
    ["/frstore", "en"],
    ["/fra/store", "en"],
    ["/en/store", "en"],
    ["/nowhere", "en"],
    ["/store/one-route-lamp/more", "en"],
    ["/fr/links/more", "fr"],
  ])("%s is not a page: a 404 in %s", async (path, language) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(routeIds(html)).toEqual(["root", "shell", "not-found"]);
    expect(lang(html)).toBe(language);
  });

  it("the checkout outranks an item page at /store/checkout, in both languages", async () => {
    // The checkout is open to visitors (guest checkout); an item page would have answered 404.
    for (const [path, words] of [
      ["/store/checkout", "Your cart is empty"],
      ["/fr/store/checkout", "Votre panier est vide"],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain(words);
    }
  });
});
