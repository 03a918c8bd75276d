import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { binaryStl, cube, openBox } from "../tests/support/mesh-fixtures";

async function chooseModel(page: Page, label: string, name: string, bytes: Uint8Array) {
  await page.getByLabel(label).setInputFiles({ name, mimeType: "model/stl", buffer: Buffer.from(bytes) });
}

async function noAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("a buyer uploads a cube, sees its dimensions and an estimate, then the slicer's exact price", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Get an instant quote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Get an instant quote" })).toBeVisible();
  await chooseModel(page, "Choose files", "bracket-cube.stl", binaryStl(cube(20)));
  const card = page.getByRole("article", { name: "bracket-cube.stl" });
  await expect(card.getByText("20 × 20 × 20 mm")).toBeVisible();
  await expect(card.getByText("0.79 × 0.79 × 0.79 in")).toBeVisible();
  await expect(card.getByRole("img", { name: /3D view of bracket-cube.stl/ })).toBeVisible();
  const exact = card.getByRole("region", { name: "Exact price" });
  await expect(exact).toBeVisible({ timeout: 20_000 });
  await expect(exact.getByText("Print time")).toBeVisible();
  await expect(exact.getByText(/^\$\d+\.\d\d$/).last()).toBeVisible();
  // A new quantity re-prices from the same slice.
  await card.getByLabel("Quantity").fill("10");
  await expect(card.getByRole("region", { name: "Exact price" }).getByText("Quantity discount (10 %)")).toBeVisible({ timeout: 20_000 });
  await noAxeViolations(page);
});

test("en français : dimensions, estimation puis prix exact", async ({ page }) => {
  await page.goto("/fr/quote");
  await expect(page.getByRole("heading", { level: 1, name: "Obtenir une soumission instantanée" })).toBeVisible();
  await chooseModel(page, "Choisir des fichiers", "cube.stl", binaryStl(cube(30)));
  const card = page.getByRole("article", { name: "cube.stl" });
  await expect(card.getByText("30 × 30 × 30 mm")).toBeVisible();
  await expect(card.getByRole("region", { name: "Prix exact" })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/\d+,\d\d\s\$/).last()).toBeVisible();
  await noAxeViolations(page);
});

test("a part that cannot be priced automatically says why and goes to the studio", async ({ page }) => {
  await page.goto("/quote");
  await chooseModel(page, "Choose files", "open-box.stl", binaryStl(openBox()));
  const card = page.getByRole("article", { name: "open-box.stl" });
  await expect(card.getByRole("region", { name: "Estimate" })).toBeVisible();
  await expect(card.getByRole("alert")).toContainText("not a closed surface");
  await card.getByRole("button", { name: "Ask the studio for a price" }).click();
  await card.getByLabel("Your e-mail").fill("buyer@example.test");
  await card.getByLabel("Note for the studio (optional)").fill("The top is open on purpose: it is a tray.");
  await card.getByRole("button", { name: "Send the request" }).click();
  await expect(card.getByRole("status")).toContainText("the studio will e-mail you a price");
});

test("a renamed picture is refused with a clear message", async ({ page }) => {
  await page.goto("/quote");
  await page.getByLabel("Choose files").setInputFiles({ name: "photo.stl", mimeType: "model/stl", buffer: Buffer.from("\x89PNG\r\n\x1a\n not a model at all") });
  await expect(page.getByRole("article", { name: "photo.stl" }).getByRole("alert")).toHaveText("This file is not an STL, OBJ or 3MF model.");
});
