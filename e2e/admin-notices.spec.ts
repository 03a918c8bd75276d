import AxeBuilder from "@axe-core/playwright";
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { CLIPS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, signUp } from "./support";

// The owner and a buyer, each in a browser of their own.
test.describe.configure({ timeout: 90_000 });

async function ownerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return page;
}

for (const prefix of ["", "/fr"]) {
  const fr = prefix === "/fr";
  const words = fr
    ? { nav: "Avis", markAll: "Tout marquer comme lu", unread: "Non lu", read: "Lu", paid: "Commande" }
    : { nav: "Notices", markAll: "Mark all as read", unread: "Unread", read: "Read", paid: "Order" };

  test(`a paid order shows in the admin's notices, counted in the menu, and is read once opened (${prefix || "/en"})`, async ({
    page,
    browser,
  }) => {
    const owner = await ownerPage(browser);
    await owner.goto(`${prefix}/admin/notices`);
    const menu = owner.getByRole("navigation", { name: fr ? "Sections de l’administration" : "Admin sections" });
    const markAll = owner.getByRole("button", { name: words.markAll });
    if (await markAll.isVisible()) await markAll.click();
    await expect(markAll).toBeHidden();
    await expect(menu.getByRole("link", { name: words.nav, exact: true })).toBeVisible();

    // A buyer pays an order.
    await signUp(page, undefined, prefix);
    await seedCart(page, [{ ...CLIPS, quantity: 1 }]);
    const orderId = await placeOrderFromCart(page, prefix);
    await payWithCard(page, "4242 4242 4242 4242", fr);
    await expect(page.getByTestId("confirmation-order-id")).toHaveText(orderId);

    // The owner sees it, with no e-mail needed: the menu counts it, the list shows it unread.
    await owner.goto(`${prefix}/admin/notices`);
    const counted = menu.getByRole("link", { name: new RegExp(`^${words.nav}\\s*\\d+\\s*${words.unread}$`) });
    await expect(counted).toBeVisible();
    const unreadBefore = Number((await counted.textContent())!.match(/\d+/)![0]);
    const row = owner.getByRole("row").filter({ hasText: orderId });
    await expect(row).toContainText(words.unread);
    const link = row.getByRole("link", { name: new RegExp(`^${words.paid} ${orderId} `) });

    // Opening it goes to the order and marks it read for this admin.
    await link.click();
    await expect(owner).toHaveURL(new RegExp(`${prefix}/admin/orders/${orderId}$`));
    await owner.goto(`${prefix}/admin/notices`);
    const readRow = owner.getByRole("row").filter({ hasText: orderId });
    await expect(readRow).toContainText(words.read);
    await expect(readRow).not.toContainText(words.unread);
    const { violations } = await new AxeBuilder({ page: owner }).analyze();
    expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    if (unreadBefore === 1) await expect(menu.getByRole("link", { name: words.nav, exact: true })).toBeVisible();
    else
      await expect(
        menu.getByRole("link", { name: new RegExp(`^${words.nav}\\s*${unreadBefore - 1}\\s*${words.unread}$`) }),
      ).toBeVisible();

    // At a phone's width, nothing is wider than the screen.
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.reload();
    await expect(owner.getByRole("link", { name: new RegExp(`^${words.paid} ${orderId} `) })).toBeVisible();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
