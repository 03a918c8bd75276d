import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openPglite, openPostgres } from "../../server/db/client.ts";

export const TEMPLATE_DATABASE = "studio_test_template";

/**
 * Migrates one database for the whole run. On PGlite its data folder is dumped and every test
 * file loads a copy; on PostgreSQL (TEST_DATABASE_URL) it becomes the template each file's
 * database is created from.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${TEMPLATE_DATABASE}`;
    const template = await openPostgres(url.toString());
    await migrateDatabase(template);
    await template.close();
    project.provide("databaseTemplate", { kind: "postgres", serverUrl, template: TEMPLATE_DATABASE });
    return;
  }
  const connection = await openPglite(undefined);
  await migrateDatabase(connection);
  const client = (connection.db as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  await connection.close();
  const file = path.join(tmpdir(), `studio-test-db-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("databaseTemplate", { kind: "pglite", file });
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: { kind: "pglite"; file: string } | { kind: "postgres"; serverUrl: string; template: string };
  }
}
