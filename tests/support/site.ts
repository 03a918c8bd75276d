import type { Hono } from "hono";
import { createServer, type ViteDevServer } from "vite";

/**
 * The whole site (pages and /api) as the real server runs it, loaded through Vite in this test
 * process so that it shares the test's database. Call `close()` when done.
 */
export async function loadSite(): Promise<{
  app: Hono;
  close: () => Promise<void>;
  /** One of the site's own modules, as the site sees it (its own instance, not this test's import). */
  module: <T>(path: string) => Promise<T>;
}> {
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    logLevel: "error",
    appType: "custom",
  });
  const { app } = (await vite.ssrLoadModule("./server/app.ts")) as { app: Hono };
  return { app, close: () => vite.close(), module: async <T>(path: string) => (await vite.ssrLoadModule(path)) as T };
}
