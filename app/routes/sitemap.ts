import { sitemapXml } from "../../server/seo/sitemap.ts";

/** GET /sitemap.xml: every public page in both languages, store items included. */
export async function loader() {
  return new Response(await sitemapXml(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
