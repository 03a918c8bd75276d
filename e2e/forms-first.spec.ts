import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { CLIPS, DRAGON, KNIGHTS, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, newAccount, signUp, untilHydrated } from "./support";

// Whole journeys through several pages on a shared, busy machine.
test.describe.configure({ timeout: 90_000 });

test("with JavaScript disabled a visitor opens a project, fills a cart, signs up and reaches the payment page", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  // A project opens at its own address, rendered by the server.
  await page.goto("/inspirations");
  await page.getByRole("link", { name: "View project: Elven armor" }).click();
  await expect(page).toHaveURL("/inspirations/elven-armor");
  const project = page.getByRole("dialog", { name: "Elven armor" });
  await expect(project.getByRole("heading", { name: "Elven armor" })).toBeVisible();
  await expect(project.getByText("A full set of leaf-patterned elven armour")).toBeVisible();
  await project.getByRole("button", { name: "Close" }).click();
  await expect(project).toBeHidden();

  // The phone menu opens without a script.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByLabel("Open navigation menu").click();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Store" }).click();
  await expect(page).toHaveURL("/store");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Two items into the cart: the forms post to the /cart page, which shows the outcome.
  await page.goto(`/store/${DRAGON.slug}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL("/cart");
  await expect(page.getByText("Added 1 × Ember Dragon Bust to your cart.")).toBeVisible();
  await page.goto("/store?q=knights");
  await page.getByRole("button", { name: "Add to cart: Northern Knights Miniature Set" }).click();
  await expect(page.getByText("Added 1 × Northern Knights Miniature Set to your cart.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  // A quantity changes with its Update button, and "+" works as a plain form too.
  await page.getByRole("spinbutton", { name: "Quantity of Ember Dragon Bust" }).fill("2");
  await page.getByRole("button", { name: "Update the quantity of Ember Dragon Bust" }).click();
  await expect(page.getByText("Quantity of Ember Dragon Bust: 2.")).toBeVisible();
  await page.getByRole("button", { name: "Increase the quantity of Northern Knights Miniature Set" }).click();
  await expect(page.getByTestId("cart-total")).toHaveText("$247.98");

  // Checkout asks to log in (here: sign up) and comes back to the same cart.
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL("/store/checkout");
  await page.getByRole("main").getByRole("link", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL("/login?redirectTo=%2Fstore%2Fcheckout");
  await page.getByRole("link", { name: "Sign up" }).last().click();
  const account = newAccount();
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByRole("link", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL("/store/checkout");
  await expect(page.getByTestId("order-total")).toHaveText("$247.98");
  // The buyer verifies the address by e-mail, picks up at the studio: Quebec's GST and QST are added.
  await placeOrderFromCart(page);
  await expect(page).toHaveURL(/\/payment\/FF-[0-9A-Z]+\/28512$/);
  await expect(page.getByTestId("payment-amount")).toHaveText("$285.12");
  await context.close();
});

test("a click right after navigation on a slow CPU is never lost", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });

  await page.goto(`/store/${KNIGHTS.slug}`, { waitUntil: "commit" });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible({ timeout: 20_000 });

  await page.goto("/inspirations", { waitUntil: "commit" });
  await page.getByRole("link", { name: "View project: Elven armor" }).click();
  await expect(page.getByRole("dialog", { name: "Elven armor" })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL("/inspirations/elven-armor");

  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("link", { name: "Cart, 1 item" }).click();
  await expect(page.getByRole("heading", { name: "Your cart" }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "Northern Knights Miniature Set" })).toBeVisible();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("what the admin types before the item form runs on a slow CPU is kept, and the address still follows the name", async ({
  page,
}) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  await page.goto("/admin/inventory/new", { waitUntil: "commit" });
  await page.getByLabel("Name (English)").fill("Tide Pool Diorama");
  await expect(page.getByLabel("Slug (web address)")).toHaveValue("tide-pool-diorama", { timeout: 20_000 });
  await expect(page.getByLabel("Name (English)")).toHaveValue("Tide Pool Diorama");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("the cart follows the buyer to another browser after log-in, and joins that browser's cart", async ({
  page,
  browser,
}) => {
  const account = await signUp(page);
  await seedCart(page, [{ ...DRAGON, quantity: 2 }]);
  await page.reload();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await seedCart(other, [{ ...KNIGHTS, quantity: 1 }]);
  await logIn(other, account.email, account.password);
  await expect(other.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
  await other.goto("/cart");
  await expect(other.getByTestId("cart-total")).toHaveText("$212.99");

  // And back on the first browser, the same cart.
  await page.reload();
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
  await laptop.close();
});

/** A client-side navigation, as a link inside the app makes it (the router fetches `<page>.data`). */
async function navigateInApp(page: Page, path: string) {
  await untilHydrated(page);
  await page.evaluate(
    (to) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }
      ).__reactRouterDataRouter.navigate(to),
    path,
  );
}

for (const prefix of ["", "/fr"]) {
  test(`a logged-out visitor navigating in the page to a protected page logs in and lands on that page, never on data (${prefix || "/en"})`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const path of [
      "/profile",
      "/orders/FF-NOPE",
      "/payment/FF-NOPE/100",
      "/payment/confirmation",
      "/payment/authenticate",
      "/admin",
    ]) {
      await navigateInApp(page, `${prefix}${path}`);
      await expect(page, path).toHaveURL(`${prefix}/login?redirectTo=${encodeURIComponent(prefix + path)}`);
      await navigateInApp(page, `${prefix}/about`);
      await expect(page).toHaveURL(`${prefix}/about`);
    }

    // The reported journey: the drawer's Checkout, then log in.
    const account = await signUp(page, newAccount(), prefix);
    await page.getByRole("button", { name: prefix ? "Se déconnecter" : "Log out" }).click();
    // Signed out before the cart is filled: a cart filled during the log-out would be the account's.
    await expect(page.getByRole("button", { name: prefix ? "Menu du compte" : "Account menu" })).toBeVisible();
    await seedCart(page, [{ ...CLIPS, quantity: 1 }]);
    await page.goto(`${prefix}/store`);
    await page.getByRole("link", { name: prefix ? "Panier, 1 article" : "Cart, 1 item" }).click();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: prefix ? "Passer à la caisse" : "Checkout" })
      .click();
    await expect(page).toHaveURL(`${prefix}/store/checkout`);
    await page
      .getByRole("main")
      .getByRole("link", { name: prefix ? "Se connecter" : "Log in", exact: true })
      .click();
    await expect(page).toHaveURL(`${prefix}/login?redirectTo=${encodeURIComponent(`${prefix}/store/checkout`)}`);
    await page.getByLabel(prefix ? "Courriel" : "Email").fill(account.email);
    await page.getByLabel(prefix ? "Mot de passe" : "Password").fill(account.password);
    await page.getByRole("button", { name: prefix ? "Se connecter" : "Log in" }).click();
    await expect(page).toHaveURL(`${prefix}/store/checkout`);
    await expect(page.getByTestId("order-total")).toHaveText(prefix ? "14,99\u00a0$" : "$14.99");
  });
}
