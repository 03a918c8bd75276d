import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { binaryStl, cube } from "../tests/support/mesh-fixtures";
import { mailSinkForThisFile } from "./mail-sink";
import { CLIPS, placeOrderFromCart, seedCart } from "./shop-support";
import { newAccount, signUp, untilHydrated } from "./support";

// Issue 36 items 3–5: a payment page that adds up (and fits a phone), the order awaiting payment
// in the shell, quotes that say when the minimum applies, "My custom prints", the system's theme.
test.describe.configure({ timeout: 150_000 });

const sink = mailSinkForThisFile();

async function verifiedBuyer(page: Page, prefix = "") {
  const account = await signUp(page, newAccount(), prefix);
  const mail = await sink.mailTo(account.email, "/api/auth/verify-email");
  await page.goto(mail.match(/http\S+\/api\/auth\/verify-email\S+/)![0]);
  await expect(page).toHaveURL(new RegExp(`${prefix}/verify\\?verified=1$`));
  return account;
}

async function noAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** In both themes, chosen as a visitor chooses them (the header's button). */
async function noAxeViolationsInBothThemes(page: Page, label: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.context().addCookies([{ name: "theme", value: theme, url: page.url() }]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await noAxeViolations(page, `${label} (${theme})`);
  }
}

/** Nothing is wider than the window: no sideways scrolling, and no table scrolled inside its box. */
async function fitsTheWidth(page: Page) {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    boxes: [...document.querySelectorAll("main *")]
      // (Screen-reader-only text is a clipped 1 px box by design.)
      .filter(
        (element) =>
          element.clientWidth > 1 &&
          element.scrollWidth > element.clientWidth + 1 &&
          getComputedStyle(element).overflowX !== "visible",
      )
      .map((element) => element.outerHTML.slice(0, 80)),
  }));
  expect(overflow).toEqual({ page: 0, boxes: [] });
}

const QUEBEC = {
  en: {
    name: "Full name",
    street: "Street address",
    city: "City",
    province: "Province or territory",
    postal: "Postal code",
  },
  fr: {
    name: "Nom complet",
    street: "Adresse",
    city: "Ville",
    province: "Province ou territoire",
    postal: "Code postal",
  },
};

/** A verified buyer's cart, shipped to Quebec, placed: the payment page. */
async function atPaymentShippingToQuebec(page: Page, prefix: "" | "/fr") {
  await verifiedBuyer(page, prefix);
  await seedCart(page, [{ id: CLIPS.id, quantity: 2 }]);
  await page.goto(`${prefix}/store/checkout`);
  await untilHydrated(page, "main");
  const words = QUEBEC[prefix ? "fr" : "en"];
  await page
    .getByRole("radio", { name: prefix ? "Livraison à une adresse au Canada" : "Delivery to an address in Canada" })
    .check();
  await page.getByLabel(words.name).fill("Marie Tremblay");
  await page.getByLabel(words.street, { exact: true }).fill("1234 rue Saint-Denis");
  await page.getByLabel(words.city).fill("Montréal");
  await page.getByLabel(words.province).selectOption("QC");
  await page.getByLabel(words.postal).fill("H2X 3K8");
  await expect(page.getByTestId("checkout-figures")).toContainText(prefix ? "TVQ" : "QST");
  await page.getByRole("button", { name: prefix ? "Passer la commande" : "Place order" }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/payment/FF-[0-9A-Z]+/\\d+$`));
  return page.url().split("/").at(-2)!;
}

/** The payment page's figures, as rows of "label amount" between the lines and the total. */
async function paymentFigures(page: Page): Promise<string[]> {
  const table = page.getByRole("table", { name: /Items|Articles/ });
  await expect(table.getByTestId("order-total")).toBeVisible();
  return (await table.locator("tfoot tr").allInnerTexts()).map((row) => row.replace(/\s+/g, " ").trim());
}

for (const prefix of ["", "/fr"] as const) {
  const french = prefix === "/fr";
  test(`the payment page shows shipping, GST and QST above the total, and fits 390 px (${prefix || "/en"})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const orderId = await atPaymentShippingToQuebec(page, prefix);
    const rows = await paymentFigures(page);
    const labels = rows.map((row) => row.replace(/\s[\d\s.,]+\s?\$?$|\s\$[\d.,]+$/, ""));
    expect(labels).toEqual(
      french
        ? ["Sous-total", "Livraison", "TPS (5 %)", "TVQ (9,975 %)", "Total"]
        : ["Subtotal", "Shipping", "GST (5%)", "QST (9.975%)", "Total"],
    );
    // It adds up: items, shipping and each tax make the total, the amount the page asks to pay.
    const cents = rows.map((row) =>
      Number(
        row
          .match(/\d[\d\s.,]*\d/g)!
          .at(-1)!
          .replace(/\D/g, ""),
      ),
    );
    const [items, shipping, gst, qst, total] = cents as [number, number, number, number, number];
    expect(items).toBe(2 * CLIPS.priceCents);
    expect(shipping).toBeGreaterThan(0);
    expect(items + shipping + gst + qst).toBe(total);
    expect(page.url()).toMatch(new RegExp(`/${total}$`));
    // The item's whole name, wrapped on a phone, and nothing wider than the screen.
    await expect(page.getByRole("rowheader", { name: CLIPS.name[french ? "fr" : "en"] })).toBeVisible();
    await fitsTheWidth(page);
    await noAxeViolationsInBothThemes(page, `${prefix}/payment`);

    // Elsewhere on the site, the shell says the cart's items now sit in an order awaiting payment.
    await page.goto(`${prefix}/store`);
    const banner = page.getByTestId("awaiting-payment");
    await expect(banner).toContainText(
      french ? `La commande ${orderId} attend son paiement` : `Order ${orderId} is awaiting payment`,
    );
    await noAxeViolationsInBothThemes(page, `${prefix}/store with an order awaiting payment`);
    await banner.getByRole("link", { name: french ? "Payer la commande" : "Pay for the order" }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/payment/${orderId}/\\d+$`));
    await expect(page.getByTestId("awaiting-payment")).toHaveCount(0);
  });
}

test("a pickup order's page says how the buyer will hear it is ready, in both languages", async ({ page }) => {
  const account = await verifiedBuyer(page);
  await seedCart(page, [{ id: CLIPS.id, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("pickup-notice")).toHaveText(
    `We will e-mail you at ${account.email} when your order is ready for pickup, and this page will say so too. Bring your order number.`,
  );
  await noAxeViolationsInBothThemes(page, "/orders/id");
  await page.goto(`/fr/orders/${orderId}`);
  await expect(page.getByTestId("pickup-notice")).toContainText(`Nous vous écrirons à ${account.email}`);
});

test("a small part says the minimum applies, goes to the cart, and is found again on /profile", async ({ page }) => {
  await signUp(page);
  await page.goto("/quote");
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "tiny-clip.stl", mimeType: "model/stl", buffer: Buffer.from(binaryStl(cube(20))) });
  const card = page.getByRole("article", { name: "tiny-clip.stl" });
  const exact = card.getByRole("region", { name: "Exact price" });
  await expect(exact).toBeVisible({ timeout: 30_000 });
  await expect(exact.getByText("A minimum of $10.00 per part applies.")).toBeVisible();
  await card.getByRole("button", { name: "Add to cart" }).click();
  await expect(card.getByText("tiny-clip.stl (custom print) was added to your cart.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  await expect(card.getByRole("link", { name: "View the cart" })).toHaveAttribute("href", "/cart");

  await page.goto("/cart");
  await expect(page.getByTestId("cart-line").filter({ hasText: "tiny-clip.stl" })).toContainText(
    "A minimum of $10.00 per part applies.",
  );

  await page.goto("/profile");
  const prints = page.getByRole("region", { name: "My custom prints" });
  const print = prints.getByTestId("custom-print").filter({ hasText: "tiny-clip.stl" });
  await expect(print).toContainText("Priced");
  await expect(print).toContainText("$10.00");
  await noAxeViolationsInBothThemes(page, "/profile");
  await print.getByRole("link", { name: "Open the quote for tiny-clip.stl" }).click();
  await expect(page).toHaveURL(/\/quote\?q=[0-9a-f-]{36}$/);
  // Another page later, the card still says where the part is.
  const again = page.getByRole("article", { name: "tiny-clip.stl" });
  await expect(again.getByText("In your cart.")).toBeVisible({ timeout: 30_000 });
  await expect(again.getByRole("link", { name: "View the cart" })).toBeVisible();

  await page.goto("/fr/profile");
  const enFrancais = page.getByRole("region", { name: "Mes impressions sur mesure" });
  await expect(enFrancais.getByTestId("custom-print").filter({ hasText: "tiny-clip.stl" })).toContainText("Prix donné");
  await page.goto("/fr/cart");
  await expect(page.getByTestId("cart-line").filter({ hasText: "tiny-clip.stl" })).toContainText(
    /Un minimum de 10,00\s\$ par pièce s’applique\./,
  );
});

test("a part too big for every printer shows no estimate and no price breaks", async ({ page }) => {
  await page.goto("/quote");
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "statue.stl", mimeType: "model/stl", buffer: Buffer.from(binaryStl(cube(300))) });
  const card = page.getByRole("article", { name: "statue.stl" });
  await expect(card.getByText("300 × 300 × 300 mm")).toBeVisible();
  await expect(card.getByRole("alert")).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole("region", { name: "Estimate" })).toHaveCount(0);
  await expect(card.getByRole("table", { name: "Price by quantity" })).toHaveCount(0);
  await expect(card.getByText(/\$\d/)).toHaveCount(0);
});

test.describe("with the system in dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("a page opened before any choice is dark, until the visitor chooses light", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    // --bg of the dark theme (app.css), from the first paint: the server's HTML already says so.
    expect(await background()).toBe("rgb(20, 22, 28)");
    const served = await (await page.request.get("/")).text();
    expect(served).toContain('data-theme="system"');
    await noAxeViolations(page, "/ (system dark)");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await background()).toBe("rgb(251, 248, 244)");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  });

  test("en français aussi, la page suit le système", async ({ page }) => {
    await page.goto("/fr/store");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      "rgb(20, 22, 28)",
    );
    await expect(page.getByRole("button", { name: /thème clair/ })).toBeVisible();
  });
});
