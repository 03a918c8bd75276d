import { expect, test } from "./test";
import { garbageStep, stepCube } from "../tests/support/step-fixtures";

// The server converts the STEP file, then slices it: a while on a busy 2-core machine.
test.describe.configure({ timeout: 150_000 });

test("a buyer uploads a STEP cube, sees it in 3D at 20 × 20 × 20 mm and gets the slicer's exact price", async ({
  page,
}) => {
  await page.goto("/quote");
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "cube.step", mimeType: "model/step", buffer: Buffer.from(stepCube(20)) });
  const card = page.getByRole("article", { name: "cube.step" });
  // The browser cannot read STEP: the viewer shows the mesh the server made from it.
  await expect(card.getByRole("img", { name: /3D view of cube.step/ })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText("20 × 20 × 20 mm")).toBeVisible();
  const exact = card.getByRole("region", { name: "Exact price" });
  await expect(exact).toBeVisible({ timeout: 30_000 });
  await expect(exact.getByText("Print time")).toBeVisible();
  await expect(exact.getByText(/^\$\d+\.\d\d$/).last()).toBeVisible();
  // Back on the page later, the part is shown again from the stored mesh.
  await page.reload();
  await expect(page.getByRole("article", { name: "cube.step" }).getByText("20 × 20 × 20 mm")).toBeVisible({
    timeout: 20_000,
  });
});

test("un fichier STEP illisible reçoit un message clair, et le serveur continue", async ({ page }) => {
  await page.goto("/fr/quote");
  await page
    .getByLabel("Choisir des fichiers")
    .setInputFiles({ name: "casse.stp", mimeType: "model/step", buffer: Buffer.from(garbageStep()) });
  const card = page.getByRole("article", { name: "casse.stp" });
  await expect(card.getByRole("alert")).toHaveText(/^Ce fichier STEP n’a pas pu être lu\./, { timeout: 30_000 });
  const health = await page.request.get("/");
  expect(health.ok()).toBe(true);
});
