import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { MailSink } from "./mail-sink";
import { CLIPS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, signUp } from "./support";

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
  for (const theme of ["light", "dark"] as const) {
    await checker.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    for (const prefix of ["", "/fr"]) {
      await axePage.goto(`${prefix}/admin/orders/${orderId}`);
      await axeClean(`${theme} ${prefix}`);
    }
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
    await admin.getByRole("form", { name: "Refund" }).getByRole("button", { name: "Refund" }).click();
    // 14.99 and the taxes of a pickup in Quebec (GST 0.75, QST 1.50).
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
