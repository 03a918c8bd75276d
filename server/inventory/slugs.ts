import { and, eq, ne } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { slugify } from "../../domain/slug.ts";
import type { Database } from "../db/index.ts";

type SlugTable = PgTable & { id: PgColumn; slug: PgColumn };

export async function slugTaken(db: Database, table: SlugTable, slug: string, exceptId?: string): Promise<boolean> {
  const where = exceptId ? and(eq(table.slug, slug), ne(table.id, exceptId)) : eq(table.slug, slug);
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return rows.length > 0;
}

/** A free slug derived from a name: "dragon-bust", else "dragon-bust-2", "dragon-bust-3"… */
export async function freeSlugFrom(db: Database, table: SlugTable, name: string, fallback: string): Promise<string> {
  const base = slugify(name) || fallback;
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 74)}-${n}`;
    if (!(await slugTaken(db, table, candidate))) return candidate;
  }
  return `${base.slice(0, 60)}-${Date.now().toString(36)}`;
}
