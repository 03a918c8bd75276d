import { Hono } from "hono";
import { etag } from "hono/etag";
import { config } from "../config.ts";
import { handleAuthRequest } from "../auth/auth.ts";
import { apiAdmin, getSessionUser } from "../auth/session.ts";
import { clientAddress, withAuthAddress } from "../http/client-address.ts";
import { ApiError, errorBody, handleApiError } from "../http/errors.ts";
import { inputGuard } from "../http/input-guard.ts";
import { sameOriginWrites } from "../http/same-origin.ts";
import { adminOverview } from "../admin/overview.ts";
import { adminApi } from "./admin.ts";
import { catalogueApi } from "./catalogue.ts";
import { ordersApi } from "./orders.ts";
import { paymentsApi } from "./payments.ts";
import { contactApi } from "./contact.ts";
import { accountApi } from "./account.ts";
import { quotesApi } from "./quotes.ts";
import { quotesAdminApi } from "./quotes-admin.ts";
import { settingsApi } from "./settings.ts";
import { dashboardApi } from "./dashboard.ts";
import { orderExportApi } from "./order-export.ts";

/** JSON endpoints under /api. Handlers only adapt HTTP to the services. */
export const api = new Hono().basePath("/api");

api.onError(handleApiError);
api.use(inputGuard());
api.use(sameOriginWrites(config.publicUrl));

api.on(["GET", "POST"], "/auth/*", (c) => handleAuthRequest(withAuthAddress(c.req.raw, clientAddress(c))));

// Who is signed in, as the header shows it: from the session's cookie cache, no database read.
api.get("/me", async (c) => {
  const user = await getSessionUser(c.req.raw.headers);
  if (!user) throw new ApiError(401, "User not authenticated");
  return c.json({ user });
});

api.get("/admin/overview", async (c) => {
  await apiAdmin(c.req.raw.headers);
  return c.json(await adminOverview());
});

// Catalogue reads are revalidated by ETag: a client that has the current answer gets a 304.
api.use("/catalogue/*", etag());
api.route("/catalogue", catalogueApi);
api.route("/", adminApi);
api.route("/", ordersApi);
api.route("/", paymentsApi);
api.route("/", contactApi);
api.route("/", accountApi);
api.route("/", quotesApi);
api.route("/", quotesAdminApi);
api.route("/", settingsApi);
api.route("/", dashboardApi);
api.route("/", orderExportApi);

api.notFound((c) => c.json(errorBody(404, "Not found"), 404));
