import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { call, ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/**
 * The admin screens' one-click changes (delete, role, read/handled) posted as plain forms, as a
 * browser without JavaScript sends them (the dialogs' fetchers send the same fields).
 */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
  customer = await signUpUser("user");
}, 60_000);
afterAll(() => site.close());

function post(path: string, fields: Record<string, string>, { cookie = admin.cookie, origin = ORIGIN } = {}) {
  return site.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function newCategory() {
  const name = `Lamps ${randomUUID().slice(0, 6)}`;
  const response = await call("/api/admin/categories", {
    cookie: admin.cookie,
    body: { translations: { en: { name }, fr: { name: `Lampes ${name.slice(6)}` } } },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { category: { id: string } }).category.id;
}

async function newItem(categoryId: string) {
  const name = `Moon lamp ${randomUUID().slice(0, 6)}`;
  const response = await call("/api/admin/items", {
    cookie: admin.cookie,
    body: {
      translations: { en: { name } },
      categoryId,
      price: "24.50",
      stock: 3,
      images: { main: "/images/catalogue/dragon.svg", gallery: [] },
    },
  });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { item: { id: string } }).item.id, name };
}

describe("the admins' one-click forms", () => {
  it("are refused to a customer, to a visitor and from another site, and change nothing", async () => {
    const category = await newCategory();
    const customerPost = await post(
      "/admin/categories",
      { intent: "delete", id: category },
      { cookie: customer.cookie },
    );
    expect(customerPost.status).toBe(302);
    expect(customerPost.headers.get("location")).not.toContain("/admin");
    const visitor = await post("/admin/categories", { intent: "delete", id: category }, { cookie: "" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
    const foreign = await post(
      "/admin/categories",
      { intent: "delete", id: category },
      { origin: "https://evil.example" },
    );
    expect([400, 403]).toContain(foreign.status);
    const db = await getDb();
    expect(await db.select().from(tables.categories).where(eq(tables.categories.id, category))).toHaveLength(1);
  });

  it("ask first when posted without the dialog, in the page's language, and change nothing until confirmed", async () => {
    const item = await newItem(await newCategory());
    const asked = await post("/fr/admin/inventory", { intent: "delete", id: item.id });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain(`Supprimer «\u00a0${item.name}\u00a0»`);
    expect(html).toContain('name="confirmed" value="yes"');
    expect(html).toContain("Oui, continuer");
    const db = await getDb();
    expect(await db.select().from(tables.inventoryItems).where(eq(tables.inventoryItems.id, item.id))).toHaveLength(1);

    const role = await post("/admin/staff", { intent: "role", id: customer.id, role: "admin" });
    expect(await role.text()).toMatch(/Make \S+ an admin\?/);
    expect(
      (await db.select({ role: tables.user.role }).from(tables.user).where(eq(tables.user.id, customer.id)))[0].role,
    ).toBe("user");

    expect((await post("/fr/admin/inventory", { intent: "delete", id: item.id, confirmed: "yes" })).status).toBe(200);
    expect(await db.select().from(tables.inventoryItems).where(eq(tables.inventoryItems.id, item.id))).toHaveLength(0);
  });

  it("delete an item, then say in French that it no longer exists", async () => {
    const item = await newItem(await newCategory());
    const deleted = await post("/admin/inventory", { intent: "delete", id: item.id, confirmed: "yes" });
    expect(deleted.status).toBe(200);
    const html = await deleted.text();
    expect(html).toContain(`“${item.name}” was deleted.`);
    expect(html).not.toContain(`>${item.name}</a>`);
    const db = await getDb();
    expect(await db.select().from(tables.inventoryItems).where(eq(tables.inventoryItems.id, item.id))).toHaveLength(0);

    const again = await post("/fr/admin/inventory", { intent: "delete", id: item.id, confirmed: "yes" });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Cet article n’existe plus.");
  });

  it("refuse to delete a category in use (in French), and delete it once empty", async () => {
    const category = await newCategory();
    const item = await newItem(category);
    const refused = await post("/fr/admin/categories", { intent: "delete", id: category, confirmed: "yes" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Impossible de supprimer une catégorie qui contient des articles");

    expect((await post("/admin/inventory", { intent: "delete", id: item.id, confirmed: "yes" })).status).toBe(200);
    const deleted = await post("/admin/categories", { intent: "delete", id: category, confirmed: "yes" });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toMatch(/The category “Lamps \w+” was deleted\./);
    const db = await getDb();
    expect(await db.select().from(tables.categories).where(eq(tables.categories.id, category))).toHaveLength(0);
  });

  it("promote and demote an account, and refuse to demote the last admin in French", async () => {
    const promoted = await post("/admin/staff", { intent: "role", id: customer.id, role: "admin", confirmed: "yes" });
    expect(promoted.status).toBe(200);
    expect(await promoted.text()).toContain("is now an admin.");
    const db = await getDb();
    const roleOf = async (id: string) =>
      (await db.select({ role: tables.user.role }).from(tables.user).where(eq(tables.user.id, id)))[0].role;
    expect(await roleOf(customer.id)).toBe("admin");

    expect(
      (await post("/admin/staff", { intent: "role", id: customer.id, role: "user", confirmed: "yes" })).status,
    ).toBe(200);
    expect(await roleOf(customer.id)).toBe("user");

    const invalid = await post("/fr/admin/staff", { intent: "role", id: customer.id, role: "owner" });
    expect(invalid.status).toBe(400);
    expect(await roleOf(customer.id)).toBe("user");

    // Every other admin steps down first, so that this one is the last.
    const others = (
      await db.select({ id: tables.user.id }).from(tables.user).where(eq(tables.user.role, "admin"))
    ).filter((row) => row.id !== admin.id);
    await Promise.all(
      others.map((row) => db.update(tables.user).set({ role: "user" }).where(eq(tables.user.id, row.id))),
    );
    const last = await post("/fr/admin/staff", { intent: "role", id: admin.id, role: "user", confirmed: "yes" });
    expect(last.status).toBe(409);
    expect(await last.text()).toContain(
      "Le dernier administrateur ne peut pas perdre ses droits\u00a0: nommez d’abord quelqu’un d’autre.",
    );
    expect(await roleOf(admin.id)).toBe("admin");
  });

  it("mark a message read, handled and unread, and say in French when the message is gone", async () => {
    const db = await getDb();
    const id = randomUUID();
    await db
      .insert(tables.contactMessages)
      .values({ id, name: "Ada", email: "ada@example.test", projectType: "cosplay", message: "A helmet" });
    const row = async () =>
      (await db.select().from(tables.contactMessages).where(eq(tables.contactMessages.id, id)))[0];

    expect((await post("/admin/messages", { intent: "message", id, read: "true" })).status).toBe(200);
    expect((await row()).readAt).not.toBeNull();
    expect((await post("/admin/messages", { intent: "message", id, handled: "true" })).status).toBe(200);
    expect((await row()).handledAt).not.toBeNull();
    expect((await post("/admin/messages", { intent: "message", id, read: "false" })).status).toBe(200);
    expect((await row()).readAt).toBeNull();

    const gone = await post("/fr/admin/messages", { intent: "message", id: "no-such-message", read: "true" });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("Échec de la mise à jour du message");
    const nothing = await post("/admin/messages", { intent: "message", id });
    expect(nothing.status).toBe(400);
  });
});
