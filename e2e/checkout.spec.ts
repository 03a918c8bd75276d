import { expect, test } from "./test";
import { cartLines, CLIPS, DRAGON, KNIGHTS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { newAccount, signUp, untilHydrated } from "./support";

// Whole journeys through several pages on a shared, busy machine: more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test("a buyer checks out, pays with the success card and finds the order (English)", async ({ page }) => {
  await signUp(page);
  await seedCart(page, [
    { ...DRAGON, quantity: 1 },
    { ...KNIGHTS, quantity: 2 },
  ]);
  await page.goto("/store/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /Ember Dragon Bust/ })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$158.98");

  // Picked up at the studio in Quebec: GST and QST on the goods, no shipping.
  const orderId = await placeOrderFromCart(page);
  await expect(page).toHaveURL(/\/payment\/FF-[0-9A-Z]+\/18279$/);
  await expect(page.getByTestId("payment-order-id")).toHaveText(orderId);
  await expect(page.getByTestId("payment-amount")).toHaveText("$182.79");
  await expect(page.getByText("Test mode", { exact: true })).toBeVisible();

  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/payment\/confirmation\?payment_intent=pi_sbx_\w+&payment_intent_client_secret=/);
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();
  await expect(page.getByTestId("confirmation-order-id")).toHaveText(orderId);
  await expect(page.getByTestId("confirmation-amount")).toHaveText("$182.79");
  // The paid units left the cart.
  expect(await cartLines(page)).toEqual([]);

  // A reload verifies again without charging or changing anything.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();

  await page.getByRole("link", { name: "View Order" }).click();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(page.getByRole("heading", { name: `Order ${orderId}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByRole("rowheader", { name: "Northern Knights Miniature Set" })).toBeVisible();

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "My orders" })).toBeVisible();
  await expect(page.getByRole("link", { name: orderId })).toBeVisible();
  await page.goto("/payment/confirmation");
  await expect(page.getByRole("alert")).toHaveText("Missing payment information");
});

test("le parcours complet en français, du panier à la commande", async ({ page }) => {
  await signUp(page, newAccount(), "/fr");
  await seedCart(page, [{ ...CLIPS, quantity: 1 }]);
  await page.goto("/fr/store/checkout");
  await expect(page.getByRole("heading", { name: "Passer la commande", level: 1 })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: CLIPS.name.fr })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("14,99\u00a0$");
  const orderId = await placeOrderFromCart(page, "/fr");
  await expect(page.getByText("Mode test", { exact: true })).toBeVisible();
  // Picked up in Quebec: 14,99 $ + TPS 0,75 $ + TVQ 1,50 $.
  await expect(page.getByTestId("payment-amount")).toHaveText("17,24\u00a0$");
  await payWithCard(page, "4242 4242 4242 4242", true);
  await expect(page).toHaveURL(/\/fr\/payment\/confirmation\?/);
  await expect(page.getByRole("heading", { name: "Merci, votre paiement a été accepté" })).toBeVisible();
  await expect(page.getByTestId("confirmation-amount")).toHaveText("17,24\u00a0$");
  await page.getByRole("link", { name: "Voir la commande" }).click();
  await expect(page).toHaveURL(`/fr/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Payée");
  await page.goto("/fr/profile");
  await expect(page.getByRole("heading", { name: "Mes commandes" })).toBeVisible();
  await expect(page.getByRole("link", { name: orderId })).toBeVisible();
});

test("a declined card shows why, and a retry on the same order succeeds", async ({ page }) => {
  await signUp(page);
  await seedCart(page, [{ ...KNIGHTS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toContainText("Your card was declined.");
  await expect(page).toHaveURL(new RegExp(`/payment/${orderId}/4023$`));
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();
  await expect(page.getByTestId("confirmation-order-id")).toHaveText(orderId);
});

test("a card asking for authentication goes through the test step", async ({ page }) => {
  await signUp(page);
  await seedCart(page, [{ ...KNIGHTS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4000 0027 6000 3184");
  await expect(page.getByRole("heading", { name: "Test authentication" })).toBeVisible();
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await expect(page.getByRole("alert")).toContainText("unable to authenticate");
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${orderId}/4023$`));
  await payWithCard(page, "4000 0027 6000 3184");
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();
});

test("an anonymous checkout is sent to log in and comes back", async ({ page }) => {
  const account = await signUp(page);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await seedCart(page, [{ ...DRAGON, quantity: 2 }]);
  await page.goto("/store/checkout");
  // No account needed to check out; the guest's details offer to log in instead.
  await page.getByRole("main").getByRole("link", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fstore%2Fcheckout/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/store/checkout");
  await expect(page.getByTestId("order-total")).toHaveText("$178.00");
});

test("an empty cart gets a clear message and a way to the store; others' orders are not found", async ({
  page,
  browser,
}) => {
  await signUp(page);
  await seedCart(page, []);
  await page.goto("/store/checkout");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the store" })).toHaveAttribute("href", "/store");

  await seedCart(page, [{ ...KNIGHTS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  const other = await browser.newPage();
  await signUp(other);
  const payment = await other.goto(`/payment/${orderId}/4023`);
  expect(payment?.status()).toBe(404);
  const order = await other.goto(`/orders/${orderId}`);
  expect(order?.status()).toBe(404);
  await other.goto("/payment/FF-X/not-a-number");
  await expect(other.getByRole("alert")).toHaveText("Missing order information");
});

test("back from the payment page, placing the order again resumes it: the stock is held once", async ({ page }) => {
  await signUp(page);
  await seedCart(page, [{ ...KNIGHTS, quantity: 2 }]);
  const stockBefore = await knightsStock(page);
  const first = await placeOrderFromCart(page);
  expect(await knightsStock(page)).toBe(stockBefore - 2);
  await page.goBack();
  await expect(page).toHaveURL("/store/checkout");
  await expect(page.getByTestId("order-total")).toHaveText("$69.98");
  const second = await placeOrderFromCart(page);
  expect(second).toBe(first);
  expect(await knightsStock(page)).toBe(stockBefore - 2);

  // A changed cart replaces the unpaid order: the first one's hold is released.
  await seedCart(page, [{ ...KNIGHTS, quantity: 1 }]);
  const third = await placeOrderFromCart(page);
  expect(third).not.toBe(first);
  expect(await knightsStock(page)).toBe(stockBefore - 1);
  await page.goto(`/orders/${first}`);
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
});

async function knightsStock(page: import("@playwright/test").Page): Promise<number> {
  const body = (await (await page.request.get(`/api/catalogue/items/by-ids?ids=${KNIGHTS.id}`)).json()) as {
    items: { stock: number }[];
  };
  return body.items[0]!.stock;
}

test("the buyer cancels an unpaid order through the site's own dialog, and can change their mind", async ({ page }) => {
  await signUp(page);
  await seedCart(page, [{ ...DRAGON, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  await expect(page.getByTestId("payment-order-id")).toHaveText(orderId);
  page.on("dialog", () => {
    throw new Error("the browser's own confirm() was used");
  });
  // The site's own dialog is the page's JavaScript (before it, the button posts its form).
  await untilHydrated(page, "main");
  await page.getByRole("button", { name: "Cancel this order" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this order and release its items?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Keep my order" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Cancel this order" }).click();
  await dialog.getByRole("button", { name: "Cancel this order" }).click();
  await expect(page.getByRole("status").filter({ hasText: /cancelled/i })).toBeVisible();
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
});
