/**
 * How often the production server builds, ranks and matches the route tree per page: the server
 * runs with route-work-hook.ts; after start-up and one round of pages the counts are taken, then
 * more rounds are asked for one page at a time (signed in, page cache off), and the calls made
 * during them are printed per page. Not a load test. Run `npm run build` first.
 *   node scripts/bench/route-work.ts
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./start-server.ts";

type Counts = { counts: Record<string, number>; missing: string[] };

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const hook = fileURLToPath(new URL("./route-work-hook.ts", import.meta.url));
const countsFile = path.join(mkdtempSync(path.join(tmpdir(), "studio-route-work-")), "counts.json");
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 4395),
  env: { RATE_LIMIT: "off", PAGE_CACHE_MS: "0", NODE_OPTIONS: `--import ${hook}`, ROUTE_WORK_FILE: countsFile },
});
const pages: string[] = [];
try {
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({
      name: "route work",
      email: `route-work-${Date.now()}@example.test`,
      password: "bench-password",
    }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((set) => set.split(";")[0])
    .join("; ");
  const store = await (await fetch(`${server.url}/store`)).text();
  const slug = /href="\/store\/([^"?/]+)"/.exec(store)?.[1] ?? "missing";
  pages.push("/", "/fr", "/store", "/fr/store", `/store/${slug}`, `/fr/store/${slug}`, "/about", "/fr/nowhere");
  const round = async () => {
    for (const page of pages) await (await fetch(server.url + page, { headers: { cookie } })).text();
  };
  await round();
  server.process.kill("SIGUSR2");
  while (!existsSync(`${countsFile}.warm`)) await new Promise((resolve) => setTimeout(resolve, 50));
  for (let done = 0; done < ROUNDS; done++) await round();
} finally {
  await server.stop();
}
const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Counts;
const [warm, end] = [read(`${countsFile}.warm`), read(countsFile)];
const asked = ROUNDS * pages.length;
console.log(`${asked} pages, one at a time, signed in: ${pages.join(" ")}`);
console.log("function".padEnd(28), "at start-up and first round", "per page after");
for (const [name, calls] of Object.entries(end.counts)) {
  const before = warm.counts[name] ?? 0;
  console.log(
    `${name.padEnd(28)} ${String(before).padStart(27)} ${((calls - before) / asked).toFixed(2).padStart(14)}`,
  );
}
if (end.missing.length > 0) console.log(`not found in this React Router release: ${end.missing.join(", ")}`);
