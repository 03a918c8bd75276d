/**
 * From upload to price for a 10 MB binary STL (a torus of 200,000 triangles) on the production
 * server: each run uploads a slightly different torus (no cached slice). The clock starts when the
 * upload's last byte has left the client; it prints the time to the server's answer (which carries
 * the estimate from the model's volume) and to the slicer's exact price, and their medians.
 * Needs `npm run build` first and PrusaSlicer installed.
 *   npm run build && npm run bench:quote          (BENCH_RUNS=5 by default)
 */
import { request } from "node:http";
import { binaryStl, torus } from "../../tests/support/mesh-fixtures.ts";
import { startServer } from "./start-server.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4602), env: { RATE_LIMIT: "off" } });

type QuoteAnswer = { id: string; status: string; file: { triangles: number }; estimate?: { totalCents: number } | null };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Posts the model; resolves with the moment its last byte was written and the server's answer. */
async function upload(model: Uint8Array, name: string): Promise<{ sent: number; answered: number; status: number; cookie: string; quote: QuoteAnswer }> {
  const form = new FormData();
  form.append("file", new File([model as Uint8Array<ArrayBuffer>], name));
  const encoded = new Request(server.url, { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    let sent = 0;
    const post = request(`${server.url}/api/quotes`, {
      method: "POST",
      headers: { origin: server.url, "content-type": encoded.headers.get("content-type")!, "content-length": body.length },
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
  console.log("run", "MB".padStart(6), "triangles".padStart(10), "to estimate ms".padStart(15), "to exact price ms".padStart(18), "status".padStart(8));
  for (let run = 1; run <= runs; run++) {
    const model = binaryStl(torus(40 + run / 100, 15, 500, 200));
    const { sent, answered, cookie, quote: answer } = await upload(model, `torus-${run}.stl`);
    if (!answer.estimate) throw new Error("the upload's answer has no estimate");
    let quote = answer;
    while (quote.status === "estimating") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      quote = (await (await fetch(`${server.url}/api/quotes/${quote.id}`, { headers: { cookie } })).json()) as QuoteAnswer;
    }
    const priced = performance.now();
    estimates.push(answered - sent);
    toPrice.push(priced - sent);
    console.log(
      String(run).padStart(3),
      (model.length / 1048576).toFixed(1).padStart(6),
      String(quote.file.triangles).padStart(10),
      (answered - sent).toFixed(0).padStart(15),
      (priced - sent).toFixed(0).padStart(18),
      quote.status.padStart(8),
    );
  }
  console.log(
    `median from the upload's last byte: estimate ${median(estimates).toFixed(0)} ms (goal: under 300 ms), exact price ${median(toPrice).toFixed(0)} ms (goal: under 5,000 ms)`,
  );
} finally {
  await server.stop();
}
