import { asc, eq } from "drizzle-orm";
import { LOCALES, localizePath, type Locale } from "../../domain/locale.ts";
import { config } from "../config.ts";
import { getDb, tables } from "../db/index.ts";
import { publicProjectPages } from "../content/portfolio.ts";

/** Every public page, at its English path; each is listed in both languages. */
export const PUBLIC_PAGES = [
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
] as const;

/** Kept out of search engines, in both languages. */
export const PRIVATE_PREFIXES = ["/admin", "/profile", "/payment", "/orders"] as const;

/** A page, in the languages it is shown in (every language unless said). */
type Entry = { path: string; lastModified?: Date; locales?: readonly Locale[] };

const escapeXml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** The visible store items, each with its own page (/store/{slug}). */
async function storeEntries(): Promise<Entry[]> {
  const db = await getDb();
  const items = await db
    .select({ slug: tables.inventoryItems.slug, updatedAt: tables.inventoryItems.updatedAt })
    .from(tables.inventoryItems)
    .where(eq(tables.inventoryItems.isVisible, true))
    .orderBy(asc(tables.inventoryItems.slug));
  return items.map((item) => ({ path: `/store/${encodeURIComponent(item.slug)}`, lastModified: item.updatedAt }));
}

/** The published projects, each with its own address (/inspirations/{slug}), in the languages it is shown in. */
async function projectEntries(): Promise<Entry[]> {
  const projects = await publicProjectPages();
  return projects
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .map((project) => ({
      path: `/inspirations/${encodeURIComponent(project.slug)}`,
      lastModified: project.updatedAt,
      locales: project.locales,
    }));
}

/** sitemap.xml: one <url> per page and language, each naming its alternates (en, fr, x-default). */
export async function sitemapXml(origin = config.publicUrl): Promise<string> {
  const entries: Entry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...(await storeEntries()),
    ...(await projectEntries()),
  ];
  const absolute = (path: string) => escapeXml(new URL(path, origin).toString());
  const urls = entries.flatMap((entry) => {
    const locales = entry.locales ?? LOCALES;
    const alternates = [
      ...locales.map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${locale}" href="${absolute(localizePath(entry.path, locale))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${absolute(localizePath(entry.path, "en"))}"/>`,
    ].join("");
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
    return locales.map(
      (locale) => `<url><loc>${absolute(localizePath(entry.path, locale))}</loc>${lastmod}${alternates}</url>`,
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    urls.join("\n") +
    `\n</urlset>\n`
  );
}

export function robotsTxt(origin = config.publicUrl): string {
  const disallowed = PRIVATE_PREFIXES.flatMap((prefix) => [prefix, localizePath(prefix, "fr")]);
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin)}`,
    "",
  ].join("\n");
}
