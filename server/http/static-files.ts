import { readdirSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";

/** Every file under `root` as a site path ("/images/hero.svg"), without the precompressed copies. */
export function listStaticFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    files.add(`/${relative.split(path.sep).join("/")}`);
  }
  return files;
}

/**
 * The build's static files (hashed assets cached for a year, the rest for an hour), brotli or gzip
 * when the browser takes it. The build does not change while the server runs, so its files are
 * listed once: a page or API request never touches the file system to learn it is not a file.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const files = listStaticFiles(root);
  const serve = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    if (!files.has(c.req.path)) return next();
    const response = await serve(c, next);
    response?.headers.set(
      "Cache-Control",
      c.req.path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    );
    return response;
  };
}
