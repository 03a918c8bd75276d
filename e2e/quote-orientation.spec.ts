import AxeBuilder from "@axe-core/playwright";
import { type Locator } from "@playwright/test";
import { expect, test } from "./test";
import { binaryStl, tBeam } from "../tests/support/mesh-fixtures";

// Two slices of a 3D part on a busy 2-core machine, and an axe scan.
test.describe.configure({ timeout: 150_000 });

/** The total of the exact price, in dollars. */
async function total(card: Locator): Promise<number> {
  const exact = card.getByRole("region", { name: "Exact price" });
  await expect(exact).toBeVisible({ timeout: 60_000 });
  const text = await exact.getByRole("definition").last().textContent();
  return Number(text!.replace(/[^\d.]/g, ""));
}

test("a part lying badly is priced turned over, and costs more on supports as in the file", async ({ page }) => {
  await page.goto("/quote");
  // A T standing on its stem: its cap overhangs on both sides.
  const part = binaryStl(tBeam({ cap: 80, capThickness: 6, stem: 16, stemHeight: 30, depth: 60 }));
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "t-bracket.stl", mimeType: "model/stl", buffer: Buffer.from(part) });
  const card = page.getByRole("article", { name: "t-bracket.stl" });
  await expect(card.getByRole("img", { name: /3D view of t-bracket.stl/ })).toBeVisible();

  const orientation = card.getByRole("group", { name: "Orientation on the printer" });
  const best = orientation.getByRole("radio", { name: /Best for printing \(recommended\)/ });
  await expect(best).toBeChecked();
  await expect(card.getByText("In this orientation the part needs no supports.")).toBeVisible();
  const bestTotal = await total(card);

  await orientation.getByRole("radio", { name: "As in my file" }).check();
  await expect(
    card.getByText(/Supports are included in the price: about 38 cm² of the part's underside is printed on them\./),
  ).toBeVisible();
  await expect(card.getByText(/faces printed on supports are shown with orange and grey stripes/)).toBeVisible();
  const asFileTotal = await total(card);
  expect(asFileTotal).toBeGreaterThan(bestTotal);

  // The choice is the server's: a reload shows it, priced.
  await page.reload();
  const again = page.getByRole("article", { name: "t-bracket.stl" });
  await expect(again.getByRole("radio", { name: "As in my file" })).toBeChecked();
  expect(await total(again)).toBe(asFileTotal);

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
});
