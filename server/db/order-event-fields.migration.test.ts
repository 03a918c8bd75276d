import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_EVENT_REASONS } from "../../domain/order-events.ts";
import { migrationsFolder } from "./client.ts";

/**
 * Migration 0033 replaces order events' packed `note` ("code|words") by `reason` and `detail`.
 * A database migrated up to 0032 gets rows as the earlier writers left them, then 0033 runs.
 */
let client: PGlite;
const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string }[];
};
const migrationSql = (tag: string) => readFile(path.join(migrationsFolder, `${tag}.sql`), "utf8");

beforeAll(async () => {
  client = await PGlite.create({ extensions: { pg_trgm } });
  for (const entry of journal.entries.filter((e) => e.idx < 33)) await client.exec(await migrationSql(entry.tag));
  await client.exec(`
    INSERT INTO users (id, username, email) VALUES ('u-mig', 'migrated', 'migrated@example.test');
    INSERT INTO orders (id, user_id, total_cents, currency) VALUES ('ord-mig', 'u-mig', 1000, 'CAD');
  `);
  const notes = [
    "placed",
    "cancelled_by_admin|Buyer phoned",
    "fulfilment_shipped|Canada Post 123 · left at the door | side gate",
    "refund_refused|card_declined",
    "refunded|",
    null,
  ];
  for (const note of notes)
    await client.query(`INSERT INTO order_events (order_id, status, note) VALUES ('ord-mig', 'paid', $1)`, [note]);
  await client.exec(await migrationSql("0033_order_event_fields"));
}, 60_000);
afterAll(() => client?.close());

describe("migration 0033: order events' reason and detail", () => {
  it("is the journal's 34th entry", () => {
    expect(journal.entries.find((e) => e.idx === 33)?.tag).toBe("0033_order_event_fields");
  });

  it("splits each note at its first '|' into the reason and the detail, and drops the note", async () => {
    const { rows } = await client.query<{ reason: string; detail: string | null }>(
      "SELECT reason, detail FROM order_events ORDER BY id",
    );
    expect(rows).toEqual([
      { reason: "placed", detail: null },
      { reason: "cancelled_by_admin", detail: "Buyer phoned" },
      { reason: "fulfilment_shipped", detail: "Canada Post 123 · left at the door | side gate" },
      { reason: "refund_refused", detail: "card_declined" },
      { reason: "refunded", detail: null },
      { reason: "unknown", detail: null },
    ]);
    for (const row of rows) expect(ORDER_EVENT_REASONS).toContain(row.reason);
    const { rows: columns } = await client.query<{ column_name: string; is_nullable: string }>(
      `SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = 'order_events'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain("note");
    expect(columns).toEqual(
      expect.arrayContaining([
        { column_name: "reason", is_nullable: "NO" },
        { column_name: "detail", is_nullable: "YES" },
      ]),
    );
  });
});
