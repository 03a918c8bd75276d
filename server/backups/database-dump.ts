import { spawn } from "node:child_process";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import pg from "pg";

/** Flags for both dumpers: plain SQL that any PostgreSQL (or PGlite) loads, whoever owns the target. */
const DUMP_FLAGS = ["--no-owner", "--no-privileges", "--no-comments"];

const TABLES_SQL = `select table_schema as schema, table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`;

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const { rows } = await query(TABLES_SQL);
  for (const { schema, name } of rows as { schema: string; name: string }[]) {
    const table = `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`;
    const [row] = (await query(`select count(*)::int as n from ${table}`)).rows as { n: number }[];
    counts[`${schema}.${name}`] = row.n;
  }
  return counts;
}

/** When the last migration applied was made (Drizzle's created_at, the journal's "when"), or null. */
export async function lastMigrationApplied(query: Query): Promise<number | null> {
  const [{ present }] = (await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present"))
    .rows as { present: boolean }[];
  if (!present) return null;
  const at = (await query("select max(created_at)::text as at from drizzle.__drizzle_migrations")).rows[0]?.at;
  return typeof at === "string" ? Number(at) : null;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export type PgliteDump = { sql: string; rowCounts: Record<string, number>; dumpedWith: string };

/**
 * Dumps a PGlite that no one else is using (a private copy, or the folder this process locked).
 * PGlite's pg_dump is WebAssembly that returns the whole dump as one string: the database is held
 * once in memory, which a small studio's embedded database allows.
 */
export async function dumpPglite(client: PGlite): Promise<PgliteDump> {
  const file = await pgDump({ pg: client, args: DUMP_FLAGS });
  // pg_dump's REPEATABLE READ transaction is still open on PGlite's one session: the counts read
  // its snapshot, then it is ended.
  const counts = await rowCounts((text) => client.query(text));
  await client.exec("ROLLBACK");
  return { sql: await file.text(), rowCounts: counts, dumpedWith: "pg_dump of @electric-sql/pglite-tools" };
}

/**
 * Dumps a PostgreSQL server's database with its own pg_dump (PG_DUMP, else on PATH) into `file`,
 * streamed by pg_dump itself. The row counts are read in a REPEATABLE READ transaction whose
 * snapshot pg_dump shares (--snapshot), so they describe exactly what was dumped.
 */
export async function dumpPostgres(
  url: string,
  file: string,
): Promise<{ rowCounts: Record<string, number>; dumpedWith: string; lastMigrationAt: number | null }> {
  const pgDumpPath = process.env.PG_DUMP || "pg_dump";
  const version = (await run(pgDumpPath, ["--version"])).trim();
  const session = new pg.Client({ connectionString: url });
  await session.connect();
  try {
    await session.query("begin isolation level repeatable read read only");
    const [{ snapshot }] = (await session.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot")).rows;
    const counts = await rowCounts((text) => session.query(text));
    const lastMigrationAt = await lastMigrationApplied((text) => session.query(text));
    await run(pgDumpPath, [...DUMP_FLAGS, "--inserts", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`]);
    await session.query("commit");
    return { rowCounts: counts, dumpedWith: version, lastMigrationAt };
  } finally {
    await session.end();
  }
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${command} was not found: install PostgreSQL's client tools (the server's major version or newer), or set PG_DUMP to its path.`,
            )
          : error,
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}
