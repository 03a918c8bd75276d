import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { binaryStl, cube } from "../tests/support/mesh-fixtures";
import { payWithCard, verifyEmail } from "./shop-support";
import { logIn, signUp } from "./support";

// Slicing, signing up, paying and the admin's production queue: a long journey on a busy machine.
test.describe.configure({ timeout: 180_000 });

test("a custom part goes from its quote to the cart, is paid for, and the buyer sees it done", async ({
  page,
  browser,
}) => {
  await page.goto("/quote");
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "order-cube.stl", mimeType: "model/stl", buffer: Buffer.from(binaryStl(cube(20))) });
  const card = page.getByRole("article", { name: "order-cube.stl" });
  const exact = card.getByRole("region", { name: "Exact price" });
  await expect(exact).toBeVisible({ timeout: 60_000 });
  const total = (await exact
    .getByText(/^\$\d+\.\d\d$/)
    .last()
    .textContent())!;

  await card.getByRole("button", { name: "Add to cart" }).click();
  await expect(card.getByText("order-cube.stl (custom print) was added to your cart.")).toBeVisible();

  // Signing up brings the browser's quote and its cart line to the account.
  await signUp(page);
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: "order-cube.stl" });
  await expect(line.getByText(/^Custom print · /)).toBeVisible();
  await expect(line.getByText("Quantity: 1")).toBeVisible();
  await expect(line.locator("img")).toHaveAttribute("src", /\/api\/quotes\/[0-9a-f-]{36}\/thumbnail\.svg$/);
  await expect(page.getByTestId("cart-total")).toHaveText(total);

  await verifyEmail(page);
  await page.goto("/store/checkout");
  await expect(page.getByRole("rowheader", { name: /order-cube\.stl × 1/ })).toBeVisible();
  // Picked up at the studio (no saved address): the part's price with Quebec's GST and QST.
  const payable = (await page.getByTestId("checkout-total").textContent())!;
  expect(payable).not.toBe(total);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/payment\/FF-[0-9A-Z]+\/\d+$/);
  const orderId = page.url().split("/").at(-2)!;
  await expect(page.getByTestId("payment-amount")).toHaveText(payable);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();

  await page.goto(`/orders/${orderId}`);
  const part = page.getByTestId("custom-part").filter({ hasText: "order-cube.stl" });
  await expect(part.getByTestId("production-status")).toHaveText("Queued for printing");

  // The studio moves the part through its production queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(
    admin.getByTestId("custom-part").filter({ hasText: "order-cube.stl" }).getByTestId("production-status"),
  ).toHaveText("Queued for printing");
  await admin.goto("/admin/quotes");
  const row = admin.getByRole("row").filter({ hasText: orderId });
  for (const next of ["Printing", "Post-processing", "Done"]) {
    await row.getByRole("button", { name: `Move to ${next}` }).click();
    await expect(row.getByText(next, { exact: true })).toBeVisible();
  }
  await adminContext.close();

  await page.reload();
  await expect(part.getByTestId("production-status")).toHaveText("Done");
  await page.goto(`/fr/orders/${orderId}`);
  await expect(page.getByTestId("custom-part").getByTestId("production-status")).toHaveText("Terminée");
});

test("en français : une pièce chiffrée s’ajoute au panier", async ({ page }) => {
  await page.goto("/fr/quote");
  await page
    .getByLabel("Choisir des fichiers")
    .setInputFiles({ name: "cube-fr.stl", mimeType: "model/stl", buffer: Buffer.from(binaryStl(cube(20))) });
  const card = page.getByRole("article", { name: "cube-fr.stl" });
  await expect(card.getByRole("region", { name: "Prix exact" })).toBeVisible({ timeout: 60_000 });
  await card.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(card.getByText("cube-fr.stl (impression sur mesure) a été ajouté à votre panier.")).toBeVisible();
  await page.goto("/fr/cart");
  await expect(
    page
      .getByTestId("cart-line")
      .filter({ hasText: "cube-fr.stl" })
      .getByText(/^Impression sur mesure · /),
  ).toBeVisible();
});
