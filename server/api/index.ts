import { Hono } from "hono";
import { csrf } from "hono/csrf";
import { config } from "../config.ts";
import { getAuth } from "../auth/auth.ts";
import { apiAdmin, apiUser } from "../auth/session.ts";
import { errorBody, handleApiError } from "../http/errors.ts";
import { adminOverview } from "../admin/overview.ts";
import { contactApi } from "./contact.ts";

/** JSON endpoints under /api. Handlers only adapt HTTP to the services. */
export const api = new Hono().basePath("/api");

api.onError(handleApiError);
api.use(csrf({ origin: config.publicUrl }));

api.on(["GET", "POST"], "/auth/*", async (c) => (await getAuth()).handler(c.req.raw));

api.get("/me", async (c) => c.json({ user: await apiUser(c.req.raw.headers) }));

api.get("/admin/overview", async (c) => {
  await apiAdmin(c.req.raw.headers);
  return c.json(await adminOverview());
});

api.route("/", contactApi);

api.notFound((c) => c.json(errorBody(404, "Not found"), 404));
