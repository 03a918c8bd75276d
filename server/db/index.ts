import { config } from "../config.ts";
import { migrateDatabase, openPglite, openPostgres, type Connection, type Database } from "./client.ts";
import { lockDataDir } from "./pglite-lock.ts";

export type { Database } from "./client.ts";
export * as tables from "./schema.ts";

// One database per process, kept across dev-server reloads.
const globalStore = globalThis as typeof globalThis & { __studioDb?: Promise<Connection> };

export function connectDatabase(): Promise<Connection> {
  globalStore.__studioDb ??= (async () => {
    const connection = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openLockedPglite();
    await migrateDatabase(connection);
    return connection;
  })();
  return globalStore.__studioDb;
}

async function openLockedPglite(): Promise<Connection> {
  const dir = `${config.dataDir}/pglite`;
  const unlock = lockDataDir(dir);
  const connection = await openPglite(dir);
  return { ...connection, close: () => connection.close().finally(unlock) };
}

export async function getDb(): Promise<Database> {
  return (await connectDatabase()).db;
}

/** Tests hand each file its own cloned database. */
export function useConnection(connection: Connection): void {
  globalStore.__studioDb = Promise.resolve(connection);
}

export async function closeDatabase(): Promise<void> {
  const pending = globalStore.__studioDb;
  globalStore.__studioDb = undefined;
  if (pending) await (await pending).close();
}
