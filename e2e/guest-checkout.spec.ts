import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { COASTERS, payWithCard, seedCart } from "./shop-support";
import { logIn, newAccount, signUp } from "./support";
import { E2E_ADMIN } from "../playwright.config";

// A first buyer with no account, whether or not mail is sent: the order's link is on the page.
test.describe.configure({ timeout: 90_000 });

async function noAxeViolations(page: Page, label: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.context().addCookies([{ name: "theme", value: theme, url: page.url() }]);
    await page.reload();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${label} (${theme}): ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
      [],
    );
  }
}

for (const prefix of ["", "/fr"]) {
  const fr = prefix === "/fr";
  test(`a guest buys, pays with the expiry typed 1230 and opens the order and its invoice (${prefix || "/en"})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await seedCart(page, [{ id: COASTERS.id, quantity: 1 }]);
    await page.goto(`${prefix}/store/checkout`);
    const details = page.getByRole("group", { name: fr ? "Vos coordonnées" : "Your details" });
    await expect(details).toBeVisible();
    await noAxeViolations(page, "checkout");

    // The delivery address's own name and phone are in the page too, shown once delivery is picked.
    await details.getByLabel(fr ? "Courriel" : "E-mail").fill("Guest.Buyer@example.test");
    await details.getByLabel(fr ? "Nom complet" : "Full name").fill("Camille Gagnon");
    await details.getByLabel(fr ? "Téléphone" : "Phone").fill("514 555-0199");
    await page.getByRole("button", { name: fr ? "Passer la commande" : "Place order" }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/payment/`));

    const number = page.getByLabel(fr ? "Numéro de carte" : "Card number");
    await number.pressSequentially("4242424242424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    await page.getByLabel(fr ? "Expiration (MM / AA)" : "Expiry date (MM / YY)").fill("1230");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: fr ? /Payer maintenant/ : /Pay Now/ }).click();

    const link = page.getByTestId("guest-order-link");
    await expect(link).toBeVisible();
    await noAxeViolations(page, "confirmation");
    await link.getByRole("link", { name: fr ? "Ouvrir votre commande" : "Open your order" }).click();
    await expect(page).toHaveURL(/\?key=/);
    await expect(page.getByRole("heading", { level: 1, name: fr ? /^Commande / : /^Order / })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText(fr ? "Payée" : "Paid");
    const orderUrl = page.url();
    await noAxeViolations(page, "order");

    await page.getByRole("link", { name: fr ? "Facture" : "Invoice" }).click();
    await expect(page.getByRole("heading", { name: fr ? /^Facture / : /^Invoice / })).toBeVisible();
    await expect(page.getByText("guest.buyer@example.test")).toBeVisible();

    // Another key opens nothing; nor does the number alone in another browser (this one's cookie
    // opens the order it placed), which is asked to log in.
    const other = orderUrl.replace(/key=[^&]+/, `key=${"A".repeat(43)}`);
    expect((await page.request.get(other)).status()).toBe(404);
    const elsewhere = await browser.newContext({ baseURL });
    const bare = await elsewhere.request.get(orderUrl.replace(/\?.*$/, ""), { maxRedirects: 0 });
    expect(bare.status()).toBe(302);
    expect(bare.headers().location).toContain("/login");
    await elsewhere.close();
  });
}

test("a guest's name and phone fill the delivery address as they are typed, and stay the person's to change", async ({
  page,
}) => {
  await seedCart(page, [{ id: COASTERS.id, quantity: 1 }]);
  await page.goto("/store/checkout");
  const details = page.getByRole("group", { name: "Your details" });
  const receive = page.getByRole("group", { name: "How would you like to receive your order?" });
  await receive.getByRole("radio", { name: /Delivery to an address/ }).check();
  await details.getByLabel("Full name").fill("Camille Gagnon");
  await details.getByLabel("Phone").fill("514 555-0199");
  await expect(receive.getByLabel("Full name")).toHaveValue("Camille Gagnon");
  await expect(receive.getByLabel("Phone (optional)")).toHaveValue("514 555-0199");

  // Typed over in the address, the address keeps what the person typed there.
  await receive.getByLabel("Full name").fill("Alex Gagnon");
  await details.getByLabel("Full name").fill("Camille Gagnon-Roy");
  await expect(receive.getByLabel("Full name")).toHaveValue("Alex Gagnon");
  await expect(receive.getByLabel("Phone (optional)")).toHaveValue("514 555-0199");
});

for (const prefix of ["", "/fr"]) {
  const fr = prefix === "/fr";
  test(`before the page's script runs, the server fills the address's name and phone from the guest's (${prefix || "/en"})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await seedCart(page, [{ id: COASTERS.id, quantity: 1 }]);
    await page.goto(`${prefix}/store/checkout`);
    const details = page.getByRole("group", { name: fr ? "Vos coordonnées" : "Your details" });
    const receive = page.getByRole("group", {
      name: fr ? "Comment souhaitez-vous recevoir votre commande\u00a0?" : "How would you like to receive your order?",
    });
    await details.getByLabel(fr ? "Courriel" : "E-mail").fill("no.script.guest@example.test");
    await details.getByLabel(fr ? "Nom complet" : "Full name").fill("Camille Gagnon");
    await details.getByLabel(fr ? "Téléphone" : "Phone").fill("514 555-0199");
    await receive.getByRole("radio", { name: fr ? /Livraison à une adresse/ : /Delivery to an address/ }).check();
    await receive.getByLabel(fr ? "Adresse" : "Street address", { exact: true }).fill("123 rue Saint-Denis");
    await receive.getByLabel(fr ? "Ville" : "City").fill("Montréal");
    await receive.getByLabel(fr ? "Province ou territoire" : "Province or territory").selectOption("QC");
    await receive.getByLabel(fr ? "Code postal" : "Postal code").fill("H2X 3K8");
    // The address's own name and phone left empty: the figures' post brings the page back with them.
    await receive
      .getByRole("button", { name: fr ? "Mettre à jour la livraison et les taxes" : "Update shipping and taxes" })
      .click();
    await expect(receive.getByLabel(fr ? "Nom complet" : "Full name")).toHaveValue("Camille Gagnon");
    await expect(receive.getByLabel(fr ? "Téléphone (facultatif)" : "Phone (optional)")).toHaveValue("514 555-0199");
    await expect(page.getByTestId("checkout-figures")).toContainText(fr ? "TVQ" : "QST");
    await page.getByRole("button", { name: fr ? "Passer la commande" : "Place order" }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/payment/FF-[0-9A-Z]+/\\d+$`));
    await context.close();
  });
}

for (const prefix of ["", "/fr"]) {
  const fr = prefix === "/fr";
  test(`an account whose address is not verified orders as a guest with it, pays, and opens the order by its link (${prefix || "/en"})`, async ({
    page,
  }) => {
    const account = await signUp(page, newAccount(), prefix);
    await seedCart(page, [{ id: COASTERS.id, quantity: 1 }]);
    await page.goto(`${prefix}/store/checkout`);
    const details = page.getByRole("group", { name: fr ? "Vos coordonnées" : "Your details" });
    await expect(details.getByLabel(fr ? "Courriel" : "E-mail")).toHaveValue(account.email);
    await expect(details.getByLabel(fr ? "Nom complet" : "Full name")).toHaveValue(account.username);
    await expect(details.getByRole("link", { name: fr ? "Renvoyer le lien" : "Send the link again" })).toHaveAttribute(
      "href",
      `${prefix}/verify`,
    );
    await details.getByLabel(fr ? "Téléphone" : "Phone").fill("514 555-0199");
    await page.getByRole("radio", { name: fr ? /Retrait au studio/ : /Pickup at the studio/ }).check();
    await page.getByRole("button", { name: fr ? "Passer la commande" : "Place order" }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/payment/FF-[0-9A-Z]+/\\d+$`));
    const orderId = page.url().split("/").at(-2)!;
    await payWithCard(page, "4242424242424242", fr);

    await expect(
      page.getByRole("heading", {
        name: fr ? "Merci, votre paiement a été accepté" : "Thank you, your payment went through",
      }),
    ).toBeVisible();
    await expect(
      page.getByText(
        fr
          ? "Cette commande apparaîtra dans votre compte une fois votre adresse courriel vérifiée."
          : "This order will appear in your account once you verify your e-mail address.",
      ),
    ).toBeVisible();
    const view = page
      .getByRole("main")
      .getByRole("link", { name: fr ? "Voir la commande" : "View order", exact: true });
    await expect(view).toHaveAttribute("href", new RegExp(`^${prefix}/orders/${orderId}\\?key=`));
    await view.click();
    await expect(
      page.getByRole("heading", { level: 1, name: fr ? `Commande ${orderId}` : `Order ${orderId}` }),
    ).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText(fr ? "Payée" : "Paid");
  });
}

for (const prefix of ["", "/fr"]) {
  const fr = prefix === "/fr";
  test(`sign-up says what comes next (${prefix || "/en"})`, async ({ page }) => {
    await signUp(page, newAccount(), prefix);
    await expect(page).toHaveURL(new RegExp(`${prefix}/verify\\?welcome=1`));
    await expect(page.getByRole("heading", { name: fr ? "La suite" : "What comes next" })).toBeVisible();
    await expect(
      page.getByText(fr ? "vous pouvez commander avec votre compte" : "you can place orders with your account"),
    ).toBeVisible();
    await noAxeViolations(page, "verify");
  });
}

test("the admin sees who waits for verification, verifies one, and opens the outbox from the dashboard", async ({
  page,
  browser,
}) => {
  const visitor = await browser.newPage();
  const account = await signUp(visitor);
  await visitor.close();

  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const prefix of ["", "/fr"]) {
    await page.goto(`${prefix}/admin/customers`);
    await expect(page.getByTestId("awaiting-verification")).toContainText(account.email);
    await noAxeViolations(page, `${prefix}/admin/customers`);
  }
  await page.goto("/admin/customers");
  const row = page.getByTestId("awaiting-verification").getByRole("listitem").filter({ hasText: account.email });
  await row.getByRole("button", { name: new RegExp(`^Mark as verified\\W+${account.username}$`) }).click();
  await expect(page.getByText("The address is marked verified.")).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("link", { name: /waiting in the outbox/ }).click();
  await expect(page).toHaveURL("/admin/messages#outbox");
});
