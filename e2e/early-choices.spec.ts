import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { CLIPS, seedCart } from "./shop-support";
import { holdScripts, hydrated, signUp, untilHydrated } from "./support";

/**
 * Issue 34, build item 7: a page keeps what a person did before its script started (decision 062:
 * a page hydrates after `load`). The checkout's delivery choice, picked while the page is still
 * the server's HTML, stays picked once the page wakes, with its address fields.
 */
test.describe.configure({ timeout: 90_000 });

const WORDS = {
  en: {
    ship: "Delivery to an address in Canada",
    pickup: "Pickup at the studio (no shipping)",
    name: "Full name",
    street: "Street address",
    city: "City",
    province: "Province or territory",
    postal: "Postal code",
    quebecTax: "QST (9.975%)",
  },
  fr: {
    ship: "Livraison à une adresse au Canada",
    pickup: "Retrait au studio (sans frais de livraison)",
    name: "Nom complet",
    street: "Adresse",
    city: "Ville",
    province: "Province ou territoire",
    postal: "Code postal",
    quebecTax: "TVQ (9,975",
  },
};

async function buyerAtHeldCheckout(page: Page, prefix: string) {
  await signUp(page, undefined, prefix);
  await seedCart(page, [{ id: CLIPS.id, quantity: 1 }]);
  const scripts = await holdScripts(page);
  await page.goto(`${prefix}/store/checkout`);
  await expect.poll(() => scripts.requested).toBeGreaterThan(0);
  expect(await hydrated(page, "main")).toBe(false);
  return scripts;
}

for (const [locale, prefix] of [
  ["en", ""],
  ["fr", "/fr"],
] as const) {
  test(`delivery picked before the checkout wakes stays picked, with its address fields (${locale})`, async ({
    page,
  }) => {
    const w = WORDS[locale];
    const scripts = await buyerAtHeldCheckout(page, prefix);
    const ship = page.getByRole("radio", { name: w.ship });
    await ship.check();

    scripts.release();
    await untilHydrated(page, "main");
    await page.waitForLoadState("networkidle");
    await expect(ship).toBeChecked();
    await expect(page.getByRole("radio", { name: w.pickup })).not.toBeChecked();
    await page.getByLabel(w.name).fill("Marie Tremblay");
    await page.getByLabel(w.street, { exact: true }).fill("1234 rue Saint-Denis");
    await page.getByLabel(w.city).fill("Montréal");
    await page.getByLabel(w.province).selectOption("QC");
    await page.getByLabel(w.postal).fill("h2x 3k8");
    await expect(page.getByTestId("checkout-figures")).toContainText(w.quebecTax);
    // Still the buyer's choice after the live figures came back.
    await expect(ship).toBeChecked();
    await expect(page.getByLabel(w.city)).toHaveValue("Montréal");
  });
}
