/**
 * A CPU profile of the production server under load: `node --cpu-prof` on the server while
 * autocannon requests one address (signed in as a fresh buyer unless BENCH_ANONYMOUS is set), then
 * the functions that took the most time by themselves, and the .cpuprofile to open in DevTools.
 * With BENCH_CART_BUYER set, the buyer has one item in the cart and a placed order, and `{order}`
 * in the address is that order's id.
 *   npm run build && node scripts/bench/profile.ts /store
 *   BENCH_CART_BUYER=1 node scripts/bench/profile.ts /orders/{order}
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { seedBenchCatalogue } from "./seed-bench-catalogue.ts";
import { startServer } from "./start-server.ts";
import { startMailSink } from "./mail-sink.ts";
import { buyerWithCartAndOrder } from "./cart-buyer.ts";

let address = process.argv[2] ?? "/store";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const profileDir = mkdtempSync(path.join(tmpdir(), "studio-profile-"));
const dataDir = await seedBenchCatalogue(5_000);
const spawned = performance.now();
const port = Number(process.env.BENCH_PORT ?? 4394);
const mail = await startMailSink(port + 20_000);
const server = await startServer({
  port,
  dataDir,
  env: {
    RATE_LIMIT: "off",
    SMTP_URL: mail.smtpUrl,
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
    ...(process.env.PAGE_CACHE_MS ? { PAGE_CACHE_MS: process.env.PAGE_CACHE_MS } : {}),
  },
});
let cookie = "";
let loadStarted: number;
try {
  if (process.env.BENCH_CART_BUYER) {
    const buyer = await buyerWithCartAndOrder(server.url, mail.verificationLink);
    cookie = buyer.cookie;
    address = address.replace("{order}", buyer.orderId);
  } else if (!process.env.BENCH_ANONYMOUS) {
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({
        name: "profiled",
        email: `profiled-${Date.now()}@example.test`,
        password: "bench-password",
      }),
    });
    cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }
  await fetch(server.url + address, { headers: { cookie } });
  loadStarted = performance.now();
  const result = await autocannon({
    url: server.url + address,
    connections: 50,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  console.log(
    `${address} ${cookie ? "signed in" : "anonymous"}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} errors`,
  );
} finally {
  await server.stop();
  await mail.close();
}

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"))!;
const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
// Only the samples taken under load: start-up (compiling, migrating, the first render) is not what is measured.
const skipMicroseconds = (loadStarted - spawned) * 1000;
const self = new Map<number, number>();
let elapsed = 0;
profile.samples.forEach((id, index) => {
  elapsed += profile.timeDeltas[index] ?? 0;
  if (elapsed >= skipMicroseconds) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const time = self.get(node.id) ?? 0;
  total += time;
  const where = node.callFrame.url
    .replace(/^.*node_modules\//, "")
    .replace(/^file:\/\/.*?\/(build|server|app)\//, "$1/");
  const key = `${node.callFrame.functionName || "(anonymous)"} ${where}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + time);
}
const areas = new Map<string, number>();
for (const [key, time] of byFunction) {
  const area = /wasm|pglite/.test(key)
    ? "database (PGlite)"
    : /react-dom/.test(key)
      ? "React rendering"
      : /react-router/.test(key)
        ? "React Router"
        : /better-auth|better-call|@better-auth|jose|crypto/.test(key)
          ? "better-auth and crypto"
          : /garbage/.test(key)
            ? "garbage collector"
            : /\(idle\)/.test(key)
              ? "idle"
              : / (build|server|app)\//.test(key)
                ? "our code"
                : /drizzle/.test(key)
                  ? "Drizzle"
                  : /hono/.test(key)
                    ? "Hono"
                    : "Node and the rest";
  areas.set(area, (areas.get(area) ?? 0) + time);
}
console.log(
  "self time by area:",
  [...areas]
    .sort((a, b) => b[1] - a[1])
    .map(([area, time]) => `${area} ${((time / total) * 100).toFixed(0)}%`)
    .join(", "),
);
console.log(`profile: ${path.join(profileDir, file)}`);
for (const [key, time] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 30))) {
  console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
