import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { binaryStl, box } from "../tests/support/mesh-fixtures";
import { logIn } from "./support";

// A slice, a report and an admin page on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** A 0.3 mm plate, 30 mm square: walls thinner than one line of plastic. */
const thinPlate = () => binaryStl(box(30, 30, 0.3));
/** The same plate with one edge face left out: thin and open, so it cannot be priced automatically. */
const thinOpenPlate = () => binaryStl(box(30, 30, 0.3).slice(0, 9 * 10));

test("a thin part: the buyer reads its printability report beside the price, in English and French", async ({
  page,
}) => {
  await page.goto("/quote");
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "thin-plate.stl", mimeType: "model/stl", buffer: Buffer.from(thinPlate()) });
  const card = page.getByRole("article", { name: "thin-plate.stl" });
  await expect(card.getByRole("region", { name: "Exact price" })).toBeVisible({ timeout: 60_000 });
  const report = card.getByRole("region", { name: "Printability" });
  await expect(report).toContainText(
    "Walls thinner than one line of plastic (0.45 mm; the thinnest is 0.3 mm) on 4 faces",
    { timeout: 30_000 },
  );
  await expect(report).not.toContainText("hang more than 45°");
  // The viewer marks the thin faces, and says so in words.
  await expect(card.getByTestId("viewer-legend")).toHaveText(
    "In the 3D view, walls thinner than 0.45 mm are shown in purple.",
  );
  const { violations } = await new AxeBuilder({ page }).include("article").analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.goto("/fr/quote");
  await page
    .getByLabel("Choisir des fichiers")
    .setInputFiles({ name: "plaque.stl", mimeType: "model/stl", buffer: Buffer.from(thinPlate()) });
  const french = page.getByRole("article", { name: "plaque.stl" }).getByRole("region", { name: "Imprimabilité" });
  await expect(french).toContainText("la plus mince fait 0,3 mm", { timeout: 60_000 });
});

test("a thin, open part goes to the studio, and the owner reads its report with the request", async ({
  page,
  browser,
}) => {
  await page.goto("/quote");
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "thin-open-plate.stl", mimeType: "model/stl", buffer: Buffer.from(thinOpenPlate()) });
  const card = page.getByRole("article", { name: "thin-open-plate.stl" });
  await expect(card.getByRole("alert")).toContainText("not a closed surface");
  await expect(card.getByRole("region", { name: "Printability" })).toContainText("open or doubled edges", {
    timeout: 30_000,
  });
  await expect(card.getByTestId("viewer-legend")).toContainText("faces on open or doubled edges are shown in red");
  await card.getByRole("button", { name: "Ask the studio for a price" }).click();
  await card.getByLabel("Your e-mail").fill("thin-buyer@example.test");
  await card.getByRole("button", { name: "Send the request" }).click();
  await expect(card.getByRole("status")).toContainText("the studio will e-mail you a price");

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await logIn(owner, E2E_ADMIN.email, E2E_ADMIN.password);
  await owner.goto("/admin/quotes");
  const request = owner
    .getByRole("listitem")
    .filter({ has: owner.getByRole("heading", { name: "thin-open-plate.stl" }) })
    .first();
  const report = request.getByRole("region", { name: "Printability" });
  await expect(report).toContainText("Walls thinner than one line of plastic");
  await expect(report).toContainText("open or doubled edges");
  await ownerContext.close();
});
