/**
 * From upload to price for a 10 MB binary STL (a torus of 200,000 triangles) on the production
 * server: each run uploads a slightly different torus (no cached slice). The clock starts when the
 * upload's last byte has left the client; it prints the time to the server's answer (which carries
 * the estimate from the model's volume) and to the slicer's exact price, and their medians. Then, in
 * headless Chromium on /quote, the time from the upload's last byte (the XHR's upload "load" event)
 * to the estimate on the page. After each run, the same file goes to the slicer alone (`slice()`,
 * PrusaSlicer with the studio's profile and the quote's default options, no server around it), so
 * that our time around the slicer is measured in the same minutes.
 * Needs `npm run build` first, PrusaSlicer and Chromium installed.
 *   npm run build && npm run bench:quote          (BENCH_RUNS=5 by default)
 */
import { chromium } from "@playwright/test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { binaryStl, torus } from "../../tests/support/mesh-fixtures.ts";
import { startServer } from "./start-server.ts";
import { QUARTER_TURNS } from "../../domain/orientation.ts";
import { slice } from "../../server/quotes/slicer.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4602), env: { RATE_LIMIT: "off" } });

type QuoteAnswer = {
  id: string;
  status: string;
  file: { triangles: number };
  estimate?: { totalCents: number } | null;
  printability: unknown;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Posts the model; resolves with the moment its last byte was written and the server's answer. */
async function upload(
  model: Uint8Array,
  name: string,
): Promise<{ sent: number; answered: number; status: number; cookie: string; quote: QuoteAnswer }> {
  const form = new FormData();
  form.append("file", new File([model as Uint8Array<ArrayBuffer>], name));
  const encoded = new Request(server.url, { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    let sent = 0;
    const post = request(`${server.url}/api/quotes`, {
      method: "POST",
      headers: {
        origin: server.url,
        "content-type": encoded.headers.get("content-type")!,
        "content-length": body.length,
      },
    });
    post.on("error", reject);
    post.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const answered = performance.now();
        const cookie = (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
        const text = Buffer.concat(chunks).toString();
        if (response.statusCode !== 201) return reject(new Error(`upload failed: ${response.statusCode} ${text}`));
        resolve({ sent, answered, status: response.statusCode, cookie, quote: JSON.parse(text) as QuoteAnswer });
      });
    });
    post.end(body, () => (sent = performance.now()));
  });
}

try {
  const estimates: number[] = [];
  const toPrice: number[] = [];
  const slicerAlone: number[] = [];
  console.log(
    "run",
    "MB".padStart(6),
    "triangles".padStart(10),
    "to estimate ms".padStart(15),
    "to exact price ms".padStart(18),
    "status".padStart(8),
    "slicer alone ms".padStart(16),
  );
  for (let run = 1; run <= runs; run++) {
    const model = binaryStl(torus(40 + run / 100, 15, 500, 200));
    const { sent, answered, cookie, quote: answer } = await upload(model, `torus-${run}.stl`);
    if (!answer.estimate) throw new Error("the upload's answer has no estimate");
    let quote = answer;
    // As the buyer's page does: the server answers the moment the slice is recorded.
    while (quote.status === "estimating") {
      quote = (await (
        await fetch(`${server.url}/api/quotes/${quote.id}?wait=price`, { headers: { cookie } })
      ).json()) as QuoteAnswer;
    }
    const priced = performance.now();
    // The printability report follows the slice (a second of work in a worker thread): each run
    // starts once the server has finished with the one before, so that runs do not overlap.
    for (let wait = 0; wait < 150 && quote.printability === null; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      quote = (await (
        await fetch(`${server.url}/api/quotes/${quote.id}`, { headers: { cookie } })
      ).json()) as QuoteAnswer;
    }
    // The quote's defaults on a new install (domain/quote-pricing.ts): PLA, 0.2 mm layers, 20 % infill.
    const slicing = performance.now();
    await slice(
      model,
      {
        format: "stl",
        scale: 1,
        rotation: QUARTER_TURNS["as-drawn"],
        layerHeightMm: 0.2,
        infillPercent: 20,
        densityGPerCm3: 1.24,
        filamentType: "pla",
      },
      { timeoutMs: 120_000 },
    );
    slicerAlone.push(performance.now() - slicing);
    estimates.push(answered - sent);
    toPrice.push(priced - sent);
    console.log(
      String(run).padStart(3),
      (model.length / 1048576).toFixed(1).padStart(6),
      String(quote.file.triangles).padStart(10),
      (answered - sent).toFixed(0).padStart(15),
      (priced - sent).toFixed(0).padStart(18),
      quote.status.padStart(8),
      slicerAlone.at(-1)!.toFixed(0).padStart(16),
    );
  }
  console.log(
    `median from the upload's last byte: the server's answer ${median(estimates).toFixed(0)} ms, exact price ${median(toPrice).toFixed(0)} ms; the slicer alone ${median(slicerAlone).toFixed(0)} ms, so ${(median(toPrice) - median(slicerAlone)).toFixed(0)} ms of ours (goal: at most 500 ms; load average ${loadavg()[0]!.toFixed(2)})`,
  );
  await estimateInTheBrowser();
} finally {
  await server.stop();
}

/** On /quote in Chromium: from the upload's last byte to the estimate on the page (0 when it was there before). */
async function estimateInTheBrowser(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), "bench-quote-"));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  try {
    const shown: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const file = path.join(folder, `torus-browser-${run}.stl`);
      writeFileSync(file, binaryStl(torus(41 + run / 100, 15, 500, 200)));
      const page = await browser.newPage();
      await page.goto(`${server.url}/quote`, { waitUntil: "networkidle" });
      await page.getByLabel("Choose files").setInputFiles(file);
      const marks = await page.waitForFunction(
        () => {
          const sent = performance.getEntriesByName("quote:upload-sent")[0];
          const estimate = performance.getEntriesByName("quote:estimate-shown")[0];
          return sent && estimate ? { sent: sent.startTime, estimate: estimate.startTime } : null;
        },
        undefined,
        { timeout: 60_000, polling: 20 },
      );
      const { sent, estimate } = (await marks.jsonValue())!;
      const after = Math.max(0, estimate - sent);
      shown.push(after);
      // Its slice would run into the next run's.
      await page.getByRole("heading", { name: "Exact price" }).waitFor({ timeout: 60_000 });
      console.log(
        `browser run ${run}: estimate on the page ${after.toFixed(0)} ms after the upload's last byte (${(estimate - sent).toFixed(0)} ms; load average ${loadavg()[0]!.toFixed(1)})`,
      );
      await page.close();
    }
    console.log(
      `median in the browser: the estimate on the page ${median(shown).toFixed(0)} ms after the upload's last byte (goal: under 300 ms)`,
    );
  } finally {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
