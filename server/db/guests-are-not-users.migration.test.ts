import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.ts";

/**
 * Migrations 0036 and 0037 (issue 49): every order gets its contact, and the guest users that
 * stood for guests (a placeholder address, their real one in guest_buyers) go. A database migrated
 * up to 0035 gets a guest's and an account's orders as the earlier code wrote them, then both run.
 */
let client: PGlite;
const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string }[];
};
const migrationSql = (tag: string) => readFile(path.join(migrationsFolder, `${tag}.sql`), "utf8");

beforeAll(async () => {
  client = await PGlite.create({ extensions: { pg_trgm } });
  for (const entry of journal.entries.filter((e) => e.idx < 36)) await client.exec(await migrationSql(entry.tag));
  await client.exec(`
    INSERT INTO users (id, username, email, email_verified) VALUES
      ('g-1', 'Ana Roy', 'guest-g-1@guest.invalid', false),
      ('u-1', 'jpbouchard', 'jp@example.test', true);
    INSERT INTO guest_buyers (user_id, email, full_name, phone) VALUES ('g-1', 'Ana@Example.test', 'Ana Roy', '514 555-0101');
    INSERT INTO carts (id, user_id) VALUES ('cart-g', 'g-1');
    INSERT INTO orders (id, user_id, total_cents, currency, locale, status) VALUES
      ('ord-guest', 'g-1', 1000, 'CAD', 'fr', 'paid'),
      ('ord-ship', 'u-1', 2000, 'CAD', 'en', 'paid'),
      ('ord-pickup', 'u-1', 3000, 'CAD', 'en', 'paid');
    INSERT INTO order_delivery (order_id, method, address, subtotal_cents) VALUES
      ('ord-ship', 'ship', '{"fullName":"Jean-Pierre Bouchard","line1":"1 rue A","city":"Québec","province":"QC","postalCode":"G1R 1A1","phone":"418 555-0199"}', 2000),
      ('ord-pickup', 'pickup', NULL, 3000);
  `);
  await client.exec(await migrationSql("0036_order_contacts"));
  await client.exec(await migrationSql("0037_guests_are_not_users"));
}, 60_000);
afterAll(() => client?.close());

describe("migrations 0036–0037: an order's contact, no guest users", () => {
  it("gives a guest's order the address, name and phone the guest typed, and no account", async () => {
    const { rows } = await client.query(
      `SELECT o.user_id, c.email, c.full_name, c.phone FROM orders o JOIN order_contacts c ON c.order_id = o.id WHERE o.id = 'ord-guest'`,
    );
    expect(rows).toEqual([{ user_id: null, email: "Ana@Example.test", full_name: "Ana Roy", phone: "514 555-0101" }]);
  });

  it("gives an account's orders its address, with the delivery's name and phone when it had them", async () => {
    const { rows } = await client.query(
      `SELECT order_id, email, full_name, phone FROM order_contacts WHERE order_id <> 'ord-guest' ORDER BY order_id`,
    );
    expect(rows).toEqual([
      { order_id: "ord-pickup", email: "jp@example.test", full_name: "jpbouchard", phone: null },
      { order_id: "ord-ship", email: "jp@example.test", full_name: "Jean-Pierre Bouchard", phone: "418 555-0199" },
    ]);
  });

  it("leaves no placeholder address and no guest user behind", async () => {
    const { rows } = await client.query(`SELECT id, email FROM users ORDER BY id`);
    expect(rows).toEqual([{ id: "u-1", email: "jp@example.test" }]);
    const tables = await client.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'guest_buyers'`);
    expect(tables.rows).toEqual([]);
  });
});
