/**
 * Lighthouse (mobile, simulated throttling) on the main public pages in both languages, against
 * the production build on the embedded database. Run `npm run build` first.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer } from "./start-server.ts";

const PAGES = ["/", "/store", "/inspirations", "/contact", "/fr", "/fr/store", "/fr/inspirations", "/fr/contact"];

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4391) });
const itemPage = await findItemPage(server.url);
const pages = itemPage ? [...PAGES, itemPage, `/fr${itemPage}`] : PAGES;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  console.log("page".padEnd(28), "perf", "a11y", "best", " seo", "LCP ms", "  CLS", "TBT ms");
  for (const page of pages) {
    const result = await lighthouse(server.url + page, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`no result for ${page}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) console.log(`${page}: Lighthouse could not measure it (${runtimeError.code}: ${runtimeError.message})`);
    const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100)).padStart(4);
    const value = (key: string, digits = 0) => (audits[key]?.numericValue ?? NaN).toFixed(digits).padStart(6);
    console.log(
      page.padEnd(28),
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      value("largest-contentful-paint"),
      value("cumulative-layout-shift", 3),
      value("total-blocking-time"),
    );
    for (const key of ["accessibility", "best-practices", "seo"]) {
      for (const ref of categories[key]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) console.log(`    ${key}: ${audit.id} — ${audit.title}`);
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

async function findItemPage(url: string): Promise<string | undefined> {
  const response = await fetch(`${url}/api/catalogue/items`).catch(() => undefined);
  if (!response?.ok) return undefined;
  const body = (await response.json()) as { items?: { slug: string }[] };
  return body.items?.[0] ? `/store/${body.items[0].slug}` : undefined;
}
