import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";
import { log } from "../log.ts";
import { withTransactionScope } from "./transaction-scope.ts";
import { DATABASE_NOTICE_CHANNELS, deliverDatabaseNotice } from "./notifications.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Connection = {
  db: Database;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
  /** The PostgreSQL server's database this is (what a backup dumps); none for the embedded database. */
  url?: string;
  /** Applies the migrations not yet applied; callers that overlap wait for each other. */
  migrate: () => Promise<void>;
};

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Connection> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const options = { extensions: { pg_trgm }, parsers: DRIZZLE_PARSERS };
  const client = await PGlite.create(dataDir ? { ...options, dataDir } : { ...options, loadDataDir });
  for (const channel of DATABASE_NOTICE_CHANNELS)
    await client.listen(channel, (payload) => deliverDatabaseNotice(channel, payload));
  const db = withTransactionScope(drizzlePglite(parsersGivenOnce(client), { schema }) as unknown as Database);
  return {
    db,
    kind: "pglite",
    close: () => client.close(),
    migrate: oneAtATime(() => migratePglite(db as never, { migrationsFolder })),
  };
}

const asText = (value: string) => value;

/**
 * The type parsers drizzle-orm/pglite passes with every query (dates, times and intervals as text,
 * as node-postgres gives them to Drizzle). PGlite merges per-query parsers into its 318 with an
 * object spread on every query, about 95 KB of garbage each (an allocation profile of signed-in
 * pages: 46 % of all the server allocated). Given once at creation, they are merged once.
 */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

type Queries = Pick<PGlite, "query"> & Partial<Pick<PGlite, "transaction">>;

/** `client` (and its transactions) with Drizzle's per-query parsers left out: the instance has them. */
function parsersGivenOnce<Client extends Queries>(client: Client): Client {
  // Made once per client, not on each property read: Drizzle reads `query` for every statement.
  const query = (sql: string, params?: unknown[], options?: QueryOptions) =>
    client.query(sql, params, options?.parsers ? { ...options, parsers: undefined } : options);
  const transaction =
    client.transaction &&
    (<T>(run: (tx: Transaction) => Promise<T>) => client.transaction!((tx) => run(parsersGivenOnce(tx))));
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "transaction" && transaction) return transaction;
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function openPostgres(url: string): Promise<Connection> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // A connection the server drops while idle (restart, failover) is replaced by the pool; unheard,
  // the error would end the process.
  pool.on("error", (error) => log().warn({ err: error }, "PostgreSQL dropped an idle connection"));
  const db = withTransactionScope(drizzlePg(pool, { schema }) as unknown as Database);
  const migrate = () => holdingMigrationLock(url, () => migratePg(db as never, { migrationsFolder }));
  return { db, kind: "postgres", url, close: () => endPool(pool), migrate: oneAtATime(migrate) };
}

// Drizzle's migrator reads what is applied, then applies the rest: two at once apply the same
// migration twice and the second fails. In one process they queue; across app servers starting
// together on one PostgreSQL database, a session-level advisory lock makes them take turns.
const MIGRATION_LOCK_KEY = 7_240_301;

function oneAtATime(run: () => Promise<void>): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    const next = last.catch(() => undefined).then(run);
    last = next;
    return next;
  };
}

async function holdingMigrationLock(url: string, run: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  lock.on("error", () => undefined); // a dropped lock session fails the migration's own queries
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await run();
  } finally {
    await lock.end();
  }
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

export function migrateDatabase(connection: Connection): Promise<void> {
  return connection.migrate();
}
