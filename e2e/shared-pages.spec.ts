import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { CLIPS, placeOrderFromCart, seedCart } from "./shop-support";
import { signUp, untilHydrated } from "./support";

/**
 * Decision 060: /store is rendered once for everybody and each person's header and cart are
 * spliced in. The signed-in header is right without JavaScript, and with it the page hydrates
 * without a mismatch.
 */

/** Console errors and page errors, React's hydration warnings among them. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("a signed-in buyer's header and cart count on the shared /store, with and without JavaScript", async ({
  page,
  browser,
}) => {
  const account = await signUp(page);
  await seedCart(page, [{ id: CLIPS.id, quantity: 3 }]);

  const errors = errorsOf(page);
  for (const path of ["/store", "/fr/store", "/about", `/store/${CLIPS.slug}`]) {
    const french = path.startsWith("/fr");
    await page.goto(path);
    await untilHydrated(page);
    await expect(page.getByRole("button", { name: french ? "Se déconnecter" : "Log out" })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("3");
    // The personal data came with the page: the drawer opens on the buyer's cart with no request.
    if (path === "/store") {
      await page.getByTestId("cart-count").click();
      await expect(page.getByRole("dialog").getByRole("link", { name: CLIPS.name.en })).toBeVisible();
      await page.keyboard.press("Escape");
    }
  }
  // A client-side navigation keeps the spliced account and cart (the root's data is not asked again).
  await page.goto("/store");
  await untilHydrated(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  expect(errors).toEqual([]);

  // Without JavaScript, the same cookies: the server's HTML alone shows the account and the cart.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto("/store");
  await expect(plain.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(plain.getByRole("link", { name: "My profile" })).toBeVisible();
  await expect(plain.getByTestId("cart-count")).toHaveText("3");
  await expect(plain.locator("template[data-personal]")).toHaveCount(0);
  await expect(plain.locator("script#personal-data")).toHaveCount(1);
  expect(await plain.content()).toContain(account.email);
  await noScript.close();

  // Logging out from the shared page: the anonymous header at once, and on the next page.
  await page.goto("/store");
  await untilHydrated(page);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await page.goto("/store");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  expect(errors).toEqual([]);
});

test("the buyer's own cart, checkout, order and profile pages: the frame shared, their content theirs, hydrated without a mismatch", async ({
  page,
}) => {
  await signUp(page);
  await seedCart(page, [{ id: CLIPS.id, quantity: 2 }]);
  const errors = errorsOf(page);
  for (const path of ["/cart", "/fr/cart"]) {
    await page.goto(path);
    await untilHydrated(page, "main");
    // Spliced, not rendered whole: the person's data came in the page, beside the shared frame.
    expect(await page.locator("script#personal-data").textContent()).toContain(CLIPS.id);
    const name = path.startsWith("/fr") ? CLIPS.name.fr : CLIPS.name.en;
    await expect(page.getByRole("main").getByRole("link", { name })).toBeVisible();
  }
  for (const path of ["/fr/store/checkout", "/store/checkout"]) {
    await page.goto(path);
    await untilHydrated(page, "main");
    expect(await page.locator("script#personal-data").textContent()).toContain(`"figures":{`);
  }
  const orderId = await placeOrderFromCart(page);
  for (const path of [`/orders/${orderId}`, `/fr/orders/${orderId}`]) {
    await page.goto(path);
    await untilHydrated(page, "main");
    expect(await page.locator("script#personal-data").textContent()).toContain(`"page":{`);
    await expect(page.getByTestId("order-status")).toHaveText(
      path.startsWith("/fr") ? "En attente de paiement" : "Awaiting payment",
    );
  }
  for (const path of ["/fr/profile", "/profile"]) {
    await page.goto(path);
    await untilHydrated(page, "main");
    expect(await page.locator("script#personal-data").textContent()).toContain(`"orders":[{`);
    await expect(page.getByRole("main").getByRole("link", { name: orderId })).toBeVisible();
  }
  // The spliced profile's forms work once hydrated: the address saved shows without a reload.
  const form = page.locator("#address-form");
  await form.getByLabel("Full name").fill("Marie Tremblay");
  await form.getByLabel("Street address").fill("1234 rue Saint-Denis");
  await form.getByLabel("City").fill("Montréal");
  await form.getByLabel("Province or territory").selectOption("QC");
  await form.getByLabel("Postal code").fill("h2x3k8");
  await form.getByRole("button", { name: "Save the address" }).click();
  await expect(page.getByRole("status")).toHaveText("Address saved.");
  await expect(page.locator("address").first()).toContainText("Montréal QC  H2X 3K8");
  // From the profile, a navigation asks for the order's own data: the order, not the page's spliced one.
  await page.getByRole("link", { name: orderId }).click();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(orderId);
  expect(errors).toEqual([]);
});
