import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openPglite, openPostgres, type Connection } from "../../server/db/client.ts";
import { closeDatabase, useConnection } from "../../server/db/index.ts";
import { resetAuth } from "../../server/auth/auth.ts";
import { startNotices, stopNotices } from "../../server/db/notifications.ts";

/** Each test file gets its own copy of the migrated database: a clone, never a fresh migration. */
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const template = inject("databaseTemplate");
  let connection: Connection;
  if (template.kind === "pglite") {
    connection = await openPglite(undefined, new Blob([await readFile(template.file)]));
  } else {
    const name = `studio_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: template.serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
    await admin.end();
    const url = new URL(template.serverUrl);
    url.pathname = `/${name}`;
    connection = await openPostgres(url.toString());
    // For a file that listens to the database's own notices, as an app server does (listenAsAServer).
    process.env.TEST_FILE_DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: template.serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  resetAuth();
  useConnection(connection);
});

afterAll(async () => {
  await stopNotices();
  await closeDatabase();
  await dropDatabase?.();
});

/**
 * Listens to this file's PostgreSQL database as an app server does (server/app.ts), so that the
 * database's own notices (an order changed) arrive; on PGlite they always do. Stopped after the file.
 */
export async function listenAsAServer(): Promise<void> {
  const url = process.env.TEST_FILE_DATABASE_URL;
  if (!url) return;
  await startNotices(url, async () => undefined);
}
