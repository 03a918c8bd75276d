/**
 * Load on the production server over loopback, with 5,000 items in the embedded database.
 * Prints requests per second, p50/p99 latency and errors per endpoint, with a static file as the
 * ceiling to compare with, and the server's memory before and after; then, side by side with the
 * ceiling, what a signed-in buyer gets (/store, an item page, /about, /api/me), the buyer's own pages
 * for a buyer with one item in the cart and a placed order (/store, /cart, /store/checkout, /profile,
 * /orders/{id}), and anonymous /store rendered for every request (a second server on the same
 * database, PAGE_CACHE_MS=0).
 *   npm run build && npm run bench:load                 (10 s per endpoint)
 *   BENCH_SECONDS=300 npm run bench:load -- --soak      (5-minute mixed run for memory)
 *   npm run bench:load -- --side-by-side                (only the rows compared with the ceiling)
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { seedBenchCatalogue } from "./seed-bench-catalogue.ts";
import { refreshedCookies } from "./cookies.ts";
import { buyerWithCartAndOrder } from "./cart-buyer.ts";
import { startServer } from "./start-server.ts";
import { checkoutAndPay } from "./checkout-path.ts";
import { startMailSink } from "./mail-sink.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const soak = process.argv.includes("--soak");
// Only the side-by-side rows (the ceiling, signed in, uncached), for measuring a change quickly.
const sideBySideOnly = process.argv.includes("--side-by-side");

const dataDir = await seedBenchCatalogue(5_000);
const port = Number(process.env.BENCH_PORT ?? 4392);
const mail = await startMailSink(port + 20_000);
const server = await startServer({ port, dataDir, env: { RATE_LIMIT: "off", SMTP_URL: mail.smtpUrl } });

let stopped = false;
const stopServer = async () => {
  if (stopped) return;
  stopped = true;
  await server.stop();
};

const memory = () => {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function run(
  name: string,
  path: string,
  duration = seconds,
  headers: Record<string, string> = {},
  url = server.url,
) {
  const result = await autocannon({ url: url + path, connections, duration, pipelining: 1, headers });
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

/** A buyer's session cookies, from signing up through the API as the site's form does. */
async function signedInCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({
      name: "loadbuyer",
      email: `load-buyer-${Date.now()}@example.test`,
      password: "bench-password",
    }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

type Row = { name: string; result: autocannon.Result };
function printRatios(rows: Row[]) {
  const ceiling = rows[0]!.result.requests.average;
  console.log(
    `\nside by side (load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`,
  );
  console.log(
    "request".padEnd(40),
    "req/s".padStart(8),
    "p99 ms".padStart(7),
    "errors".padStart(7),
    "of static".padStart(10),
  );
  for (const { name, result } of rows) {
    const errors = result.errors + result.timeouts + result.non2xx;
    const ratio = `${((result.requests.average / ceiling) * 100).toFixed(0)}%`;
    console.log(
      name.padEnd(40),
      result.requests.average.toFixed(0).padStart(8),
      String(result.latency.p99).padStart(7),
      String(errors).padStart(7),
      ratio.padStart(10),
    );
  }
}

try {
  for (const path of ["/", "/store", "/api/catalogue/items?q=dragon", "/favicon.svg"]) await fetch(server.url + path);
  console.log(`server memory before: ${memory().toFixed(0)} MB`);
  console.log(
    "endpoint".padEnd(34),
    "req/s".padStart(8),
    "p50 ms".padStart(7),
    "p99 ms".padStart(7),
    "errors".padStart(7),
  );
  if (soak) {
    await Promise.all([
      run("/store (soak)", "/store", seconds),
      run("/api/catalogue/items?q=… (soak)", "/api/catalogue/items?q=lamp", seconds),
    ]);
  } else {
    const ceiling = await run("static file (ceiling)", "/favicon.svg");
    let cookie = await signedInCookie(server.url);
    const rows: Row[] = [{ name: "static file (ceiling)", result: ceiling }];
    for (const [name, path] of [
      ["/store, signed in", "/store"],
      ["/store/{slug}, signed in", "/store/ember-dragon-bust"],
      ["/about, signed in", "/about"],
      ["/api/me, signed in", "/api/me"],
    ] as const) {
      // As a browser does: the session cache's cookie, refreshed every minute, is the one sent.
      cookie = await refreshedCookies(server.url, cookie);
      // One request first, as for the other rows: the page's shared part is rendered once, not under load.
      await fetch(server.url + path, { headers: { cookie } });
      rows.push({ name, result: await run(name, path, seconds, { cookie }) });
    }
    const buyer = await buyerWithCartAndOrder(server.url, mail.verificationLink);
    let buyerCookie = buyer.cookie;
    for (const [name, path] of [
      ["/store, with a cart and an order", "/store"],
      ["/cart", "/cart"],
      ["/store/checkout", "/store/checkout"],
      ["/profile", "/profile"],
      ["/orders/{id}", `/orders/${buyer.orderId}`],
    ] as const) {
      buyerCookie = await refreshedCookies(server.url, buyerCookie);
      const first = await fetch(server.url + path, { headers: { cookie: buyerCookie } });
      if (first.status !== 200) throw new Error(`${path}: ${first.status}`);
      rows.push({ name, result: await run(name, path, seconds, { cookie: buyerCookie }) });
    }
    if (!sideBySideOnly) {
      await run("/ (home page)", "/");
      const store = await run("/store (rendered)", "/store");
      await run("/store, browsers' Accept-Encoding", "/store", seconds, {
        "accept-encoding": "gzip, deflate, br, zstd",
      });
      await run("/store?q=dragon&page=2", "/store?q=dragon&page=2");
      await run("/api/catalogue/items?q=dragon", "/api/catalogue/items?q=dragon");
      await run("/api/catalogue/items?category=…", "/api/catalogue/items?category=cosplay-props");
      console.log(
        `store page at ${((store.requests.average / ceiling.requests.average) * 100).toFixed(0)}% of the static file's throughput`,
      );
      await checkoutAndPay(server.url, Number(process.env.BENCH_BUYERS ?? 200), 10, undefined, async (email) => {
        await fetch(await mail.verificationLink(email), { redirect: "manual" });
      });
    }
    console.log(`server memory after: ${memory().toFixed(0)} MB`);
    await stopServer();
    // The embedded database has one owner at a time: the uncached server opens it after the first stops.
    const uncached = await startServer({
      port: Number(process.env.BENCH_PORT ?? 4392) + 1,
      dataDir,
      env: { RATE_LIMIT: "off", PAGE_CACHE_MS: "0" },
    });
    try {
      await fetch(uncached.url + "/store");
      rows.push({
        name: "/store, anonymous, PAGE_CACHE_MS=0",
        result: await run("/store, anonymous, PAGE_CACHE_MS=0", "/store", seconds, {}, uncached.url),
      });
    } finally {
      await uncached.stop();
    }
    printRatios(rows);
  }
  if (soak) console.log(`server memory after: ${memory().toFixed(0)} MB`);
} finally {
  await stopServer();
  await mail.close();
}
