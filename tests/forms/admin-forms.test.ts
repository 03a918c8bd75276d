import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/**
 * The admin's item and category forms posted without JavaScript: the pages' actions check them with
 * the forms' schemas, answer in the page's language with what was typed, and save through the services.
 */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

function post(path: string, fields: [string, string][], cookie = admin.cookie) {
  return site.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("the category form", () => {
  it("adds a category and goes back to the list, or says what is wrong in French", async () => {
    const refused = await post("/fr/admin/categories?edit=new", [
      ["translations.en.name", ""],
      ["translations.fr.name", "Lampes « design »"],
      ["slug", "Pas Un Slug"],
    ]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Ce champ est obligatoire.");
    expect(html).toContain('value="Lampes « design »"');
    expect(html).toContain('value="Pas Un Slug"');

    const added = await post("/admin/categories?edit=new", [
      ["translations.en.name", "Desk Lamps"],
      ["translations.en.description", "Light."],
      ["slug", ""],
    ]);
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe("/admin/categories?notice=created");
    const db = await getDb();
    const rows = await db.select().from(tables.categories);
    expect(rows.find((row) => row.slug === "desk-lamps")?.translations.en).toEqual({
      name: "Desk Lamps",
      description: "Light.",
    });

    const taken = await post("/admin/categories?edit=new", [
      ["translations.en.name", "Other Lamps"],
      ["slug", "desk-lamps"],
    ]);
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('value="desk-lamps"');
  });

  it("is refused to a customer", async () => {
    const customer = await signUpUser();
    const response = await post("/admin/categories?edit=new", [["translations.en.name", "Sneaky"]], customer.cookie);
    expect([302, 403]).toContain(response.status);
    const db = await getDb();
    expect((await db.select().from(tables.categories)).some((row) => row.translations.en.name === "Sneaky")).toBe(
      false,
    );
  });
});

describe("the item form", () => {
  it("says what is wrong with each field and keeps what was typed", async () => {
    const response = await post("/admin/inventory/new", [
      ["translations.en.name", "Moon Lamp"],
      ["price", "12.345"],
      ["stock", "2.5"],
    ]);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Choose a category.");
    expect(html).toContain("Add at least one picture.");
    expect(html).toContain("Enter a whole number of 0 or more.");
    expect(html).toContain('value="Moon Lamp"');
    expect(html).toContain('value="12.345"');
  });

  it("adds an item in cents, then saves an edit only at the version it was loaded at", async () => {
    expect((await post("/admin/categories?edit=new", [["translations.en.name", "Night Lights"]])).status).toBe(302);
    const db = await getDb();
    const [category] = (await db.select().from(tables.categories)).filter((row) => row.slug === "night-lights");
    const fields: [string, string][] = [
      ["translations.en.name", "Moon Lamp"],
      ["categoryId", category.id],
      ["price", "42,50"],
      ["stock", "7"],
      ["images.main", "/images/catalogue/dragon-bust.svg"],
      ["slug", ""],
    ];
    const added = await post("/admin/inventory/new", fields);
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe("/admin/inventory?notice=created");
    const [item] = (await db.select().from(tables.inventoryItems)).filter((row) => row.slug === "moon-lamp");
    // The box was not ticked: not visible.
    expect(item).toMatchObject({
      priceCents: 4250,
      stock: 7,
      isVisible: false,
      images: { main: "/images/catalogue/dragon-bust.svg", gallery: [] },
    });

    const edit = (version: number, stock: string): [string, string][] => [
      ...fields.filter(([name]) => name !== "stock"),
      ["stock", stock],
      ["isVisible", "on"],
      ["version", String(version)],
      ["stockSeen", "7"],
    ];
    const saved = await post(`/admin/inventory/${item.id}`, edit(item.version, "5"));
    expect(saved.status).toBe(200);
    const stale = await post(`/fr/admin/inventory/${item.id}`, edit(item.version, "7"));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Rechargez la page");
    const [after] = (await db.select().from(tables.inventoryItems)).filter((row) => row.id === item.id);
    expect(after).toMatchObject({ stock: 5, isVisible: true, version: item.version + 1 });
  });
});
