import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api/index.ts";
import { config } from "./config.ts";
import { closeDatabase, connectDatabase } from "./db/index.ts";
import { nonceContext } from "./http/content-security-policy.ts";
import { pageCache } from "./http/page-cache.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { seedSampleCatalogue } from "./catalogue/seed.ts";
import { startMailer, stopMailer } from "./mail/mailer.ts";
import { serveMedia } from "./media/serve.ts";
import { startOrderExpiry, stopOrderExpiry } from "./orders/release.ts";
import { startCartCleanup, stopCartCleanup } from "./cart/cart.ts";

/** The whole site as one fetch handler: /api JSON and server-rendered pages. */
export const app = new Hono();

app.use(securityHeaders());
app.route("/", api);
app.get("/media/*", serveMedia);

const handlePage = createRequestHandler(() => import("virtual:react-router/server-build"), process.env.NODE_ENV);
function renderPage(request: Request, nonce: string): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  return handlePage(request, context);
}
app.all("*", (c) => pageCache.serve(c.req.raw, renderPage));

export async function startup(): Promise<void> {
  const connection = await connectDatabase();
  if (config.sampleData) {
    const seeded = await seedSampleCatalogue(connection.db);
    if (seeded.items > 0) console.log(`Loaded the sample catalogue: ${seeded.categories} categories, ${seeded.items} items.`);
  }
  startMailer();
  startOrderExpiry();
  startCartCleanup();
}

export async function shutdown(): Promise<void> {
  await stopOrderExpiry();
  stopCartCleanup();
  await stopMailer();
  await closeDatabase();
}
