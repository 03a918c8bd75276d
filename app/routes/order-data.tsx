import type { Route } from "./+types/order-data";
import { keyOpensOrder } from "../../server/orders/access-keys.ts";
import { guestOrderData } from "../../server/orders/guest-privacy.ts";

/**
 * GET /orders/:id/data?key=…: a copy of what the studio keeps about a guest's order (Law 25's right
 * of access), as a JSON file to save. Only the order's key opens it; anything else is a missing file.
 */
export async function loader({ params, url }: Route.LoaderArgs) {
  const copy = (await keyOpensOrder(params.id, url.searchParams.get("key"))) ? await guestOrderData(params.id) : null;
  if (!copy) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(JSON.stringify(copy, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="order-${copy.order.id.replace(/[^A-Za-z0-9-]/g, "")}-data.json"`,
      "Cache-Control": "no-store",
    },
  });
}
