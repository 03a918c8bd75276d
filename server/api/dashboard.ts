import { Hono } from "hono";
import { parseRange, studioDay } from "../../domain/dashboard-range.ts";
import { dashboard } from "../admin/dashboard.ts";
import { apiAdmin } from "../auth/session.ts";
import { DomainError } from "../errors.ts";

/** The owner's dashboard as JSON: GET /api/admin/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD&bucket=day|week|month. */
export const dashboardApi = new Hono();

dashboardApi.get("/admin/dashboard", async (c) => {
  await apiAdmin(c.req.raw.headers);
  const parsed = parseRange(
    { from: c.req.query("from"), to: c.req.query("to"), bucket: c.req.query("bucket") },
    studioDay(new Date()),
  );
  if ("problem" in parsed) throw new DomainError("dashboard.invalid_range", { field: parsed.problem });
  return c.json(await dashboard(parsed.range));
});
