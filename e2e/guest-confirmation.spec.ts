import { expect, test } from "./test";
import { COASTERS, payWithCard, seedCart } from "./shop-support";

// Issue 49: a guest's confirmation page leads to the order by links that open it without an account.
test.describe.configure({ timeout: 90_000 });

for (const prefix of ["", "/fr"]) {
  const fr = prefix === "/fr";
  test(`each link to the order on a guest's confirmation opens it, and no profile is promised (${prefix || "/en"})`, async ({
    page,
  }) => {
    await seedCart(page, [{ id: COASTERS.id, quantity: 1 }]);
    await page.goto(`${prefix}/store/checkout`);
    const details = page.getByRole("group", { name: fr ? "Vos coordonnées" : "Your details" });
    await details.getByLabel(fr ? "Courriel" : "E-mail").fill("confirmation.guest@example.test");
    await details.getByLabel(fr ? "Nom complet" : "Full name").fill("Léa Tremblay");
    await details.getByLabel(fr ? "Téléphone" : "Phone").fill("418 555-0142");
    await page.getByRole("button", { name: fr ? "Passer la commande" : "Place order" }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/payment/FF-[0-9A-Z]+/\\d+$`));
    const orderId = page.url().split("/").at(-2)!;
    await payWithCard(page, "4242424242424242", fr);

    const thanks = page.getByRole("heading", {
      name: fr ? "Merci, votre paiement a été accepté" : "Thank you, your payment went through",
    });
    await expect(thanks).toBeVisible();
    const confirmation = page.url();
    const main = page.getByRole("main");
    // The thanks first, then the box with the order's link.
    const box = page.getByTestId("guest-order-link");
    await expect(box).toBeVisible();
    expect((await thanks.boundingBox())!.y).toBeLessThan((await box.boundingBox())!.y);
    // A guest has no profile: nothing on the page sends them to one.
    await expect(page.locator("body")).not.toContainText(/profil/i);
    // Sentence case, as the rest of the site.
    await expect(main.getByRole("link", { name: fr ? "Voir la commande" : "View order", exact: true })).toBeVisible();
    await expect(
      main.getByRole("link", { name: fr ? "Continuer vos achats" : "Continue shopping", exact: true }),
    ).toBeVisible();

    const toOrder = main.locator(`a[href*="/orders/${orderId}"]`);
    const count = await toOrder.count();
    // "View order" and the box's "Open your order", at least.
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) {
      if (i > 0) {
        await page.goto(confirmation);
        await expect(thanks).toBeVisible();
      }
      const link = toOrder.nth(i);
      await expect(link).toHaveAttribute("href", new RegExp(`^${prefix}/orders/${orderId}\\?key=[A-Za-z0-9_-]{43}$`));
      await link.click();
      await expect(
        page.getByRole("heading", { level: 1, name: fr ? `Commande ${orderId}` : `Order ${orderId}` }),
      ).toBeVisible();
      await expect(page).not.toHaveURL(/\/login/);
      await expect(page.getByTestId("order-status")).toHaveText(fr ? "Payée" : "Paid");
    }
  });
}
