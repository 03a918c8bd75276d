import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, inject, it } from "vitest";
import { migrateDatabase, openPglite, openPostgres, type Connection } from "./client.ts";

/**
 * App servers that start together on a new database all apply the migrations at start: they must
 * take turns, not apply the same one twice. On PostgreSQL these are two connection pools, as two
 * servers would have; on PGlite (one process per data folder) two starts in one process.
 */
it("lets two servers starting at once on a new database both come up, with the migrations applied once", async () => {
  const template = inject("databaseTemplate");
  let servers: Connection[];
  let dropDatabase = async () => {};
  if (template.kind === "pglite") {
    const one = await openPglite(undefined);
    servers = [one, one];
  } else {
    const name = `studio_test_fresh_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: template.serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(template.serverUrl);
    url.pathname = `/${name}`;
    servers = [await openPostgres(url.toString()), await openPostgres(url.toString())];
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: template.serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  try {
    const starts = await Promise.allSettled(servers.map((server) => migrateDatabase(server)));
    expect(starts.map((start) => start.status)).toEqual(["fulfilled", "fulfilled"]);
    const applied = (await servers[0]!.db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { count: number }[];
    };
    const files = readdirSync("drizzle").filter((file) => file.endsWith(".sql"));
    expect(applied.rows[0]!.count).toBe(files.length);
  } finally {
    for (const server of new Set(servers)) await server.close();
    await dropDatabase();
  }
}, 60_000);
