import type { Route } from "./+types/admin-discounts-csv";
import { studioDay } from "../../domain/dashboard-range.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { promotionsCsv } from "../../server/promotions/admin.ts";

/** GET /admin/discounts.csv: each discount's uses, paid orders, sales and discount given, to an admin only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  return new Response(await promotionsCsv(), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="discounts-${studioDay(new Date())}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
