import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { COASTERS, payWithCard, seedCart } from "./shop-support";
import { logIn, SCANNED_LOOKS } from "./support";
import { E2E_ADMIN } from "../playwright.config";

// Issue 53: the owner makes a code and an automatic discount; a guest uses both at checkout and
// pays the discounted price; the same code is refused to them the second time.
test.describe.configure({ timeout: 180_000 });

async function clean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(390);
}

for (const { theme, prefix } of SCANNED_LOOKS) {
  const fr = prefix === "/fr";
  test(`a code and an automatic discount, from Admin → Discounts to a paid order (${theme}, ${prefix || "/en"})`, async ({
    browser,
    baseURL,
  }) => {
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const code = `CON${tag}`;
    const codeName = `Convention ${tag}`;
    const autoName = `Coasters ${tag}`;
    const phone = { viewport: { width: 390, height: 844 } };
    const admin = await (await browser.newContext(phone)).newPage();
    await admin.context().addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto(`${prefix}/admin/discounts`);
    await expect(admin.getByRole("heading", { level: 1, name: fr ? "Réductions" : "Discounts" })).toBeVisible();
    await clean(admin, `${prefix}/admin/discounts`);

    const form = admin.getByRole("form", { name: fr ? "Nouvelle réduction" : "New discount" });
    const create = async (fields: { name: string; code?: string; kind: string; value: string; items?: string }) => {
      await form
        .getByLabel(fr ? "Nom (pour vous et vos rapports)" : "Name (for you and your reports)")
        .fill(fields.name);
      if (fields.code) await form.getByLabel(fr ? /^Code/ : /^Code/).fill(fields.code);
      await form.getByLabel(fr ? "Avantage accordé" : "What it gives").selectOption(fields.kind);
      await form.getByLabel(fr ? /^Pourcentage, ou montant/ : /^Percentage, or amount/).fill(fields.value);
      if (fields.items) {
        await form.getByLabel(fr ? /^Seulement ces articles/ : /^Only these items/).fill(fields.items);
        await form
          .getByLabel(
            fr
              ? "Réduction automatique qui s’applique aussi avec un code"
              : "An automatic discount that also applies beside a code",
          )
          .check();
      } else {
        await form
          .getByLabel(
            fr
              ? "Utilisations par client, un compte ou le courriel d’un invité (vide\u00a0: sans limite)"
              : "Uses per buyer, an account or a guest's e-mail (empty: no limit)",
          )
          .fill("1");
      }
      await form.getByRole("button", { name: fr ? "Enregistrer la réduction" : "Save the discount" }).click();
      await expect(admin.getByRole("status")).toHaveText(fr ? "Enregistrée." : "Saved.");
    };
    await create({ name: codeName, code: code.toLowerCase(), kind: "percent", value: "15" });
    // An automatic dollar off the coasters only, beside any code; ended at the end of the test.
    await create({ name: autoName, kind: "fixed", value: "1", items: "maple-leaf-coaster-set" });
    await clean(admin, `${prefix}/admin/discounts with two discounts`);

    try {
      const buyer = await (await browser.newContext(phone)).newPage();
      await buyer.context().addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      const email = `con-${tag.toLowerCase()}@example.test`;
      const checkout = async () => {
        await seedCart(buyer, [{ id: COASTERS.id, quantity: 1 }]);
        await buyer.goto(`${prefix}/store/checkout`);
        const details = buyer.getByRole("group", { name: fr ? "Vos coordonnées" : "Your details" });
        await details.getByLabel(fr ? "Courriel" : "E-mail").fill(email);
        await details.getByLabel(fr ? "Nom complet" : "Full name").fill("Camille Gagnon");
        await details.getByLabel(fr ? "Téléphone" : "Phone").fill("514 555-0199");
        await buyer.getByLabel(fr ? "Code de réduction" : "Discount code").fill(code.toLowerCase());
        await buyer.getByRole("button", { name: fr ? "Appliquer" : "Apply" }).click();
      };
      await checkout();
      const figures = buyer.getByTestId("checkout-figures");
      // 22.00 − 1.00 automatic, then 15 % of 21.00 (3.15): 17.85 before taxes.
      await expect(figures.getByText(fr ? `Réduction\u00a0: ${autoName}` : `Discount: ${autoName}`)).toBeVisible();
      await expect(figures.getByText(fr ? `Réduction\u00a0: ${codeName}` : `Discount: ${codeName}`)).toBeVisible();
      await expect(
        buyer.getByText(fr ? `Code ${code} appliqué.` : `Code ${code} applied.`, { exact: false }),
      ).toBeVisible();
      await clean(buyer, `${prefix}/store/checkout with a code`);
      const total = await buyer.getByTestId("checkout-total").textContent();

      await buyer.getByRole("button", { name: fr ? "Passer la commande" : "Place order" }).click();
      await expect(buyer).toHaveURL(new RegExp(`${prefix}/payment/`));
      await expect(buyer.getByText(total!).first()).toBeVisible();
      await payWithCard(buyer, "4242 4242 4242 4242", fr);
      await expect(buyer.getByTestId("guest-order-link")).toBeVisible();

      // The same buyer, the same code: refused, and said why next to the field.
      await checkout();
      await expect(
        buyer.getByText(
          fr ? "Vous avez déjà utilisé ce code de réduction." : "You have already used this discount code.",
        ),
      ).toBeVisible();
      await expect(figures.getByText(fr ? `Réduction\u00a0: ${codeName}` : `Discount: ${codeName}`)).toHaveCount(0);
      await expect(figures.getByText(fr ? `Réduction\u00a0: ${autoName}` : `Discount: ${autoName}`)).toBeVisible();
    } finally {
      await admin.goto(`${prefix}/admin/discounts`);
      await admin.getByRole("button", { name: fr ? `Terminer\u00a0: ${autoName}` : `End: ${autoName}` }).click();
      await expect(admin.getByRole("status")).toHaveText(fr ? "Terminée pour de bon." : "Ended for good.");
    }
  });
}
