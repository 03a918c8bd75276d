/**
 * From upload to exact price for a 10 MB binary STL (a torus of 200,000 triangles) on the production
 * server: each run uploads a slightly different torus (no cached slice), then polls the quote until
 * the slicer's price is there. Prints the upload time, the time from upload finished to exact price,
 * and their medians. Needs `npm run build` first and PrusaSlicer installed.
 *   npm run build && npm run bench:quote          (BENCH_RUNS=5 by default)
 */
import { binaryStl, torus } from "../../tests/support/mesh-fixtures.ts";
import { startServer } from "./start-server.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4602), env: { RATE_LIMIT: "off" } });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  const uploads: number[] = [];
  const toPrice: number[] = [];
  console.log("run", "MB".padStart(6), "triangles".padStart(10), "upload ms".padStart(10), "to exact price ms".padStart(18), "status".padStart(8));
  for (let run = 1; run <= runs; run++) {
    const model = binaryStl(torus(40 + run / 100, 15, 500, 200));
    const form = new FormData();
    form.append("file", new File([model as Uint8Array<ArrayBuffer>], `torus-${run}.stl`));
    const started = performance.now();
    const response = await fetch(`${server.url}/api/quotes`, { method: "POST", body: form, headers: { origin: server.url } });
    const uploaded = performance.now();
    if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    let quote = (await response.json()) as { id: string; status: string; file: { triangles: number } };
    while (quote.status === "estimating") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      quote = (await (await fetch(`${server.url}/api/quotes/${quote.id}`, { headers: { cookie } })).json()) as typeof quote;
    }
    const priced = performance.now();
    uploads.push(uploaded - started);
    toPrice.push(priced - uploaded);
    console.log(
      String(run).padStart(3),
      (model.length / 1048576).toFixed(1).padStart(6),
      String(quote.file.triangles).padStart(10),
      (uploaded - started).toFixed(0).padStart(10),
      (priced - uploaded).toFixed(0).padStart(18),
      quote.status.padStart(8),
    );
  }
  console.log(`median: upload ${median(uploads).toFixed(0)} ms, upload finished → exact price ${median(toPrice).toFixed(0)} ms (goal: under 5,000 ms)`);
} finally {
  await server.stop();
}
