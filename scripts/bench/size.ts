/**
 * What a first visit to each page downloads: the JavaScript and CSS the HTML links to, compressed
 * (brotli and gzip). Also checks that no admin or payment code reaches the public pages.
 * Run `npm run build` first.
 */
import { brotliCompressSync, gzipSync } from "node:zlib";
import { startServer } from "./start-server.ts";

const PAGES = [
  "/",
  "/store",
  "/inspirations",
  "/contact",
  "/services",
  "/about",
  "/fr",
  "/fr/store",
  "/login",
  "/quote",
];
const LIMITS_KB: Record<string, number> = { "/": 100, "/store": 130 };
// The 3D viewer (three.js) and the mesh worker are loaded when a file is chosen on /quote, or when a
// buyer asks for an item's 3D view (model-view, decision 056): never with a page.
const PRIVATE_CHUNK = /\/assets\/(admin|payment|checkout|order|model-viewer|model-view|mesh\.worker)[-.]/;

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4390) });
let failed = false;
try {
  console.log("page".padEnd(16), "js files", "js br KB", "js gz KB", "css br KB", "private chunks");
  for (const page of PAGES) {
    const html = await (await fetch(server.url + page)).text();
    const assets = new Set<string>();
    // React Router marks a stylesheet that lazily loaded code also uses with a trailing "#".
    for (const match of html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"#]+)#?"/g))
      assets.add(match[1]);
    for (const match of html.matchAll(/import\s+(?:\*\s+as\s+\w+\s+from\s+)?"(\/assets\/[^"]+)"/g))
      assets.add(match[1]);
    // The scripts a page preloads after `load` (decision 062) are listed in its loader.
    const held = /function start\(\)\{(\[[^\]]*\])/.exec(html)?.[1];
    for (const href of held ? (JSON.parse(held) as string[]) : []) assets.add(href);
    let jsBr = 0;
    let jsGz = 0;
    let cssBr = 0;
    let js = 0;
    const privateChunks: string[] = [];
    for (const asset of assets) {
      const body = Buffer.from(await (await fetch(server.url + asset)).arrayBuffer());
      const br = brotliCompressSync(body).length;
      if (asset.endsWith(".css")) cssBr += br;
      else {
        js++;
        jsBr += br;
        jsGz += gzipSync(body, { level: 9 }).length;
      }
      if (PRIVATE_CHUNK.test(asset)) privateChunks.push(asset);
    }
    const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
    console.log(
      page.padEnd(16),
      String(js).padStart(8),
      kb(jsBr),
      kb(jsGz),
      kb(cssBr),
      privateChunks.join(" ") || "none",
    );
    const limit = LIMITS_KB[page];
    if (limit && jsGz / 1024 > limit) {
      console.log(`  over the ${limit} KB target for ${page}`);
      failed = true;
    }
    if (privateChunks.length) failed = true;
  }
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
