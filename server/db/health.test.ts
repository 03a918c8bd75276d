import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseReadiness } from "./health.ts";
import { getDb } from "./index.ts";

describe("readiness", () => {
  it("is ready when every migration of this build is applied, and not when the newest is missing", async () => {
    expect(await databaseReadiness()).toEqual({ ready: true });
    const db = await getDb();
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await databaseReadiness()).toEqual({ ready: false, problem: "migrations not applied" });
  });
});
