/**
 * The 3D viewer's first frame for a 1,000,000-triangle binary STL (a torus, 48 MB, generated here):
 * headless Chromium on the production build opens /quote, is given the file, and reports the time
 * between the page's "quote:file-read" mark (the file's bytes are in memory) and the viewer's
 * "quote:first-frame" mark (the animation frame after the first render). The upload to the server
 * runs at the same time, as it does for a buyer. Needs `npm run build` first.
 *   npm run build && npm run bench:viewer          (BENCH_RUNS=3 by default)
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
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4603), env: { RATE_LIMIT: "off", QUOTE_SLICER: "off" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  // No GPU here: WebGL runs on SwiftShader, Chromium's software renderer (a buyer's GPU is faster).
  args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader"],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  console.log(`model: ${(model.length / 1048576).toFixed(1)} MB, ${model.readUInt32LE(80).toLocaleString("en")} triangles; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  const firstFrames: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/quote`, { waitUntil: "networkidle" });
    await page.getByLabel("Choose files").setInputFiles(modelPath);
    const figures = await page.waitForFunction(
      () => {
        const read = performance.getEntriesByName("quote:file-read")[0];
        const parsed = performance.getEntriesByName("quote:mesh-parsed")[0];
        const ready = performance.getEntriesByName("quote:viewer-ready")[0];
        const frame = performance.getEntriesByName("quote:first-frame")[0];
        return read && parsed && ready && frame
          ? { parsed: parsed.startTime - read.startTime, ready: ready.startTime - read.startTime, firstFrame: frame.startTime - read.startTime }
          : null;
      },
      undefined,
      { timeout: 120_000, polling: 50 },
    );
    const { parsed, ready, firstFrame } = (await figures.jsonValue())!;
    firstFrames.push(firstFrame);
    console.log(
      `run ${run}: after the file is read: parsed in the worker ${parsed.toFixed(0)} ms, empty scene ready ${ready.toFixed(0)} ms, ` +
        `first frame of the part ${firstFrame.toFixed(0)} ms (load average ${loadavg()[0]!.toFixed(1)})`,
    );
    await page.close();
  }
  console.log(`median: file read → first frame ${median(firstFrames).toFixed(0)} ms (goal: under 1,000 ms)`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}
