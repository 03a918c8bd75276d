import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { binaryStl, cube } from "../tests/support/mesh-fixtures";
import { payWithCard, placeOrderFromCart } from "./shop-support";
import { logIn, signUp } from "./support";

// Slicing twice, signing up, ordering and paying: a long journey on a busy machine.
test.describe.configure({ timeout: 240_000 });

async function quoteOf(page: Page, name: string, side: number, prefix = ""): Promise<Locator> {
  await page.goto(`${prefix}/quote`);
  await page
    .getByLabel(prefix ? "Choisir des fichiers" : "Choose files")
    .setInputFiles({ name, mimeType: "model/stl", buffer: Buffer.from(binaryStl(cube(side))) });
  const card = page.getByRole("article", { name });
  await expect(card.getByRole("region", { name: prefix ? "Prix exact" : "Exact price" })).toBeVisible({
    timeout: 60_000,
  });
  return card;
}

/** The ready-by date a quote shows, as the machine-readable date of its `<time>`. */
async function readyBy(card: Locator): Promise<string> {
  const date = card.getByTestId("ready-by").locator("time");
  await expect(date).toHaveText(
    /^Ready by (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}(, \d{4})?$/,
  );
  return (await date.getAttribute("datetime"))!;
}

test("a quote shows its ready-by date, and the date moves later when the production queue fills", async ({
  page,
  browser,
}) => {
  const small = await quoteOf(page, "small-part.stl", 20);
  await expect(small.getByText("If ordered today: it depends on the studio's production queue")).toBeVisible();
  const before = await readyBy(small);
  expect(before > new Date().toISOString().slice(0, 10)).toBe(true);

  // Another buyer orders a batch big enough for more than a full working day of the studio's
  // printers (2 printers × 10 hours by default), and pays for it: it enters the production queue.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const big = await quoteOf(buyer, "big-batch.stl", 40);
  const [, hours, minutes] = /^(?:(\d+) h )?(\d+) min$/.exec(
    (await big.getByText(/^(\d+ h )?\d+ min$/).textContent())!,
  )!;
  const partSeconds = Number(hours ?? 0) * 3600 + Number(minutes) * 60;
  const quantity = Math.min(500, Math.ceil((21 * 3600) / partSeconds));
  await big.getByLabel("Quantity").fill(String(quantity));
  await expect(big.getByRole("region", { name: "Exact price" }).getByText(/^Quantity discount/)).toBeVisible({
    timeout: 20_000,
  });
  await big.getByRole("button", { name: "Add to cart" }).click();
  await expect(big.getByText("big-batch.stl (custom print) was added to your cart.")).toBeVisible();
  await signUp(buyer);
  await placeOrderFromCart(buyer);
  await payWithCard(buyer, "4242 4242 4242 4242");
  await expect(buyer.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();
  await buyerContext.close();

  // The same part quoted again now waits behind that batch.
  const again = await quoteOf(page, "small-part-again.stl", 20);
  const after = await readyBy(again);
  expect(after > before, `${after} is later than ${before}`).toBe(true);
});

test("en français : la date où la pièce sera prête", async ({ page }) => {
  const card = await quoteOf(page, "piece.stl", 20, "/fr");
  await expect(card.getByTestId("ready-by").locator("time")).toHaveText(
    /^Prête le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} [a-zéû]+( \d{4})?$/,
  );
  await expect(
    card.getByText("Si vous commandez aujourd’hui\u00a0: la date dépend de la file de production de l’atelier", {
      exact: false,
    }),
  ).toBeVisible();
});

test("the studio sets its production capacity in Admin → Settings, validated on the server", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Production capacity" });
  await expect(form.getByText(/^Queue now: [\d.]+ h of printing/)).toBeVisible();
  await form.getByLabel("Printers").fill("0");
  await form.getByRole("button", { name: "Save the production capacity" }).click();
  await expect(
    page.getByRole("form", { name: "Production capacity" }).getByText("Enter a whole number of printers from 1 to 100"),
  ).toBeVisible();
  // The studio's defaults again, so that other journeys keep them.
  await page.getByRole("form", { name: "Production capacity" }).getByLabel("Printers").fill("2");
  await page
    .getByRole("form", { name: "Production capacity" })
    .getByRole("button", { name: "Save the production capacity" })
    .click();
  await expect(page.getByRole("form", { name: "Production capacity" }).getByText("Saved.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Production capacity" }).getByLabel("Printers")).toHaveValue("2");
});
