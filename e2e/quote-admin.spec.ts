import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { binaryStl, cube } from "../tests/support/mesh-fixtures";
import { logIn } from "./support";

// A slice and axe scans of long admin forms take a while on a busy 2-core machine.
test.describe.configure({ timeout: 150_000 });

async function noAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("the studio adds a material with a colour, buyers can quote it, and it can be retired", async ({
  page,
  browser,
}) => {
  // Every run of the suite shares one database: this run's material has a name of its own.
  const name = `Silk PLA ${Date.now().toString(36)}`;
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/materials");
  await expect(page.getByRole("heading", { level: 1, name: "Materials, colours and qualities" })).toBeVisible();

  const add = page.getByRole("form", { name: "Add a material" });
  await add.getByLabel("Name in English").first().fill(name);
  await add
    .getByLabel("Name in French")
    .first()
    .fill(`PLA soyeux ${name.slice(-6)}`);
  await add.getByLabel("Slicer profile").selectOption("PLA");
  await add.getByLabel("Density (g/cm³)").fill("abc");
  await add.getByLabel("Price per kg (dollars)").fill("95");
  const colour = add.getByRole("group", { name: "First colour" });
  await colour.getByLabel("Name in English").fill("Copper");
  await colour.getByLabel("Name in French").fill("Cuivre");
  await colour.getByLabel("Colour").fill("#b87333");
  await add.getByRole("button", { name: "Add a material" }).click();
  // The browser lets "abc" through (a decimal field takes a comma); the server says what is wrong.
  await expect(add.getByText("The density must be between 0.5 and 3 g/cm³.")).toBeVisible();
  await add.getByLabel("Density (g/cm³)").fill("1,3");
  await add.getByRole("button", { name: "Add a material" }).click();
  await expect(page.getByRole("status")).toContainText(/Saved as terms version \d+\. New quotes use it\./);
  const article = page.getByRole("article", { name: new RegExp(`^${name}`) });
  await expect(article.getByText(/^Id: silk-pla-/)).toBeVisible();
  await expect(article.getByLabel("Density (g/cm³)").first()).toHaveValue("1.3");
  await noAxeViolations(page);

  // A buyer quotes a cube in it: the slicer prices it.
  const buyer = await browser.newContext();
  const quote = await buyer.newPage();
  await quote.goto("/quote");
  await quote
    .getByLabel("Choose files")
    .setInputFiles({ name: "silk-cube.stl", mimeType: "model/stl", buffer: Buffer.from(binaryStl(cube(15))) });
  const card = quote.getByRole("article", { name: "silk-cube.stl" });
  await expect(card.getByRole("region", { name: "Exact price" })).toBeVisible({ timeout: 30_000 });
  await card.getByLabel("Material").selectOption({ label: name });
  await expect(card.getByLabel("Colour")).toHaveValue("copper");
  await expect(card.getByLabel("Colour").locator("option")).toHaveText(["Copper"]);
  await expect(card.getByRole("region", { name: "Exact price" })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByLabel("Material")).toHaveValue(/^silk-pla-/);

  // Retired: no longer offered to new quotes; the buyer's quote keeps it.
  await article.getByLabel("Offered to buyers").first().uncheck();
  await article.getByRole("button", { name: `Save — ${name}`, exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Saved as terms version");
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(`^${name} \\(not offered\\)`) })).toBeVisible();
  await quote.reload();
  const again = quote.getByRole("article", { name: "silk-cube.stl" });
  await expect(again.getByRole("region", { name: "Exact price" })).toBeVisible({ timeout: 30_000 });
  await expect(again.getByLabel("Material").locator("option", { hasText: name })).toHaveCount(0);
  await buyer.close();
});

test("the materials screen is accessible in both themes and languages, and fits a phone", async ({
  page,
  context,
  baseURL,
}) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.setViewportSize({ width: 360, height: 800 });
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await page.goto("/fr/admin/materials");
    await expect(page.getByRole("heading", { level: 1, name: "Matériaux, couleurs et qualités" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await noAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
