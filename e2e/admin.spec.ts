import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { E2E_ADMIN } from "../playwright.config";
import { logIn, newAccount, signUp, untilHydrated } from "./support";

/** A PNG drawn from raw pixels: a colour gradient, so that each test picture is a real image. */
async function png(width: number, height: number, hue: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (hue + x) % 256;
      pixels[i + 1] = (y * 2) % 256;
      pixels[i + 2] = 180;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function expectNoAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

type AdminItem = {
  id: string;
  slug: string;
  priceCents: number;
  stock: number;
  isVisible: boolean;
  translations: { en: { name: string }; fr?: { name?: string; description?: string } };
  images: { main: string; gallery: string[] };
};

async function itemsMatching(page: Page, q: string): Promise<AdminItem[]> {
  const response = await page.request.get(`/api/admin/items?q=${encodeURIComponent(q)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: AdminItem[] }).items;
}

/** A category and a visible item with 7 in stock, made through the admin API (the page's session). */
async function createCatalogueEntries(page: Page, tag: string) {
  const categoryName = `Resin Dioramas ${tag}`;
  const itemName = `Lighthouse Diorama ${tag}`;
  const category = await page.request.post("/api/admin/categories", {
    data: { translations: { en: { name: categoryName, description: "" } } },
  });
  expect(category.status()).toBe(201);
  const { category: created } = (await category.json()) as { category: { id: string } };
  const item = await page.request.post("/api/admin/items", {
    data: {
      translations: { en: { name: itemName, description: "A lighthouse." }, fr: { name: `Diorama du phare ${tag}` } },
      categoryId: created.id,
      price: "42.50",
      stock: 7,
      images: { main: "/images/catalogue/articulated-dragon.svg", gallery: [] },
    },
  });
  expect(item.status()).toBe(201);
  return { categoryName, itemName };
}

test.beforeEach(async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
});

test("the admin adds a category and an item with two pictures, in English and French", async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const categoryName = `Resin Dioramas ${tag}`;
  const itemName = `Lighthouse Diorama ${tag}`;
  const frenchName = `Diorama du phare ${tag}`;

  // A category, in English and French; its slug comes from the English name.
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { name: "Category Management", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Add a category" }).click();
  await page.getByLabel("Name (English)").fill(categoryName);
  await page.getByLabel("Description (English)").fill("Small worlds under glass.");
  await page.getByLabel("Name (French)").fill(`Dioramas en résine ${tag}`);
  await page.getByLabel("Description (French)").fill("De petits mondes sous verre.");
  await expect(page.getByLabel("Slug (web address)")).toHaveValue(`resin-dioramas-${tag}`);
  await expect(page.getByText("lowercase letters, digits, hyphens")).toBeVisible();
  await expectNoAxeViolations(page, "/admin/categories (form)");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("The category was added.");
  await expect(page.getByRole("rowheader", { name: categoryName })).toBeVisible();

  // Now properly, with two pictures uploaded through the file picker.
  await page.goto("/admin/inventory/new");
  await page.getByLabel("Name (English)").fill(itemName);
  await page.getByLabel("Description (English)").fill("A lighthouse on a rock, with a resin sea.");
  await page.getByLabel("Name (French)").fill(frenchName);
  await page.getByLabel("Description (French)").fill("Un phare sur un rocher, avec une mer en résine.");
  await expect(page.getByLabel("Slug (web address)")).toHaveValue(`lighthouse-diorama-${tag}`);
  await page.getByLabel("Category").selectOption({ label: categoryName });
  await page.getByLabel("Price (dollars)").fill("42.50");
  await page.getByLabel("Stock (units on the shelf)").fill("7");
  await expect(page.getByLabel("Visible in the store")).toBeChecked();
  await page.getByLabel("Add pictures").setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await png(800, 600, 0) },
    { name: "side.png", mimeType: "image/png", buffer: await png(640, 480, 120) },
  ]);
  await expect(page.getByRole("img", { name: "Picture 1" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("img", { name: "Picture 2" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Main picture")).toBeVisible();
  // Reorder: the second picture becomes the main one, then back.
  const firstSrc = await page.getByRole("img", { name: "Picture 1" }).getAttribute("src");
  await page.getByRole("button", { name: "Make picture 2 the main picture" }).click();
  expect(await page.getByRole("img", { name: "Picture 2" }).getAttribute("src")).toBe(firstSrc);
  await page.getByRole("button", { name: "Move picture 2 earlier" }).click();
  expect(await page.getByRole("img", { name: "Picture 1" }).getAttribute("src")).toBe(firstSrc);
  await expectNoAxeViolations(page, "/admin/inventory/new (filled)");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/admin/inventory?notice=created");
  await expect(page.getByRole("status")).toHaveText("The item was added to the catalogue.");

  // In the list: search finds it, with its price and marks.
  await page.getByLabel("Search by name or slug").fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row", { name: new RegExp(itemName) });
  await expect(row).toContainText("$42.50");
  await expect(row).toContainText("Visible");
  await expect(row).not.toContainText("Low stock");
  await expectNoAxeViolations(page, "/admin/inventory");

  // What was stored: cents, both languages, re-encoded pictures served to anyone.
  const [stored] = await itemsMatching(page, tag);
  expect(stored).toMatchObject({
    priceCents: 4250,
    stock: 7,
    isVisible: true,
    translations: { en: { name: itemName }, fr: { name: frenchName } },
  });
  expect(stored.images.main).toMatch(/^\/media\/[0-9a-f-]{36}\/640\.webp$/);
  expect(stored.images.gallery).toHaveLength(1);
  const visitor = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const picture = await visitor.get(stored.images.main);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/webp");
  expect(picture.headers()["cache-control"]).toContain("immutable");
  expect((await visitor.get(stored.images.main.replace("640.webp", "1280.avif"))).headers()["content-type"]).toBe(
    "image/avif",
  );
  expect((await visitor.get(`/api/admin/items?q=${tag}`)).status()).toBe(401);
  await visitor.dispose();

  // The French admin shows the French name.
  await page.goto(`/fr/admin/inventory?q=${tag}`);
  await expect(page.getByRole("rowheader", { name: new RegExp(frenchName) })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Gestion de l’inventaire", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, "/fr/admin/inventory");
});

test("the item form says what is wrong with each field", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/admin/inventory/new");
  // Moving the focus to the first wrong field is the form's JavaScript.
  await untilHydrated(page, "main");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Failed to add inventory item");
  await expect(page.getByText("This field is required.")).toBeVisible();
  await expect(page.getByText("Choose a category.")).toBeVisible();
  await expect(page.getByText("Enter a price in dollars of 0 or more")).toBeVisible();
  await expect(page.getByText("Add at least one picture.")).toBeVisible();
  await expect(page.getByLabel("Name (English)")).toBeFocused();
  await page.getByLabel("Price (dollars)").fill("12.345");
  await page.getByLabel("Stock (units on the shelf)").fill("2.5");
  await page.getByLabel("Slug (web address)").fill("Not A Slug");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Use lowercase letters, digits and hyphens only")).toBeVisible();
  await expect(page.getByText("Enter a whole number of 0 or more.")).toBeVisible();
  await expectNoAxeViolations(page, "/admin/inventory/new (errors)");
});

test("the admin edits an item's stock, hides it, and deletes it and its category", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const { categoryName, itemName } = await createCatalogueEntries(page, tag);

  // Edit its stock: under 5 it is marked low.
  await page.goto(`/admin/inventory?q=${tag}`);
  await page.getByRole("link", { name: `Edit ${itemName}` }).click();
  await expect(page.getByRole("heading", { name: `Edit: ${itemName}` })).toBeVisible();
  await expectNoAxeViolations(page, "/admin/inventory/:id");
  await page.getByLabel("Stock (units on the shelf)").fill("3");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");

  // Hide it: the second save on the same page uses the new version.
  await page.getByLabel("Visible in the store").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
  // The first save's notice reads the same: the second has landed once the item is hidden.
  await expect.poll(async () => (await itemsMatching(page, tag))[0]?.isVisible).toBe(false);
  await page.goto(`/admin/inventory?q=${tag}`);
  const hiddenRow = page.getByRole("row", { name: new RegExp(itemName) });
  await expect(hiddenRow).toContainText("Hidden");
  await expect(hiddenRow).toContainText("Low stock");
  const [hidden] = await itemsMatching(page, tag);
  expect(hidden).toMatchObject({ stock: 3, isVisible: false });

  // The category is in use: deleting it is refused with the spec's message.
  await page.goto("/admin/categories");
  // The site's own dialog is the page's JavaScript (before it, the button posts its form).
  await untilHydrated(page, "main");
  await page.getByRole("button", { name: `Delete ${categoryName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Please confirm" });
  await expect(dialog).toContainText("Used by 1 item");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Cannot delete category that has items");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Deleting the item asks first; then the category can go.
  await page.goto(`/admin/inventory?q=${tag}`);
  await untilHydrated(page, "main");
  await page.getByRole("button", { name: `Delete ${itemName}` }).click();
  await expect(page.getByRole("dialog", { name: "Please confirm" })).toContainText(`Delete “${itemName}”?`);
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toHaveText(`“${itemName}” was deleted.`);
  await expect(page.getByText("No item matches.")).toBeVisible();
  await page.goto("/admin/categories");
  await page.getByRole("button", { name: `Delete ${categoryName}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toHaveText(`The category “${categoryName}” was deleted.`);
});

test("two admins editing the same item: the second save is refused with a reload message", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.goto("/admin/inventory?sort=name");
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /^Edit: / })).toBeVisible();
  const url = page.url();
  const other = await browser.newPage();
  await logIn(other, E2E_ADMIN.email, E2E_ADMIN.password);
  await other.goto(url);

  const stock = page.getByLabel("Stock (units on the shelf)");
  const current = Number(await stock.inputValue());
  await stock.fill(String(current + 1));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");

  await other.getByLabel("Stock (units on the shelf)").fill(String(current + 5));
  await other.getByRole("button", { name: "Save" }).click();
  const alert = other.getByRole("alert");
  await expect(alert).toContainText("Failed to update inventory item");
  await expect(alert).toContainText("Reload the page");
  await alert.getByRole("button", { name: "Reload" }).click();
  await expect(other.getByLabel("Stock (units on the shelf)")).toHaveValue(String(current + 1));
  await other.close();
});

test("the admin area speaks French and its sidebar works on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/fr/admin");
  const nav = page.getByRole("navigation", { name: "Sections de l’administration" });
  for (const name of ["Vue d’ensemble", "Gestion de l’inventaire", "Gestion des catégories", "Messages", "Équipe"]) {
    await expect(nav.getByRole("link", { name })).toBeAttached();
  }
  await nav.getByRole("link", { name: "Gestion des catégories" }).click();
  await expect(page).toHaveURL("/fr/admin/categories");
  await page.getByRole("link", { name: "Ajouter une catégorie" }).click();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("alert")).toContainText("Échec de l’ajout de la catégorie");
  await expect(page.getByText("Ce champ est obligatoire.")).toBeVisible();
  await expectNoAxeViolations(page, "/fr/admin/categories (phone)");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("messages and outbox screens", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Messages" }).click();
  await expect(page).toHaveURL("/admin/messages");
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  await expectNoAxeViolations(page, "/admin/messages");
  expect((await page.request.get("/api/admin/messages")).status()).toBe(200);
  await page.goto("/fr/admin/messages");
  await expect(page.getByRole("heading", { name: "Boîte d’envoi" })).toBeVisible();
  await expectNoAxeViolations(page, "/fr/admin/messages");
});

test("messages: read and handled with a click, and as plain forms without JavaScript", async ({ page, browser }) => {
  const name = `Reader ${randomUUID().slice(0, 6)}`;
  const sent = await page.request.post("/api/submitContactForm", {
    data: {
      name,
      email: "reader@example.test",
      projectType: "cosplay",
      message: "A helmet, please.",
      newsletter: false,
    },
  });
  expect(sent.ok()).toBe(true);
  await page.goto("/admin/messages");
  const card = page.getByRole("article", { name, exact: true });
  await expect(card).toContainText("Unread");
  await card.getByRole("button", { name: "Mark as read" }).click();
  await expect(card.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await expect(card).not.toContainText("Unread");

  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/admin/messages");
  const same = noScript.getByRole("article", { name, exact: true });
  await same.getByRole("button", { name: "Mark as handled" }).click();
  await expect(
    noScript.getByRole("article", { name, exact: true }).getByRole("button", { name: "Reopen" }),
  ).toBeVisible();
  await expect(noScript.getByRole("article", { name, exact: true })).toContainText("Handled");
  await plain.close();
});

test("deleting an item works as a plain form without JavaScript, after the same question", async ({
  page,
  browser,
}) => {
  const tag = randomUUID().slice(0, 6);
  await createCatalogueEntries(page, tag);
  const itemName = `Diorama du phare ${tag}`;
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto(`/fr/admin/inventory?q=${tag}`);
  await noScript.getByRole("button", { name: `Supprimer ${itemName}` }).click();
  // No dialog without JavaScript: the page asks the same question, and nothing is deleted yet.
  const question = noScript.getByRole("region", { name: "Confirmation" });
  await expect(question).toContainText(`Supprimer «\u00a0${itemName}\u00a0»\u00a0?`);
  await expect(noScript.getByRole("row", { name: new RegExp(itemName) })).toHaveCount(1);
  await question.getByRole("button", { name: "Oui, continuer" }).click();
  await expect(noScript.getByRole("status")).toHaveText(`«\u00a0${itemName}\u00a0» a été supprimé.`);
  await expect(noScript.getByRole("row", { name: new RegExp(itemName) })).toHaveCount(0);
  await plain.close();
});

test("staff: promote a customer, demote them, and the last admin stays an admin", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const customerPage = await browser.newPage();
  const account = await signUp(customerPage, newAccount());
  await customerPage.close();

  await page.goto("/admin/staff");
  await expectNoAxeViolations(page, "/admin/staff");
  await page.getByLabel("Search by name or e-mail").fill(account.email);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row", { name: new RegExp(account.username) });
  await expect(row).toContainText("Customer");
  // The question is the page's JavaScript (the search may have loaded the page anew).
  await untilHydrated(page, "main");
  await row.getByRole("button", { name: `Make admin: ${account.username}` }).click();
  // Promotion asks first, as demotion does; cancelling changes nothing.
  const promotion = page.getByRole("dialog", { name: "Please confirm" });
  await expect(promotion).toContainText(`Make ${account.username} an admin?`);
  await promotion.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("Customer");
  await row.getByRole("button", { name: `Make admin: ${account.username}` }).click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Make admin" }).click();
  await expect(page.getByRole("status")).toHaveText(`${account.username} is now an admin.`);
  await expect(row).toContainText("Administrator");

  await row.getByRole("button", { name: `Remove admin: ${account.username}` }).click();
  const dialog = page.getByRole("dialog", { name: "Please confirm" });
  await expect(dialog).toContainText("They keep their account as a customer.");
  await dialog.getByRole("button", { name: "Remove admin" }).click();
  await expect(page.getByRole("status")).toHaveText(`${account.username} is now a customer.`);
  await expect(row).toContainText("Customer");

  // The owner is now the only admin: demoting them is refused by the server.
  await page.goto("/admin/staff?q=owner%40studio.test");
  await page.getByRole("button", { name: "Remove admin: Owner" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove admin" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText(
    "The last admin cannot be demoted: make someone else an admin first.",
  );
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByRole("row", { name: /Owner/ })).toContainText("Administrator");
});

test("the admin overview has no axe violations and links to each section", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: /Items in the catalogue/ })).toBeVisible();
  await expectNoAxeViolations(page, "/admin");
});

test("pictures can be dropped on the form, and a file that is not a picture is refused", async ({ page }) => {
  await page.goto("/admin/inventory/new");
  const zone = page.getByText("Drag and drop pictures here, or");
  const picture = [...(await png(300, 200, 60))];
  const dropped = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], "dropped.png", { type: "image/png" }));
    return transfer;
  }, picture);
  await zone.dispatchEvent("drop", { dataTransfer: dropped });
  await expect(page.getByRole("img", { name: "Picture 1" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Main picture")).toBeVisible();

  await page.getByLabel("Add pictures").setInputFiles({
    name: "holiday.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("#!/bin/sh\necho not a picture\n"),
  });
  await expect(page.getByRole("alert")).toHaveText(
    "holiday.jpg: This file is not a picture: use JPEG, PNG, WebP, AVIF or GIF.",
  );
  await expect(page.getByRole("img", { name: "Picture 2" })).toHaveCount(0);
  await page.getByRole("button", { name: "Remove picture 1" }).click();
  await expect(page.getByText("No picture yet.")).toBeVisible();
});
