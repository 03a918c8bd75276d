import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { MailSink } from "./mail-sink";
import { CLIPS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, signUp, untilHydrated } from "./support";

// Whole journeys through several pages on a shared, busy machine: more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test("the admin sees a paid order, its details and history, and marks it fulfilled", async ({ page, browser }) => {
  const buyer = await signUp(page);
  await seedCart(page, [{ ...CLIPS, quantity: 2 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();

  const admin = await browser.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto("/admin");
  await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Orders" }).click();
  await expect(admin.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await admin.getByLabel("Status").selectOption("paid");
  await admin.getByLabel("Search").fill(buyer.email);
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(/status=paid/);
  await expect(admin.getByRole("rowheader")).toHaveCount(1);
  await admin.getByRole("link", { name: orderId }).click();

  await expect(admin.getByRole("heading", { name: `Order ${orderId}` })).toBeVisible();
  await expect(admin.getByText(buyer.email)).toBeVisible();
  await expect(admin.getByText(/^pi_sbx_/).first()).toBeVisible();
  await expect(admin.getByRole("rowheader", { name: CLIPS.name.en })).toBeVisible();
  await expect(admin.getByText("Payment received")).toBeVisible();

  // Picked up at the studio (the test helper's choice): ready for pickup, then picked up.
  await admin.getByRole("button", { name: "Ready for pickup" }).click();
  await expect(admin.getByRole("button", { name: "Ready for pickup" })).toHaveCount(0);
  // Handed over, the buyer is thanked by e-mail, at the address of the order.
  const sink = new MailSink();
  await sink.listen();
  try {
    await admin.getByRole("button", { name: "Mark as picked up" }).click();
    await expect(admin.getByRole("button", { name: "Mark as picked up" })).toHaveCount(0);
    await expect(admin.getByText(/by Owner/).last()).toBeVisible();
    const mail = await sink.mailTo(buyer.email, `You picked up your order ${orderId}.`);
    expect(mail).toContain(`Hello ${buyer.username},`);
  } finally {
    await sink.close();
  }

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Fulfilled");
});

test("the admin cancels a paid order: refunded and back in stock", async ({ page, browser }) => {
  await signUp(page);
  await seedCart(page, [{ ...CLIPS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();

  const admin = await browser.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto(`/fr/admin/orders/${orderId}`);
  // The site's own dialog is the page's JavaScript (before it, the button posts its form).
  await untilHydrated(admin, "main");
  await admin.getByRole("button", { name: "Annuler la commande" }).click();
  const dialog = admin.getByRole("dialog", { name: "Annuler la commande" });
  await expect(dialog).toContainText("remboursé");
  await expect(dialog).toContainText(/Rembourser \d+,\d\d\u00a0\$, taxes comprises\./);
  await expect(dialog).toContainText("L’argent retourne sur la carte se terminant par 4242.");
  await expect(dialog).toContainText("Les articles encore à l’atelier retournent en stock.");
  await dialog.getByRole("button", { name: "Oui, annuler la commande" }).click();
  await expect(admin.getByRole("status")).toHaveText("La commande a été mise à jour.");
  await expect(admin.getByText("Annulée et remboursée\u00a0; articles remis en stock")).toBeVisible();
  await expect(admin.getByText("refunded", { exact: true })).toBeVisible();
});
