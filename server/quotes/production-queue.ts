import { sql } from "drizzle-orm";
import { getDb, type Database } from "../db/index.ts";

/**
 * The studio's production queue, in one aggregate query: the paid parts not finished yet
 * (status 'ordered', production not 'done') and their printer time (the slicer's time × the
 * quantity; a part priced by hand has none). The dashboard's production card and every quote's
 * ready-by date (server/quotes/lead-time.ts) read it here.
 */
export type ProductionQueue = { parts: number; seconds: number; partsWithoutTime: number };

export async function productionQueue(db: Pick<Database, "execute"> | null = null): Promise<ProductionQueue> {
  db ??= await getDb();
  const result = (await db.execute(sql`
    select count(*) as parts,
      coalesce(sum(print_seconds::bigint * quantity), 0) as seconds,
      count(*) filter (where print_seconds is null) as unknown
    from quotes where status = 'ordered' and production_status <> 'done'`)) as unknown as { rows: Record<string, string | number>[] };
  const row = result.rows[0]!;
  return { parts: Number(row.parts), seconds: Number(row.seconds), partsWithoutTime: Number(row.unknown) };
}
