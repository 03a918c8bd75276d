import { sql } from "drizzle-orm";
import { getDb, type Database } from "../db/index.ts";

/**
 * The studio's production queue, in one aggregate query: the paid parts not finished yet (each
 * part of a quote's quantity counts, not the quote)
 * (status 'ordered', production not 'done') and their printer time: the slicer's time × the
 * quantity, or, for a part the studio priced by hand (no slice), its weight at the studio's own
 * pace, the seconds per gram of every part the slicer has timed. Parts with neither are counted as
 * without time. The dashboard's production card and every quote's ready-by date
 * (server/quotes/lead-time.ts) read it here.
 */
export type ProductionQueue = { parts: number; seconds: number; partsWithoutTime: number };

export async function productionQueue(db: Pick<Database, "execute"> | null = null): Promise<ProductionQueue> {
  db ??= await getDb();
  const result = (await db.execute(sql`
    with pace as (
      select sum(print_seconds::float8 * quantity) / nullif(sum((grams)::float8 * quantity), 0) as seconds_per_gram
      from quotes where print_seconds is not null and (grams)::float8 > 0
    )
    select coalesce(sum(quantity), 0) as parts,
      coalesce(round(sum(coalesce(print_seconds::float8, (grams)::float8 * pace.seconds_per_gram) * quantity)), 0)::bigint as seconds,
      coalesce(sum(quantity) filter (where print_seconds is null and ((grams)::float8 is null or pace.seconds_per_gram is null)), 0) as unknown
    from quotes cross join pace
    where status = 'ordered' and production_status <> 'done'`)) as unknown as {
    rows: Record<string, string | number>[];
  };
  const row = result.rows[0]!;
  return { parts: Number(row.parts), seconds: Number(row.seconds), partsWithoutTime: Number(row.unknown) };
}
