import AxeBuilder from "@axe-core/playwright";
import { type Page, type Request } from "@playwright/test";
import { expect, test } from "./test";
import { randomUUID } from "node:crypto";
import { E2E_ADMIN } from "../playwright.config";
import { asciiStl, box, cube, threeMf } from "../tests/support/mesh-fixtures";
import { logIn, untilHydrated } from "./support";

// What only the 3D view needs: its code (three.js, the mesh worker) and the model itself.
const VIEWER = /\/assets\/(model-view|model-viewer|mesh\.worker)[-.]|\/model\.stl/;

async function expectNoAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** A new item of the admin's, in a category of its own, so that no other journey sees it. */
async function newItem(page: Page, tag: string) {
  const category = await page.request.post("/api/admin/categories", {
    data: { translations: { en: { name: `Test cubes ${tag}`, description: "" } } },
  });
  expect(category.status()).toBe(201);
  const { category: created } = (await category.json()) as { category: { id: string } };
  const item = await page.request.post("/api/admin/items", {
    data: {
      translations: {
        en: { name: `Calibration Cube ${tag}`, description: "A cube." },
        fr: { name: `Cube de calibration ${tag}`, description: "Un cube." },
      },
      categoryId: created.id,
      price: "9.00",
      stock: 5,
      images: { main: "/images/catalogue/articulated-dragon.svg", gallery: [] },
    },
  });
  expect(item.status()).toBe(201);
  return ((await item.json()) as { item: { id: string; slug: string } }).item;
}

test("the owner attaches a model to an item, and a visitor sees it in 3D, in English and in French", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const item = await newItem(page, tag);

  // The owner attaches a cube on the item's admin page and sees what is attached.
  await page.goto(`/admin/inventory/${item.id}`);
  await untilHydrated(page, "main");
  const section = page.getByRole("region", { name: "3D model" });
  await expect(section.getByText("No 3D model yet.")).toBeVisible();
  await section
    .getByLabel("Attach a 3D model")
    .setInputFiles({ name: "cube.stl", mimeType: "model/stl", buffer: Buffer.from(asciiStl(cube(20))) });
  await expect(section.getByRole("status")).toHaveText("cube.stl is attached: buyers can now view it in 3D.");
  await expect(section.getByTestId("model-name")).toHaveText("cube.stl");
  await expect(section.getByTestId("model-triangles")).toHaveText("12");
  await expect(section.getByTestId("model-size")).toHaveText("20 × 20 × 20 mm");
  await expectNoAxeViolations(page, "admin item page with its model");
  // Not a model: said plainly, and the cube stays.
  await section
    .getByLabel("Replace the 3D model")
    .setInputFiles({ name: "notes.stl", mimeType: "model/stl", buffer: Buffer.from("not a model at all") });
  await expect(section.getByRole("alert")).toHaveText("notes.stl: This file is not an STL, OBJ, 3MF or STEP model.");
  await expect(section.getByTestId("model-name")).toHaveText("cube.stl");

  // A visitor: nothing of the viewer is downloaded until asked for.
  const visitor = await browser.newContext();
  const shop = await visitor.newPage();
  const requested: string[] = [];
  shop.on("request", (request: Request) => requested.push(request.url()));
  const response = await shop.goto(`/store/${item.slug}`);
  const html = (await response!.text()) ?? "";
  expect(html).not.toMatch(/modulepreload[^>]+(model-view|model-viewer|mesh\.worker)/);
  await untilHydrated(shop, "main");
  const view3d = shop.getByRole("button", { name: "View in 3D" });
  await expect(view3d).toBeVisible();
  await expect(view3d).toHaveAttribute("aria-expanded", "false");
  await expectNoAxeViolations(shop, "item page with its model");
  expect(requested.filter((url) => VIEWER.test(url))).toEqual([]);

  await view3d.click();
  const viewer = shop.getByRole("img", {
    name: `3D view of Calibration Cube ${tag}. Drag to turn it, scroll or pinch to zoom.`,
  });
  await expect(viewer).toBeVisible({ timeout: 20_000 });
  await expect(shop.locator("figure").getByText("20 × 20 × 20 mm")).toBeVisible({ timeout: 20_000 });
  expect(requested.some((url) => /\/assets\/model-viewer-/.test(url))).toBe(true);
  expect(requested.some((url) => url.includes(`/api/catalogue/items/${item.id}/model.stl?v=`))).toBe(true);
  await expect(shop.getByRole("button", { name: "Back to the pictures" })).toHaveAttribute("aria-expanded", "true");
  await expectNoAxeViolations(shop, "item page showing its model");
  await shop.getByRole("button", { name: "Back to the pictures" }).click();
  await expect(shop.getByRole("img", { name: `Calibration Cube ${tag}` })).toBeVisible();

  // En français.
  await shop.goto(`/fr/store/${item.slug}`);
  await untilHydrated(shop, "main");
  await shop.getByRole("button", { name: "Voir en 3D" }).click();
  await expect(
    shop.getByRole("img", {
      name: `Vue 3D de Cube de calibration ${tag}. Faites glisser pour la tourner, utilisez la molette ou pincez pour zoomer.`,
    }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(shop.locator("figure").getByText("20 × 20 × 20\u00a0mm")).toBeVisible({ timeout: 20_000 });

  // The owner replaces it with a 3MF brick, then removes it: the store shows it on the next request.
  await section
    .getByLabel("Replace the 3D model")
    .setInputFiles({ name: "brick.3mf", mimeType: "model/3mf", buffer: Buffer.from(threeMf(box(30, 20, 10))) });
  await expect(section.getByTestId("model-size")).toHaveText("30 × 20 × 10 mm");
  await shop.goto(`/store/${item.slug}`);
  await shop.getByRole("button", { name: "View in 3D" }).click();
  await expect(shop.locator("figure").getByText("30 × 20 × 10 mm")).toBeVisible({ timeout: 20_000 });
  await section.getByRole("button", { name: "Remove the 3D model" }).click();
  await expect(section.getByRole("status")).toHaveText("The 3D model was removed.");
  await expect(section.getByText("No 3D model yet.")).toBeVisible();
  await shop.goto(`/store/${item.slug}`);
  await untilHydrated(shop, "main");
  await expect(shop.getByRole("heading", { level: 1, name: `Calibration Cube ${tag}` })).toBeVisible();
  await expect(shop.getByRole("button", { name: "View in 3D" })).toHaveCount(0);
  await visitor.close();
});
