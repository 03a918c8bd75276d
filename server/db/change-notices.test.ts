import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "./index.ts";

/**
 * An order's page is kept in memory until the database says the order changed (decision 074,
 * `server/http/kept-reads.ts`); the notice is a trigger on each table that holds an order's rows.
 * A table with an `order_id` and no such trigger leaves the page stale for the kept lifetime.
 */
/** Tables with an order's rows that neither the order's page nor the profile reads, and why. */
const NOT_ON_THE_BUYERS_PAGES: Record<string, string> = {
  outbox: "mail waiting to be sent",
  payment_disputes: "the studio's record of a chargeback, on the admin's order page only",
  promotion_uses: "the count of a code's uses; the order keeps its own discount",
  sandbox_payment_intents: "the sandbox processor's own records",
  stock_holds: "units held for an unpaid order, read by the store's availability",
  studio_events: "the studio's notices",
};

describe("change notices of the buyer's kept pages", () => {
  it("every table that holds an order's rows announces its changes to the order's page", async () => {
    const db = await getDb();
    const { rows } = (await db.execute(sql`
        select c.table_name as "table",
          exists (
            select 1 from information_schema.triggers t
            where t.event_object_table = c.table_name and t.action_statement like '%studio_order_changed%'
          ) as "announced"
        from information_schema.columns c
        join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
        where c.table_schema = 'public' and c.column_name = 'order_id' and tb.table_type = 'BASE TABLE'
        order by 1`)) as unknown as { rows: { table: string; announced: boolean }[] };
    expect(rows.length).toBeGreaterThan(5);
    const silent = rows.filter((row) => !row.announced && !(row.table in NOT_ON_THE_BUYERS_PAGES));
    expect(silent.map((row) => row.table)).toEqual([]);
  });
});
