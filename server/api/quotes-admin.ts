import { Hono } from "hono";
import { apiAdmin } from "../auth/session.ts";
import { DomainError } from "../errors.ts";
import {
  declineReview,
  listProduction,
  listReviewRequests,
  quotesOverview,
  setReviewPrice,
} from "../quotes/review-and-production.ts";
import { setProductionStatus } from "../quotes/workflow.ts";
import { currentTerms, saveTerms } from "../quotes/quotes.ts";

/** The studio's side of custom prints: pricing terms, review requests, the production queue. */
export const quotesAdminApi = new Hono();

quotesAdminApi.use("/admin/quotes/*", async (c, next) => {
  await apiAdmin(c.req.raw.headers);
  await next();
});

quotesAdminApi.get("/admin/quotes/overview", async (c) => c.json(await quotesOverview()));
quotesAdminApi.get("/admin/quotes/terms", async (c) => c.json(await currentTerms()));
quotesAdminApi.put("/admin/quotes/terms", async (c) => {
  const admin = await apiAdmin(c.req.raw.headers);
  const body = (await c.req.json()) as Record<string, unknown> | null;
  // The version the client read, required: a save over a newer one is refused, never silently undone.
  const loaded = body && typeof body === "object" ? body.loadedVersion : undefined;
  if (typeof loaded !== "number" || !Number.isSafeInteger(loaded))
    throw new DomainError("settings.version_required", { field: "loadedVersion" });
  return c.json(await saveTerms(body, admin.id, loaded));
});
quotesAdminApi.get("/admin/quotes/reviews", async (c) => c.json({ quotes: await listReviewRequests() }));
quotesAdminApi.post("/admin/quotes/:id/price", async (c) => {
  await setReviewPrice(c.req.param("id"), await c.req.json());
  return c.json({ success: true });
});
quotesAdminApi.post("/admin/quotes/:id/decline", async (c) => {
  await declineReview(c.req.param("id"), await c.req.json());
  return c.json({ success: true });
});
quotesAdminApi.get("/admin/quotes/production", async (c) => c.json({ quotes: await listProduction() }));
quotesAdminApi.post("/admin/quotes/:id/production", async (c) => {
  return c.json({ productionStatus: await setProductionStatus(c.req.param("id"), await c.req.json()) });
});
