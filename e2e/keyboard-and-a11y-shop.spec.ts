import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { DRAGON, payWithCard, placeOrderFromCart, seedCart, verifyEmail } from "./shop-support";
import { signUp, untilHydrated } from "./support";

test.describe.configure({ timeout: 90_000 });

/** Presses Tab until the focused element's accessible name matches, as a keyboard user would. */
async function tabTo(page: Page, name: RegExp, key: "Tab" | "Shift+Tab" = "Tab", limit = 120) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const focused = await page.evaluate(() => {
      const el = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
      if (!el) return "";
      return (el.getAttribute("aria-label") ?? el.labels?.[0]?.innerText ?? el.innerText ?? "").trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`no focusable element named ${name} within ${limit} tabs`);
}

async function expectNoViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("keyboard only: add to cart, open the cart, check out and pay", async ({ page }) => {
  await signUp(page);
  await verifyEmail(page);
  await page.goto("/store?q=dragon");
  // The cart opens as a drawer, and the item is added in place, once the page's JavaScript runs.
  await untilHydrated(page, "main");
  await tabTo(page, /^Add to cart: Ember Dragon Bust$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

  await tabTo(page, /Cart, 1 item$/, "Shift+Tab");
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  await tabTo(page, /^Increase the quantity of Ember Dragon Bust$/);
  await page.keyboard.press("Enter");
  await expect(drawer.getByLabel("Quantity of Ember Dragon Bust", { exact: true })).toHaveValue("2");
  await tabTo(page, /^Checkout$/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/store/checkout");

  await tabTo(page, /^Place order$/);
  await page.keyboard.press("Enter");
  // Pickup at the studio (offered first to a buyer with no saved address): GST and QST.
  await expect(page).toHaveURL(/\/payment\/FF-[0-9A-Z]+\/20466$/);
  await tabTo(page, /^Card number$/);
  await page.keyboard.type("4242 4242 4242 4242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12 / 34");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await tabTo(page, /Pay Now/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`checkout, payment, confirmation and order pages have no axe violations (${theme})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await signUp(page);
    await seedCart(page, [{ ...DRAGON, quantity: 1 }]);
    await page.goto("/store/checkout");
    await expectNoViolations(page, "checkout");
    await page.goto("/fr/store/checkout");
    await expectNoViolations(page, "fr checkout");
    const orderId = await placeOrderFromCart(page);
    await expectNoViolations(page, "payment");
    await payWithCard(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expectNoViolations(page, "payment declined");
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();
    await expectNoViolations(page, "confirmation");
    await page.goto(`/orders/${orderId}`);
    await expectNoViolations(page, "order");
    await page.goto(`/fr/orders/${orderId}`);
    await expectNoViolations(page, "fr order");
    await page.goto("/profile");
    await expectNoViolations(page, "profile with orders");
  });
}
