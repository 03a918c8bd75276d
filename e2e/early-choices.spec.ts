import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { CLIPS, seedCart, verifyEmail } from "./shop-support";
import { holdScripts, hydrated, signUp, untilHydrated } from "./support";

/**
 * Issue 34, build item 7: a page keeps what a person did before its script started (decision 062:
 * a page hydrates after `load`). On the checkout, while the page is still the server's HTML, the
 * buyer picks delivery and types the address; once the page wakes, the choice and every field are
 * still there, the figures follow them, and the order is placed for that address.
 */
test.describe.configure({ timeout: 120_000 });

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
    place: "Place order",
    shipped: "Delivery by mail",
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
    place: "Passer la commande",
    shipped: "Livraison par la poste",
  },
};

async function buyerAtHeldCheckout(page: Page, prefix: string) {
  await signUp(page, undefined, prefix);
  await verifyEmail(page, prefix);
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
  test(`delivery and an address given before the checkout wakes are kept and ordered (${locale})`, async ({ page }) => {
    const w = WORDS[locale];
    const scripts = await buyerAtHeldCheckout(page, prefix);
    const ship = page.getByRole("radio", { name: w.ship });
    await ship.check();
    const fields = {
      name: page.getByLabel(w.name),
      street: page.getByLabel(w.street, { exact: true }),
      city: page.getByLabel(w.city),
      province: page.getByLabel(w.province),
      postal: page.getByLabel(w.postal),
    };
    await fields.name.fill("Marie Tremblay");
    await fields.street.fill("1234 rue Saint-Denis");
    await fields.city.fill("Montréal");
    await fields.province.selectOption("QC");
    await fields.postal.fill("H2X 3K8");
    expect(await hydrated(page, "main")).toBe(false);

    scripts.release();
    await untilHydrated(page, "main");
    await page.waitForLoadState("networkidle");
    await expect(ship).toBeChecked();
    await expect(page.getByRole("radio", { name: w.pickup })).not.toBeChecked();
    await expect(fields.name).toHaveValue("Marie Tremblay");
    await expect(fields.street).toHaveValue("1234 rue Saint-Denis");
    await expect(fields.city).toHaveValue("Montréal");
    await expect(fields.province).toHaveValue("QC");
    await expect(fields.postal).toHaveValue("H2X 3K8");
    // The figures follow what was given before the page woke, without another keystroke.
    await expect(page.getByTestId("checkout-figures")).toContainText(w.quebecTax);

    await page.getByRole("button", { name: w.place }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/payment/FF-[0-9A-Z]+/\\d+$`));
    const orderId = page.url().split("/").at(-2)!;
    await page.goto(`${prefix}/orders/${orderId}`);
    await expect(page.getByText(w.shipped)).toBeVisible();
    for (const words of ["Marie Tremblay", "1234 rue Saint-Denis", "H2X 3K8"])
      await expect(page.getByText(words, { exact: false }).first()).toBeVisible();
  });
}
