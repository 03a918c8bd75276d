import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { mailSinkForThisFile } from "./mail-sink";
import { CLIPS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, newAccount, SCANNED_LOOKS, signUp } from "./support";

// Whole journeys through several pages on a shared, busy machine: more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const sink = mailSinkForThisFile();
const mailTo = (email: string, words: string) => sink.mailTo(email, words);

const linkIn = (mail: string, path: string) => mail.match(new RegExp(`http\\S+${path}\\S+`))![0];

test("forgot password: the e-mail's link sets a new password, which logs in", async ({ browser, page }) => {
  const account = await signUp(page);

  const visitor = await browser.newPage();
  await visitor.goto("/login");
  await visitor.getByRole("link", { name: "Forgot password?" }).click();
  await expect(visitor.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await visitor.getByLabel("Email").fill(account.email);
  await visitor.getByRole("button", { name: "Send the link" }).click();
  await expect(visitor.getByRole("status")).toContainText("If an account exists for this address");

  const mail = await mailTo(account.email, "Reset your password");
  await visitor.goto(linkIn(mail, "/reset-password"));
  await visitor.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await visitor.getByLabel("Confirm the new password").fill("brand-new-pass");
  await visitor.getByRole("button", { name: "Save the new password" }).click();
  await expect(visitor.getByRole("status")).toContainText("Your password has been changed");

  await logIn(visitor, account.email, "brand-new-pass");
  await visitor.close();
});

test("an unknown address gets the same answer as a known one", async ({ page }) => {
  await page.goto("/fr/forgot-password");
  await page.getByLabel("Courriel").fill("personne@example.test");
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByRole("status")).toContainText("Si un compte existe pour cette adresse");
});

test("sign-up sends a verification link in French; opening it verifies the address", async ({ page }) => {
  const account = await signUp(page, newAccount(), "/fr");
  await page.goto("/fr/profile");
  await expect(page.getByText("Non vérifiée")).toBeVisible();
  const mail = await mailTo(account.email, "=?UTF-8?");
  expect(mail).toContain("Bonjour");
  await page.goto(linkIn(mail, "/api/auth/verify-email"));
  await expect(page).toHaveURL(/\/fr\/verify\?verified=1$/);
  await expect(page.getByRole("status")).toHaveText("Merci\u00a0: votre adresse courriel est vérifiée.");
  await page.goto("/fr/profile");
  await expect(page.getByText("Vérifiée", { exact: true })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("saved addresses on the profile: add, refuse a wrong postal code, edit, choose the default, delete", async ({
    page,
  }) => {
    const account = newAccount();
    await page.goto("/signup");
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm password").fill(account.password);
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.goto("/profile");

    const form = page.locator("#address-form");
    await form.getByLabel("Full name").fill("Marie Tremblay");
    await form.getByLabel("Street address").fill("1234 rue Saint-Denis");
    await form.getByLabel("City").fill("Montréal");
    await form.getByLabel("Province or territory").selectOption("QC");
    await form.getByLabel("Postal code").fill("M5V 2T6");
    await form.getByRole("button", { name: "Save the address" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
    await expect(form.getByText("This postal code is not in the province chosen")).toBeVisible();
    await expect(form.getByLabel("Full name")).toHaveValue("Marie Tremblay");

    await form.getByLabel("Postal code").fill("h2x3k8");
    await form.getByRole("button", { name: "Save the address" }).click();
    await expect(page.getByRole("status")).toHaveText("Address saved.");
    await expect(page.locator("address").first()).toContainText("Montréal QC  H2X 3K8");

    await form.getByLabel("Full name").fill("Jean Roy");
    await form.getByLabel("Street address").fill("100 King St W");
    await form.getByLabel("City").fill("Toronto");
    await form.getByLabel("Province or territory").selectOption("ON");
    await form.getByLabel("Postal code").fill("M5X 1A9");
    await form.getByRole("button", { name: "Save the address" }).click();
    await expect(page.getByRole("status")).toHaveText("Address saved.");

    await page.getByRole("button", { name: "Use the address of Jean Roy by default" }).click();
    await expect(page.getByRole("status")).toHaveText("Default address changed.");
    await expect(page.getByRole("listitem").filter({ has: page.getByText("Default", { exact: true }) })).toContainText(
      "Jean Roy",
    );

    await page.getByRole("link", { name: "Edit the address of Jean Roy" }).click();
    await expect(page.getByRole("heading", { name: "Edit the address" })).toBeVisible();
    await form.getByLabel("Apartment, suite, unit (optional)").fill("Suite 5");
    await form.getByRole("button", { name: "Save the address" }).click();
    await expect(page.getByRole("status")).toHaveText("Address updated.");
    await expect(page.locator("address").first()).toContainText("Suite 5");

    await page.getByRole("button", { name: "Delete the address of Jean Roy" }).click();
    await expect(page.getByRole("status")).toHaveText("Address deleted.");
    await expect(page.locator("address")).toHaveCount(1);
    await expect(page.getByRole("listitem").filter({ has: page.getByText("Default", { exact: true }) })).toContainText(
      "Marie Tremblay",
    );
  });
});

test("the admin changes the free-shipping threshold and adds a rate; bad input is refused in French", async ({
  page,
}) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: /admin/i }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  const studio = page.getByRole("form", { name: "The studio", exact: true });
  // A new install has no legal name or pickup address (never another studio's): the owner gives them.
  await studio.getByLabel("Legal name (on invoices)").fill("Atelier Exemple inc.");
  await studio.getByLabel("Pickup address").fill("12 rue du Pont\nQuébec QC  G1K 1A1");
  await studio.getByLabel("Free shipping from (dollars, goods before taxes)").fill("175");
  await studio.getByRole("button", { name: "Save" }).click();
  await expect(studio.getByRole("status")).toHaveText("Saved.");
  await expect(studio.getByLabel("Free shipping from (dollars, goods before taxes)")).toHaveValue("175.00");
  await expect(page.getByRole("listitem").filter({ hasText: "freeShippingThresholdCents" }).first()).toContainText(
    "Owner",
  );

  const quebec = page.getByRole("form", { name: "Quebec" });
  await quebec.getByLabel("Band 1: price (dollars)").fill("12.25");
  await quebec.getByRole("button", { name: "Save Quebec" }).click();
  await expect(quebec.getByRole("status")).toHaveText("Saved.");

  await page.goto("/fr/admin/settings");
  const rate = page.getByRole("form", { name: "Ajouter un nouveau taux à partir d’une date" });
  await rate.getByLabel("Taxe").selectOption("HST-NS");
  await rate.getByLabel("Taux (pourcentage)").fill("cent");
  await rate.getByRole("button", { name: "Ajouter le taux" }).click();
  await expect(rate.getByText("Entrez un pourcentage entre 0 et 100, comme 9,975")).toBeVisible();
  await rate.getByLabel("Taxe").selectOption("HST-NS");
  await rate.getByLabel("Taux (pourcentage)").fill("13");
  await rate.getByLabel("En vigueur à partir du").fill("2099-04-01");
  await rate.getByRole("button", { name: "Ajouter le taux" }).click();
  await expect(rate.getByRole("status")).toHaveText("Enregistré.");
  await expect(page.getByRole("row", { name: /TVH NS 13\s%\s2099-04-01/ })).toBeVisible();
});

for (const { theme, prefix } of SCANNED_LOOKS) {
  test(`the new account and settings pages have no axe violations (${theme}, ${prefix || "/en"})`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    for (const path of ["/forgot-password", "/reset-password?token=x", "/verify"]) {
      await page.goto(prefix + path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    }
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const path of ["/admin/settings", "/profile"]) {
      await page.goto(prefix + path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    }
  });
}

test("a paid order has a printable invoice that says the studio has no registration number yet; the admin has a packing slip", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const account = await signUp(page);
  // This file's mail server is the one listening: the buyer verifies with the sign-up's link.
  await page.goto(linkIn(await mailTo(account.email, "Verify your email address"), "/api/auth/verify-email"));
  await seedCart(page, [{ ...CLIPS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-progress")).toHaveText("Paid. We are preparing your order.");
  await page.getByRole("link", { name: "Invoice" }).click();
  await expect(page.getByRole("heading", { name: `Invoice ${orderId}` })).toBeVisible();
  // A new install has no registration numbers: the invoice says so, never a sample number (issue 35).
  await expect(page.getByText("GST/HST registration: none")).toBeVisible();
  await expect(page.getByText("QST registration: none")).toBeVisible();
  await expect(page.getByText(/RT0001|TQ0001/)).toHaveCount(0);
  await expect(page.getByRole("rowheader", { name: CLIPS.name.en })).toBeVisible();
  // The Print button is usable from the server's HTML on, not once the page's script has run.
  const served = await (await page.request.get(page.url())).text();
  expect(served).toMatch(/<button type="button" class="[^"]*">Print<\/button>/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  const admin = await browser.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto(`/fr/admin/orders/${orderId}`);
  await admin.getByRole("link", { name: "Bordereau d’emballage" }).click();
  await expect(admin.getByRole("heading", { name: `Bordereau d’emballage ${orderId}` })).toBeVisible();
  await expect(admin.getByRole("rowheader", { name: CLIPS.name.fr })).toBeVisible();

  // Nobody else sees the invoice.
  const stranger = await browser.newPage();
  await signUp(stranger);
  const response = await stranger.goto(`/orders/${orderId}/invoice`);
  expect(response?.status()).toBe(404);
});
