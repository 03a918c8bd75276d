import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { compression } from "./http/compression.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { staticFiles } from "./http/static-files.ts";
import { log } from "./log.ts";

type SiteModule = {
  app: Hono;
  startup: () => Promise<void>;
  drain: () => void;
  shutdown: () => Promise<void>;
};

const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";

async function productionHandler() {
  const site: SiteModule = await import(new URL("../build/server/index.js", import.meta.url).href);
  const outer = new Hono();
  outer.use(compression());
  outer.use(securityHeaders());
  outer.use(staticFiles("./build/client"));
  outer.route("/", site.app);
  const listener = getRequestListener(outer.fetch);
  return { site, handle: (req: IncomingMessage, res: ServerResponse) => listener(req, res) };
}

async function developmentHandler() {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  const load = () => devServer.ssrLoadModule("./server/app.ts") as Promise<SiteModule>;
  const site = await load();
  return {
    site,
    handle: (req: IncomingMessage, res: ServerResponse) =>
      devServer.middlewares(req, res, async () => {
        const { app } = await load();
        getRequestListener(app.fetch)(req, res);
      }),
  };
}

const { site, handle } = production ? await productionHandler() : await developmentHandler();
await site.startup();

const server = createServer(handle);
server.listen(port, host, () => {
  log().info({ port, mode: production ? "production" : "development" }, `Studio site on http://localhost:${port}`);
});

let stopping = false;
/**
 * SIGTERM: stop taking connections (and answer /readyz with 503), let the requests in flight
 * finish, and the background jobs finish their current step, then close the database and exit.
 */
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log().info({ signal }, "Finishing requests in flight and background work, then closing the database");
  site.drain();
  const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
  // A kept-alive connection is closed as soon as its request is answered.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 10_000).unref();
  const force = setTimeout(() => {
    log().error("Still busy after 30 s: exiting anyway");
    process.exit(1);
  }, 30_000);
  force.unref();
  await requestsDone;
  clearInterval(closeIdle);
  await site.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
