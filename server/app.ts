import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { api } from "./api/index.ts";
import { config } from "./config.ts";
import { sql } from "drizzle-orm";
import { closeDatabase, connectDatabase } from "./db/index.ts";
import { databaseReadiness } from "./db/health.ts";
import { NOTICE_CHANNEL, startNotices, stopNotices } from "./db/notifications.ts";
import { holdSingleServerLock } from "./db/single-server-lock.ts";
import { clientAddress, clientAddressContext } from "./http/client-address.ts";
import { nonceContext } from "./http/content-security-policy.ts";
import { inputGuard } from "./http/input-guard.ts";
import { pageCache } from "./http/page-cache.ts";
import { sharedPageContext, sharedPages, type RenderPersonal } from "./http/shared-pages.ts";
import { scopedRequests } from "./http/request-scope.ts";
import { accessLog, log } from "./log.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { seedSampleCatalogue } from "./catalogue/seed.ts";
import { seedSampleProjects } from "./content/portfolio.ts";
import { seedSamplePages } from "./content/page-sections.ts";
import { startMailer, stopMailer } from "./mail/mailer.ts";
import { startConversationMail, stopConversationMail } from "./conversations/mail.ts";
import { startStudioNotices, stopStudioNotices } from "./mail/studio-notices.ts";
import { serveMedia } from "./media/serve.ts";
import { startOrderExpiry, stopOrderExpiry } from "./orders/expiry-sweep.ts";
import { startRefundRetry, stopRefundRetry } from "./orders/refund-retry.ts";
import { startQuoteWorker, stopQuoteWorker } from "./quotes/slice-job.ts";
import { keepUploadCheckReady } from "./quotes/upload.ts";
import { endKeptWorkers } from "./quotes/worker-task.ts";
import { removeLeftSliceFolders } from "./quotes/slicer.ts";
import { startCartCleanup, stopCartCleanup } from "./cart/cart.ts";
import { paymentProviderName } from "./payments/config.ts";
import { answerBackupRequests } from "./backups/running-site.ts";
import { startDailyBackups, stopDailyBackups } from "./backups/daily-backup.ts";

/** The whole site as one fetch handler: /api JSON and server-rendered pages. */
export const app = new Hono();

app.use(securityHeaders());
app.use(scopedRequests());
app.use(accessLog());

// For a load balancer: /healthz says the process runs; /readyz that it can serve (database
// reachable, migrations applied) and is not shutting down.
let draining = false;
app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));
app.get("/readyz", async (c) => {
  const readiness = draining ? { ready: false as const, problem: "shutting down" } : await databaseReadiness();
  const body = readiness.ready ? { status: "ready" } : { status: "not ready", problem: readiness.problem };
  return c.json(body, readiness.ready ? 200 : 503, { "Cache-Control": "no-store" });
});

app.route("/", api);
app.get("/media/*", inputGuard(), serveMedia);

const loadBuild = () => import("virtual:react-router/server-build");
// Given a function, React Router derives its handler again on every request (flattening and
// ranking every route: 5% of a signed-in page), so that development sees each edit. In production
// the build never changes: it is resolved once, on the first request.
let build: ReturnType<typeof loadBuild> | undefined;
const serverBuild = () => (import.meta.env.DEV ? loadBuild() : (build ??= loadBuild()));
let builtHandler: Promise<RequestHandler> | undefined;
const handlePage: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, process.env.NODE_ENV)
  : (request, context) => {
      builtHandler ??= serverBuild().then((build) => createRequestHandler(build, process.env.NODE_ENV));
      return builtHandler.then((handler) => handler(request, context));
    };
function routerContext(nonce: string, address: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  context.set(clientAddressContext, address);
  return context;
}
function renderPage(request: Request, nonce: string, address: string): Promise<Response> {
  return handlePage(request, routerContext(nonce, address));
}
// The part of a page that is the same for everybody, and a person's parts of it (decision 060).
function renderSharedPart(request: Request, nonce: string, address: string): Promise<Response> {
  const context = routerContext(nonce, address);
  context.set(sharedPageContext, true);
  return handlePage(request, context);
}
// app/entry.server.tsx exports it: rendered by the app's own components, which the server never imports.
type PersonalEntry = {
  renderPersonalParts: (request: Request, context: RouterContextProvider) => ReturnType<RenderPersonal>;
};
async function renderPersonalParts(request: Request, address: string) {
  const { entry } = await serverBuild();
  return (entry.module as unknown as PersonalEntry).renderPersonalParts(request, routerContext("", address));
}
app.all("*", inputGuard(), async (c) => {
  const address = clientAddress(c);
  const request = c.req.raw;
  // Anonymous visitors get whole pages from the page cache; everybody else (and anonymous
  // visitors when it is off) the shared part of a listed page with their own parts spliced in.
  const spliced = pageCache.serves(request)
    ? null
    : await sharedPages.serve(
        request,
        (shared, nonce) => renderSharedPart(shared, nonce, address),
        (personal) => renderPersonalParts(personal, address),
      );
  return spliced ?? pageCache.serve(request, (request, nonce) => renderPage(request, nonce, address));
});

let releaseSingleServerLock: (() => Promise<void>) | undefined;
let stopAnsweringBackups: (() => Promise<void>) | undefined;

export async function startup(): Promise<void> {
  // Refuses to start in production until payments are chosen (throws with what to set).
  paymentProviderName();
  const connection = await connectDatabase();
  // Buyers' files on this server's disk: refused when another server already runs on the database.
  if (connection.kind === "postgres" && config.databaseUrl && !config.s3)
    releaseSingleServerLock = await holdSingleServerLock(config.databaseUrl);
  if (config.sampleData) {
    const seeded = await seedSampleCatalogue(connection.db);
    if (seeded.items > 0) log().info(seeded, "Loaded the sample catalogue");
    const projects = await seedSampleProjects(connection.db);
    if (projects > 0) log().info({ projects }, "Loaded the sample portfolio");
    const sections = await seedSamplePages(connection.db);
    if (sections > 0) log().info({ sections }, "Loaded the sample About and Services pages");
  }
  if (connection.kind === "postgres" && config.databaseUrl) {
    await startNotices(config.databaseUrl, (payload) =>
      connection.db.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${payload})`),
    );
  }
  startMailer();
  startStudioNotices();
  startConversationMail();
  startOrderExpiry();
  startRefundRetry();
  const left = await removeLeftSliceFolders();
  if (left > 0) log().info({ folders: left }, "Removed the slice folders a stopped server left");
  startQuoteWorker();
  keepUploadCheckReady();
  startCartCleanup();
  // The embedded database is this process's alone: npm run backup asks it for a copy.
  stopAnsweringBackups = await answerBackupRequests(connection, config.dataDir);
  startDailyBackups();
}

/** From now on /readyz answers 503, so that a load balancer sends new visitors elsewhere. */
export function drain(): void {
  draining = true;
}

/** Lets the background jobs finish their current step, then closes the database. */
export async function shutdown(): Promise<void> {
  drain();
  stopCartCleanup();
  await Promise.all([
    stopOrderExpiry(),
    stopRefundRetry(),
    stopMailer(),
    stopStudioNotices(),
    stopConversationMail(),
    stopQuoteWorker(),
    endKeptWorkers(),
    stopDailyBackups(),
  ]);
  await stopNotices();
  await stopAnsweringBackups?.();
  await releaseSingleServerLock?.();
  await closeDatabase();
}
