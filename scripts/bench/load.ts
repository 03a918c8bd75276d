/**
 * Load on the production server over loopback, with 5,000 items in the embedded database.
 * Prints requests per second, p50/p99 latency and errors per endpoint, with a static file as the
 * ceiling to compare with, and the server's memory before and after.
 *   npm run build && npm run bench:load                 (10 s per endpoint)
 *   BENCH_SECONDS=300 npm run bench:load -- --soak      (5-minute mixed run for memory)
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { seedBenchCatalogue } from "./seed-bench-catalogue.ts";
import { startServer } from "./start-server.ts";
import { checkoutAndPay } from "./checkout-path.ts";
import { startMailSink } from "./mail-sink.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const soak = process.argv.includes("--soak");

const dataDir = await seedBenchCatalogue(5_000);
const port = Number(process.env.BENCH_PORT ?? 4392);
const mail = await startMailSink(port + 20_000);
const server = await startServer({ port, dataDir, env: { RATE_LIMIT: "off", SMTP_URL: mail.smtpUrl } });

const memory = () => {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function run(name: string, path: string, duration = seconds, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: server.url + path, connections, duration, pipelining: 1, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    name.padEnd(34),
    result.requests.average.toFixed(0).padStart(8),
    String(result.latency.p50).padStart(7),
    String(result.latency.p99).padStart(7),
    String(errors).padStart(7),
  );
  return result;
}

try {
  for (const path of ["/", "/store", "/api/catalogue/items?q=dragon", "/favicon.svg"]) await fetch(server.url + path);
  console.log(`server memory before: ${memory().toFixed(0)} MB`);
  console.log("endpoint".padEnd(34), "req/s".padStart(8), "p50 ms".padStart(7), "p99 ms".padStart(7), "errors".padStart(7));
  if (soak) {
    await Promise.all([
      run("/store (soak)", "/store", seconds),
      run("/api/catalogue/items?q=… (soak)", "/api/catalogue/items?q=lamp", seconds),
    ]);
  } else {
    const ceiling = await run("static file (ceiling)", "/favicon.svg");
    await run("/ (home page)", "/");
    const store = await run("/store (rendered)", "/store");
    await run("/store, gzip (as browsers ask)", "/store", seconds, { "accept-encoding": "gzip, deflate, br, zstd" });
    await run("/store?q=dragon&page=2", "/store?q=dragon&page=2");
    await run("/api/catalogue/items?q=dragon", "/api/catalogue/items?q=dragon");
    await run("/api/catalogue/items?category=…", "/api/catalogue/items?category=cosplay-props");
    console.log(`store page at ${((store.requests.average / ceiling.requests.average) * 100).toFixed(0)}% of the static file's throughput`);
    await checkoutAndPay(server.url, Number(process.env.BENCH_BUYERS ?? 200), 10, undefined, async (email) => {
      await fetch(await mail.verificationLink(email), { redirect: "manual" });
    });
  }
  console.log(`server memory after: ${memory().toFixed(0)} MB`);
} finally {
  await server.stop();
  await mail.close();
}
