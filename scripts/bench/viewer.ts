/**
 * The 3D viewer's first frame for a 1,000,000-triangle binary STL (a torus, 48 MB, generated here):
 * headless Chromium on the production build opens /quote, is given the file, and reports the time
 * between the page's "quote:file-read" mark (the file's bytes are in memory) and the viewer's
 * "quote:first-frame" mark (the first animation frame after the GPU has finished drawing the part).
 * On the way: the worker's triangles reach the page ("quote:mesh-parsed"), the empty scene is ready
 * ("quote:viewer-ready"), render() has queued the part's frame ("quote:part-rendered"); and the
 * time from the file's choice ("quote:file-chosen"), which includes reading it.
 *
 * Two measurements. "As a buyer sees it": the upload to the server runs at the same time, as it
 * does for a buyer, and the server (which parses, checks and orients the 48 MB) shares this
 * machine's two cores with the browser, which a buyer's browser does not. "Upload held back": the
 * same page, but the bench holds the upload's request (Playwright's routing) until the first frame
 * is drawn, so that neither the upload nor the server's work on it share the cores meanwhile; the
 * page itself does exactly the same. Needs `npm run build` first.
 *   npm run build && npm run bench:viewer          (BENCH_RUNS=3 by default, for each measurement)
 */
import { chromium } from "@playwright/test";
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { binaryStl, torus } from "../../tests/support/mesh-fixtures.ts";
import { startServer } from "./start-server.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const model = Buffer.from(binaryStl(torus(40, 15, 1000, 500)));
// Given by path, as a browser picks a file from disk (a 48 MB buffer through Playwright is slow).
const folder = mkdtempSync(path.join(tmpdir(), "bench-viewer-"));
const modelPath = path.join(folder, "torus-1m.stl");
writeFileSync(modelPath, model);
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 4603),
  env: { RATE_LIMIT: "off", QUOTE_SLICER: "off" },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  // No GPU here: WebGL runs on SwiftShader, Chromium's software renderer (a buyer's GPU is faster).
  args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader"],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const steps = {
  chosen: "quote:file-chosen",
  parsed: "quote:mesh-parsed",
  ready: "quote:viewer-ready",
  rendered: "quote:part-rendered",
  firstFrame: "quote:first-frame",
} as const;
type Figures = Record<keyof typeof steps, number>;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function measure(label: string, holdUpload: boolean): Promise<void> {
  console.log(`${label}:`);
  const all: Figures[] = [];
  for (let run = 1; run <= runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/quote`, { waitUntil: "networkidle" });
    let release = () => {};
    const drawn = new Promise<void>((resolve) => (release = resolve));
    if (holdUpload) await page.route(/\/api\/quotes\?locale=/, async (route) => (await drawn, await route.continue()));
    await page.getByLabel("Choose files").setInputFiles(modelPath);
    const answer = await page.waitForFunction(
      (names) => {
        const read = performance.getEntriesByName("quote:file-read")[0];
        const times = Object.entries(names).map(([key, name]) => [key, performance.getEntriesByName(name)[0]] as const);
        return read && times.every(([, mark]) => mark)
          ? Object.fromEntries(times.map(([key, mark]) => [key, mark!.startTime - read.startTime]))
          : null;
      },
      steps,
      { timeout: 120_000, polling: 50 },
    );
    const f = (await answer.jsonValue()) as Figures;
    release();
    all.push(f);
    console.log(
      `  run ${run}: after the file is read: parsed in the worker ${ms(f.parsed)}, empty scene ready ${ms(f.ready)}, part's frame queued ${ms(f.rendered)}, ` +
        `first frame of the part drawn ${ms(f.firstFrame)} (from the file's choice ${ms(f.firstFrame - f.chosen)}; load average ${loadavg()[0]!.toFixed(1)})`,
    );
    // The server's work on this upload (check, orientations, then the printability report in a
    // worker thread) ends before the next run starts, so that runs do not overlap.
    await page.waitForFunction(
      async () => {
        const answer = await fetch("/api/quotes");
        const { quotes } = (await answer.json()) as { quotes: { printability: unknown }[] };
        return quotes.length > 0 && quotes.every((quote) => quote.printability !== null);
      },
      undefined,
      { timeout: 120_000, polling: 500 },
    );
    await page.close();
  }
  const of = (key: keyof Figures) => median(all.map((f) => f[key]));
  console.log(
    `  median: parsed ${ms(of("parsed"))}, scene ready ${ms(of("ready"))}, frame queued ${ms(of("rendered"))}; ` +
      `file read → first frame drawn ${ms(of("firstFrame"))} (goal: under 1,000 ms); from the file's choice ${ms(median(all.map((f) => f.firstFrame - f.chosen)))}`,
  );
}

try {
  console.log(
    `model: ${(model.length / 1048576).toFixed(1)} MB, ${model.readUInt32LE(80).toLocaleString("en")} triangles; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  await measure("as a buyer sees it (the upload, and the server's work on it, on the same two cores)", false);
  await measure("upload held back until the first frame is drawn (the page's own work alone)", true);
} finally {
  await browser.close();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}
