import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { MailSink } from "./mail-sink";
import { CLIPS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, SCANNED_LOOKS, signUp, untilHydrated } from "./support";

test.describe.configure({ timeout: 240_000 });

test("the admin refunds one unit of a paid order without JavaScript; the buyer sees it on the order page and gets the e-mail", async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = await signUp(page);
  await seedCart(page, [{ ...CLIPS, quantity: 2 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();

  // The order screen with its refund form, checked by axe in both themes and languages.
  const checker = await browser.newContext();
  const axePage = await checker.newPage();
  await logIn(axePage, E2E_ADMIN.email, E2E_ADMIN.password);
  const axeClean = async (label: string) => {
    const { violations } = await new AxeBuilder({ page: axePage }).analyze();
    expect(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  };
  for (const { theme, prefix } of SCANNED_LOOKS) {
    await checker.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await axePage.goto(`${prefix}/admin/orders/${orderId}`);
    await axeClean(`${theme} ${prefix}`);
  }

  // The form is a plain post: the admin's browser here runs no script at all.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const admin = await context.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);

  await admin.goto(`/admin/orders/${orderId}`);
  const form = admin.getByRole("form", { name: "Refund" });
  await expect(form.getByText("2 of 2 left to refund")).toBeVisible();
  // A mistake is answered by the server beside its field.
  await form.getByLabel(`Units of ${CLIPS.name.en} to refund`).fill("1");
  await form.getByLabel("Or an amount, taxes included").fill("5");
  await form.getByRole("button", { name: "Refund" }).click();
  const both = "Refund either units and shipping, or an amount, not both.";
  await expect(admin.getByRole("alert")).toHaveText(both);
  await expect(admin.getByLabel("Or an amount, taxes included")).toHaveAccessibleDescription(
    new RegExp(`^${both.replace(/\./g, "\\.")}`),
  );

  const sink = new MailSink();
  await sink.listen();
  try {
    await admin.getByLabel(`Units of ${CLIPS.name.en} to refund`).fill("1");
    await admin.getByLabel("Reason (optional)").fill("One clip arrived cracked");
    await admin.getByLabel("Put the refunded units back on the shelf").check();
    await admin.getByRole("form", { name: "Refund" }).getByRole("button", { name: "Refund" }).click();
    // Nothing moves yet: the server asks first, with the amount (14.99 and the taxes of a pickup in
    // Quebec, GST 0.75 and QST 1.50), the card and the stock.
    const confirm = admin.getByRole("dialog", { name: "Confirm the refund" });
    await expect(confirm).toContainText("Refund $17.24, taxes included.");
    await expect(confirm).toContainText("The money goes back to the card ending in 4242.");
    await expect(confirm).toContainText("The refunded units go back on the shelf.");
    await confirm.getByRole("button", { name: "Don't refund" }).click();
    await expect(confirm).toBeHidden();
    await admin.goto(`/admin/orders/${orderId}`);
    await expect(admin.getByText("2 of 2 left to refund")).toBeVisible();
    await expect(admin.getByTestId("refunds")).toHaveCount(0);

    await admin.getByLabel(`Units of ${CLIPS.name.en} to refund`).fill("1");
    await admin.getByLabel("Reason (optional)").fill("One clip arrived cracked");
    await admin.getByRole("form", { name: "Refund" }).getByRole("button", { name: "Refund" }).click();
    await expect(confirm).toContainText("Stock does not change.");
    await confirm.getByRole("button", { name: "Yes, refund $17.24" }).click();
    await expect(admin.getByRole("status")).toHaveText("$17.24 was refunded.");
    await expect(admin.getByTestId("refunds")).toContainText("1 × Cable Clip Set");
    await expect(admin.getByTestId("refunds")).toContainText("One clip arrived cracked");
    await expect(admin.getByText("1 of 2 left to refund")).toBeVisible();
    await axePage.goto(`/admin/orders/${orderId}`);
    await axeClean("after the refund");

    const mail = await sink.mailTo(buyer.email, `a refund on order ${orderId}`);
    expect(mail).toContain("We refunded $17.24");
    expect(mail).toMatch(/1 × Cable Clip Set\s+\$14\.99/);
    expect(mail).toMatch(/GST \(5%\)\s+\$0\.75/);
    expect(mail).toMatch(/QST \(9\.975%\)\s+\$1\.50/);
  } finally {
    await sink.close();
  }

  await page.goto(`/orders/${orderId}`);
  const refunds = page.getByTestId("refunds");
  await expect(refunds.getByRole("heading", { name: "Refunds" })).toBeVisible();
  await expect(refunds).toContainText("1 × Cable Clip Set");
  await expect(refunds).toContainText("$17.24");
  await expect(refunds).not.toContainText("One clip arrived cracked");
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await context.close();
  await checker.close();
});

test("in French with JavaScript, a refund asks first: the admin says no and nothing moves, then yes and it is refunded", async ({
  page,
  browser,
}) => {
  await signUp(page);
  await seedCart(page, [{ ...CLIPS, quantity: 2 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();

  const admin = await browser.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto(`/fr/admin/orders/${orderId}`);
  await untilHydrated(admin, "main");
  const form = admin.getByRole("form", { name: "Remboursement" });
  await form.getByLabel("Ou un montant, taxes comprises").fill("5");
  await form.getByRole("button", { name: "Rembourser" }).click();
  const confirm = admin.getByRole("dialog", { name: "Confirmer le remboursement" });
  await expect(confirm).toContainText("Rembourser 5,00\u00a0$, taxes comprises.");
  await expect(confirm).toContainText("L’argent retourne sur la carte se terminant par 4242.");
  await expect(confirm).toContainText("Le stock ne change pas.");
  await confirm.getByRole("button", { name: "Ne pas rembourser" }).click();
  await expect(confirm).toBeHidden();
  await admin.reload();
  await expect(admin.getByTestId("refunds")).toHaveCount(0);

  await untilHydrated(admin, "main");
  await form.getByLabel("Ou un montant, taxes comprises").fill("5");
  await form.getByRole("button", { name: "Rembourser" }).click();
  await confirm.getByRole("button", { name: "Oui, rembourser 5,00\u00a0$" }).click();
  await expect(admin.getByRole("status")).toHaveText("5,00\u00a0$ a été remboursé.");
  await expect(admin.getByTestId("refunds")).toContainText("5,00\u00a0$");
});
