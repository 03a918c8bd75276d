import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Connection = { db: Database; close: () => Promise<void>; kind: "pglite" | "postgres" };

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Connection> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? { dataDir } : { loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, kind: "pglite", close: () => client.close() };
}

export async function openPostgres(url: string): Promise<Connection> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // A connection the server drops while idle (restart, failover) is replaced by the pool; unheard,
  // the error would end the process.
  pool.on("error", (error) => console.error(`PostgreSQL dropped an idle connection: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return { db, kind: "postgres", close: () => endPool(pool) };
}

/** pool.end() resolves before its sockets are closed; wait for every connection to be gone. */
function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const allRemoved = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  return pool.end().then(() => allRemoved);
}

export async function migrateDatabase(connection: Connection): Promise<void> {
  if (connection.kind === "pglite") {
    await migratePglite(connection.db as never, { migrationsFolder });
  } else {
    await migratePg(connection.db as never, { migrationsFolder });
  }
}
