import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { CLIPS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, SCANNED_LOOKS, signUp, untilHydrated } from "./support";

// Every screen of the admin area and the account's profile, as the studio's staff see them.
const PAGES = [
  "/profile",
  "/admin",
  "/admin/inventory",
  "/admin/inventory/new",
  "/admin/inventory/item-dragon-bust",
  "/admin/categories",
  "/admin/orders",
  "/admin/messages",
  "/admin/staff",
  "/admin/materials",
  "/admin/quotes",
  "/admin/notices",
];

// A few pages per test, so that one test stays well within its time on a busy machine.
const GROUPS = [PAGES.slice(0, 4), PAGES.slice(4, 8), PAGES.slice(8)];

test.describe.configure({ timeout: 90_000 });

for (const { theme, prefix } of SCANNED_LOOKS) {
  for (const group of GROUPS) {
    test(`no axe violations on ${group.join(", ")} (${theme}, ${prefix || "/en"})`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      for (const path of group) {
        const response = await page.goto(prefix + path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.locator("html")).toHaveAttribute("lang", prefix ? "fr" : "en");
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${prefix + path}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
          [],
        );
      }
    });
  }
}

// Issue 35's new screens at a phone's width, in both themes and languages: the first steps on
// /admin, Admin → Notices, About and Services, and a refund's confirmation.
for (const { theme, prefix } of SCANNED_LOOKS)
  test(`the first steps, Notices, About, Services and a refund's confirmation: no axe violations, nothing wider than 390 px (${theme}, ${prefix || "/en"})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await signUp(page);
    await seedCart(page, [{ ...CLIPS, quantity: 1 }]);
    const orderId = await placeOrderFromCart(page);
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByTestId("confirmation-order-id")).toHaveText(orderId);

    const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const clean = async (label: string) => {
      const { violations } = await new AxeBuilder({ page: admin }).analyze();
      expect(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(390);
    };
    {
      await admin.context().addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      for (const path of ["/admin", "/admin/notices", "/admin/about", "/admin/services"]) {
        await admin.goto(prefix + path);
        await expect(admin.locator("html")).toHaveAttribute("data-theme", theme);
        if (path === "/admin")
          await expect(
            admin.getByRole("region", { name: prefix ? "Avant de vendre" : "Before you sell" }),
          ).toBeVisible();
        await clean(`${theme} ${prefix + path}`);
      }
      await admin.goto(`${prefix}/admin/orders/${orderId}`);
      await untilHydrated(admin, "main");
      const form = admin.getByRole("form", { name: prefix ? "Remboursement" : "Refund" });
      await form.getByLabel(prefix ? "Ou un montant, taxes comprises" : "Or an amount, taxes included").fill("1");
      await form.getByRole("button", { name: prefix ? "Rembourser" : "Refund" }).click();
      await expect(admin.getByRole("dialog")).toBeVisible();
      await clean(`${theme} ${prefix} refund confirmation`);
    }
  });
