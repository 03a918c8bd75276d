/**
 * Loaded into the server by route-work.ts (`--import`): counts the calls of React Router's
 * route-tree functions, by adding a counter to each in React Router's own source as Node loads it,
 * and writes the counts to $ROUTE_WORK_FILE when the process exits (and to its .warm on SIGUSR2). A function whose source is not
 * found (a release that renamed it) is listed as missing instead of counted.
 */
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

// For a recursive function, a condition that holds on its outermost call only.
const COUNTED: Record<string, string> = {
  flattenAndRankRoutes: "",
  flattenRoutes: 'parentPath === ""',
  rankRouteBranches: "",
  compilePath: "",
  matchRoutesImpl: "",
  createServerRoutes: 'parentId === ""',
  convertRoutesToDataRoutes: "parentPath.length === 0",
};
const counts: Record<string, number> = {};
const found = new Set<string>();
(globalThis as { __routeWork?: Record<string, number> }).__routeWork = counts;

registerHooks({
  load(url, context, nextLoad) {
    const result = nextLoad(url, context);
    if (!/\/react-router\/dist\/production\/lib\/(router\/utils|dom\/ssr\/routes)\.js$/.test(url)) return result;
    let source = String(result.source);
    for (const [name, outermost] of Object.entries(COUNTED)) {
      const start = source.indexOf(`function ${name}(`);
      if (start < 0) continue;
      found.add(name);
      const body = source.indexOf("{\n", start) + 2;
      const count = `globalThis.__routeWork[${JSON.stringify(name)}] = (globalThis.__routeWork[${JSON.stringify(name)}] ?? 0) + 1;`;
      source = `${source.slice(0, body)}${outermost ? `if (${outermost}) ` : ""}${count}\n${source.slice(body)}`;
    }
    return { ...result, source };
  },
});

function write(file: string | undefined) {
  const missing = Object.keys(COUNTED).filter((name) => !found.has(name));
  if (file) writeFileSync(file, JSON.stringify({ counts, missing }));
}
// SIGUSR2: the counts so far (after start-up and a first round), to tell them from the rest.
process.on("SIGUSR2", () => write(process.env.ROUTE_WORK_FILE && `${process.env.ROUTE_WORK_FILE}.warm`));
process.on("exit", () => write(process.env.ROUTE_WORK_FILE));
