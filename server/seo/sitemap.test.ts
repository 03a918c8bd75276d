import { describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { robotsTxt, sitemapXml } from "./sitemap.ts";

const ORIGIN = "https://studio.example";
const names = (name: string) => ({ en: { name, description: "" }, fr: { name, description: "" } });

describe("sitemap.xml", () => {
  it("lists every public page in both languages with their alternates, and only the visible store items", async () => {
    const db = await getDb();
    await db.insert(tables.categories).values({ id: "cat-test", slug: "test", translations: names("Test") });
    await db.insert(tables.inventoryItems).values([
      {
        id: "shown",
        slug: "moon-lamp",
        categoryId: "cat-test",
        translations: names("Moon lamp"),
        priceCents: 100,
        images: { main: "", gallery: [] },
      },
      {
        id: "hidden",
        slug: "secret-prototype",
        categoryId: "cat-test",
        translations: names("Secret"),
        priceCents: 100,
        images: { main: "", gallery: [] },
        isVisible: false,
      },
    ]);

    const xml = await sitemapXml(ORIGIN);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      ...[
        "/",
        "/services",
        "/store",
        "/inspirations",
        "/about",
        "/contact",
        "/links",
        "/quote",
        "/privacy",
        "/terms-of-sale",
        "/returns",
      ].flatMap((path) => [`${ORIGIN}${path}`, `${ORIGIN}${path === "/" ? "/fr" : `/fr${path}`}`]),
      `${ORIGIN}/store/moon-lamp`,
      `${ORIGIN}/fr/store/moon-lamp`,
    ]);
    expect(xml).not.toContain("secret-prototype");
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/services"/><xhtml:link rel="alternate" hreflang="fr" href="${ORIGIN}/fr/services"/><xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/services"/>`,
    );
    expect(xml).toMatch(/<loc>https:\/\/studio\.example\/store\/moon-lamp<\/loc><lastmod>\d{4}-/);
  });

  it("robots.txt keeps the private areas out, in both languages, and points to the sitemap", () => {
    const robots = robotsTxt(ORIGIN);
    for (const path of [
      "/admin",
      "/profile",
      "/payment",
      "/orders",
      "/fr/admin",
      "/fr/profile",
      "/fr/payment",
      "/fr/orders",
    ]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
