import { expect, test } from "./test";
import { KNIGHTS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { signUp } from "./support";

test.describe.configure({ timeout: 60_000 });

// Issue: Back from the card-authentication step made the order unpayable ("This order has expired")
// although its hold had 25 minutes left.
test("Back from the authentication step keeps the order payable: any card then pays it", async ({ page }) => {
  await signUp(page);
  await seedCart(page, [{ ...KNIGHTS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4000 0027 6000 3184");
  await expect(page.getByRole("heading", { name: "Test authentication" })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/payment/${orderId}/\\d+$`));
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();
  await expect(page.getByTestId("confirmation-order-id")).toHaveText(orderId);
});

test("a reload of the authentication step and a new visit to the payment page keep it payable too", async ({
  page,
}) => {
  await signUp(page);
  await seedCart(page, [{ ...KNIGHTS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  const paymentUrl = page.url();
  await payWithCard(page, "4000 0027 6000 3184");
  await expect(page.getByRole("heading", { name: "Test authentication" })).toBeVisible();
  await page.goto(paymentUrl);
  await expect(page.getByText("This order has expired")).toHaveCount(0);
  await payWithCard(page, "4000 0027 6000 3184");
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();
  await expect(page.getByTestId("confirmation-order-id")).toHaveText(orderId);
});
