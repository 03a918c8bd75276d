import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api/index.ts";
import { config } from "./config.ts";
import { closeDatabase, connectDatabase } from "./db/index.ts";
import { clientAddress, clientAddressContext } from "./http/client-address.ts";
import { nonceContext } from "./http/content-security-policy.ts";
import { inputGuard } from "./http/input-guard.ts";
import { pageCache } from "./http/page-cache.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { seedSampleCatalogue } from "./catalogue/seed.ts";
import { startMailer, stopMailer } from "./mail/mailer.ts";
import { serveMedia } from "./media/serve.ts";
import { startOrderExpiry, stopOrderExpiry } from "./orders/release.ts";
import { paymentProviderName } from "./payments/config.ts";

/** The whole site as one fetch handler: /api JSON and server-rendered pages. */
export const app = new Hono();

app.use(securityHeaders());
app.route("/", api);
app.get("/media/*", inputGuard(), serveMedia);

const handlePage = createRequestHandler(() => import("virtual:react-router/server-build"), process.env.NODE_ENV);
function renderPage(request: Request, nonce: string, address: string): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  context.set(clientAddressContext, address);
  return handlePage(request, context);
}
app.all("*", inputGuard(), (c) => pageCache.serve(c.req.raw, (request, nonce) => renderPage(request, nonce, clientAddress(c))));

export async function startup(): Promise<void> {
  // Refuses to start in production until payments are chosen (throws with what to set).
  paymentProviderName();
  const connection = await connectDatabase();
  if (config.sampleData) {
    const seeded = await seedSampleCatalogue(connection.db);
    if (seeded.items > 0) console.log(`Loaded the sample catalogue: ${seeded.categories} categories, ${seeded.items} items.`);
  }
  startMailer();
  startOrderExpiry();
}

export async function shutdown(): Promise<void> {
  await stopOrderExpiry();
  await stopMailer();
  await closeDatabase();
}
