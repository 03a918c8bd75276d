import { Hono } from "hono";
import { parseOrderFilter } from "../../domain/order-filters.ts";
import { studioDay } from "../../domain/dashboard-range.ts";
import { ordersCsvStream } from "../admin/orders-csv.ts";
import { apiAdmin } from "../auth/session.ts";
import { ApiError, handleApiError } from "../http/errors.ts";
import { requestMessages } from "../http/request-locale.ts";

/** The admin's filtered orders as CSV, streamed: GET /api/admin/exports/orders.csv?status=&q=&from=&to=&method= */
export const orderExportApi = new Hono();
orderExportApi.onError(handleApiError);

orderExportApi.get("/admin/exports/orders.csv", async (c) => {
  await apiAdmin(c.req.raw.headers);
  const parsed = parseOrderFilter(new URL(c.req.url).searchParams);
  if (!parsed.ok) throw new ApiError(400, requestMessages(c.req.raw.headers).orderFilters.problems[parsed.problem]);
  const day = studioDay(new Date());
  return new Response(await ordersCsvStream(parsed.value), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
});
