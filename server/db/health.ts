import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder } from "./client.ts";
import { connectDatabase } from "./index.ts";

const CHECK_TIMEOUT_MS = 2_000;

/** The migration this build expects last (drizzle's journal), by its timestamp. */
async function newestMigration(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Ready when the database answers within two seconds and every migration of this build is
 * applied (an app server of a newer build waits for its migrations before taking traffic).
 */
export async function databaseReadiness(): Promise<{ ready: true } | { ready: false; problem: string }> {
  const check = async () => {
    const { db } = await connectDatabase();
    const result = (await db.execute(
      sql`select coalesce(max(created_at), 0)::bigint as newest from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { newest: string | number }[];
    };
    const applied = Number(result.rows[0]?.newest ?? 0);
    return applied >= (await newestMigration())
      ? ({ ready: true } as const)
      : ({ ready: false, problem: "migrations not applied" } as const);
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ready: false; problem: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, problem: "database not answering" }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().catch(() => ({ ready: false, problem: "database unreachable" }) as const),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
