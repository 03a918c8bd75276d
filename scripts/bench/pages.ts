/**
 * Lighthouse (mobile, simulated throttling) on the main public pages in both languages, against
 * the production build on the embedded database. Each page is measured BENCH_RUNS times (3 by
 * default) and the medians printed, as Lighthouse's own guidance asks: its simulated TBT multiplies
 * each task the machine ran by four, so one busy moment moves a single run by tens of ms.
 *   npm run build && npm run bench:pages
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { loadavg } from "node:os";
import { startServer } from "./start-server.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);

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
type Run = { scores: Record<string, number>; lcp: number; cls: number; tbt: number; failing: string[] };

/** One Lighthouse run; a run whose trace Lighthouse could not record (it says to run it again) is run again, up to twice. */
async function measure(page: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(server.url + page, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`no result for ${page}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      console.log(`    ${page}: Lighthouse could not measure it (${runtimeError.code})${attempt < 3 ? ", again" : ""}`);
      if (attempt < 3) continue;
    }
    const failing = ["accessibility", "best-practices", "seo"].flatMap((key) =>
      (categories[key]?.auditRefs ?? []).flatMap((ref) => {
        const audit = audits[ref.id];
        return ref.weight > 0 && audit && audit.score !== null && audit.score < 1
          ? [`${key}: ${audit.id} — ${audit.title}`]
          : [];
      }),
    );
    return {
      scores: Object.fromEntries(
        ["performance", "accessibility", "best-practices", "seo"].map((key) => [
          key,
          Math.round((categories[key]?.score ?? 0) * 100),
        ]),
      ),
      lcp: audits["largest-contentful-paint"]?.numericValue ?? NaN,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      tbt: audits["total-blocking-time"]?.numericValue ?? NaN,
      failing,
    };
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[]) =>
  `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

try {
  console.log(
    `${runs} runs per page, medians (lowest–highest); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log("page".padEnd(28), "perf", "a11y", "best", " seo", "LCP ms".padStart(18), "  CLS", "TBT ms".padStart(14));
  for (const page of pages) {
    const results: Run[] = [];
    for (let run = 0; run < runs; run++) results.push(await measure(page));
    const score = (key: string) => String(median(results.map((r) => r.scores[key]!))).padStart(4);
    console.log(
      page.padEnd(28),
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      range(results.map((r) => r.lcp)).padStart(18),
      Math.max(...results.map((r) => r.cls))
        .toFixed(3)
        .padStart(6),
      range(results.map((r) => r.tbt)).padStart(14),
    );
    for (const line of new Set(results.flatMap((r) => r.failing))) console.log(`    ${line}`);
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
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
