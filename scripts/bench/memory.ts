/**
 * Memory of the production server under signed-in page requests (issue 25): two buyers, one with a
 * cart, ask for the shared pages (/store, item pages, /about, both languages, a few searches) and
 * their own (the cart, the checkout, the profile); the server's resident memory is printed after
 * the first 1,000 requests and after 100,000 (BENCH_REQUESTS).
 *   npm run build && node scripts/bench/memory.ts
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { keepCookies, refreshedCookies } from "./cookies.ts";
import { startServer } from "./start-server.ts";

const total = Number(process.env.BENCH_REQUESTS ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 4395);
const server = await startServer({ port, env: { RATE_LIMIT: "off" } });

const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.process.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function buyer(name: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ name, email: `${name}-${Date.now()}@example.test`, password: "bench-password" }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status}`);
  return keepCookies("", response);
}

const paths = [
  "/store",
  "/fr/store",
  "/store/ember-dragon-bust",
  "/fr/store/cable-clip-set",
  "/about",
  "/fr/about",
  "/",
  "/store?q=dragon",
  "/store?page=1&q=lamp",
  "/inspirations",
  // The buyer's own pages: their frames shared, their records kept per buyer.
  "/cart",
  "/store/checkout",
  "/fr/store/checkout",
  "/profile",
];

/** `amount` requests, 10,000 at a time between the browsers' cookie refreshes. */
async function requests(amount: number, cookies: string[]) {
  let done = 0;
  let seconds = 0;
  while (done < amount) {
    const chunk = Math.min(10_000, amount - done);
    const jars = await Promise.all(cookies.map((cookie) => refreshedCookies(server.url, cookie)));
    const result = await autocannon({
      url: server.url,
      connections: 20,
      amount: chunk,
      requests: jars.flatMap((cookie) =>
        paths.map((path) => ({ method: "GET" as const, path, headers: { cookie, "accept-encoding": "gzip" } })),
      ),
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    if (errors > 0) console.log(`  (${errors} errors or non-2xx answers)`);
    done += chunk;
    seconds += result.duration;
    if (amount > 10_000) console.log(`  ${done.toLocaleString("en")} more: ${rss().toFixed(0)} MB`);
  }
  return { perSecond: amount / seconds, seconds };
}

try {
  const alice = await buyer("alice");
  const bob = await buyer("bob");
  const added = await fetch(`${server.url}/cart`, {
    method: "POST",
    headers: { origin: server.url, cookie: bob, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", itemId: "item-cable-clips", quantity: "2" }),
    redirect: "manual",
  });
  if (added.status >= 400) throw new Error(`add to cart: ${added.status}`);
  console.log(`server memory at start: ${rss().toFixed(0)} MB`);
  await requests(1_000, [alice, bob]);
  const first = rss();
  console.log(`after 1,000 signed-in requests: ${first.toFixed(0)} MB`);
  const rest = await requests(total - 1_000, [alice, bob]);
  const last = rss();
  console.log(
    `after ${total.toLocaleString("en")} signed-in requests: ${last.toFixed(0)} MB (${(((last - first) / first) * 100).toFixed(1)}% more; ${rest.perSecond.toFixed(0)} req/s over ${rest.seconds.toFixed(0)} s)`,
  );
  console.log(`load average: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
} finally {
  await server.stop();
}
