import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { CLIPS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, signUp } from "./support";

test.describe.configure({ timeout: 60_000 });

test("the dashboard shows the period's sales in a chart and as a table, and the new paid order waiting to be fulfilled", async ({
  page,
  browser,
}) => {
  await signUp(page);
  await seedCart(page, [{ ...CLIPS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();

  const admin = await browser.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const chart = admin.getByRole("img", { name: /^Sales and refunds from / });
  await expect(chart).toBeVisible();
  await expect(chart.locator("canvas")).toBeVisible();

  const waiting = admin.getByRole("region", { name: "Orders to fulfil" });
  await expect(waiting.getByRole("link", { name: orderId })).toBeVisible();
  await admin.getByText("The same figures as a table").click();
  await expect(admin.getByRole("table", { name: /^Sales and refunds from / })).toBeVisible();

  // A period by month, chosen in the form, stays in the address; a bad one is said on the page.
  await admin.getByLabel("Points").selectOption("month");
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin).toHaveURL(/bucket=month/);
  await admin.goto("/admin?from=2026-02-30");
  await expect(admin.getByRole("alert")).toContainText("Choose a period of days");

  await admin.goto("/fr/admin");
  await expect(admin.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
  await expect(admin.getByRole("img", { name: /^Ventes et remboursements du / })).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`the dashboard with its chart drawn has no axe violations and fits 360 px (${theme})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin");
    await expect(page.getByRole("img", { name: /^Sales and refunds from / }).locator("canvas")).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
