import { robotsTxt } from "../../server/seo/sitemap.ts";

/** GET /robots.txt: private areas out, the sitemap in. */
export function loader() {
  return new Response(robotsTxt(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
