import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { untilHydrated } from "./support";

// Sample catalogue: the moose has 3 in stock, the kitsune mask is sold out, the bookends are hidden.
const MOOSE = { slug: "low-poly-moose", en: "Low-Poly Moose", fr: "Orignal à facettes", stock: 3 };

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const grid = (page: Page) => page.getByRole("main").getByRole("list").first();

test("search and category filter are reflected in the address and can be shared", async ({ page }) => {
  await page.goto("/store");
  await expect(page.getByRole("heading", { name: "Store", level: 1 })).toBeVisible();
  // Other suites may add items to the shared database: count what the API says is visible.
  const { total } = (await (await page.request.get("/api/catalogue/items")).json()) as { total: number };
  expect(total).toBeGreaterThanOrEqual(21);
  await expect(page.getByTestId("result-count")).toHaveText(`${total} items`);

  await page.getByLabel("Search the store").fill("DRAGON");
  await page.getByLabel("Search the store").press("Enter");
  await expect(page).toHaveURL("/store?q=DRAGON");
  await expect(page.getByTestId("result-count")).toHaveText("2 items for “DRAGON”");
  await expect(grid(page).getByRole("link", { name: "Ember Dragon Bust" })).toBeVisible();

  await page.getByLabel("Category").selectOption({ label: "Cosplay Props & Armour" });
  await expect(page).toHaveURL("/store?q=DRAGON&category=cosplay-props-armour");
  await expect(page.getByText("No item matches your search")).toBeVisible();

  await page.getByLabel("Search the store").fill("");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/store?category=cosplay-props-armour");
  await expect(page.getByTestId("result-count")).toHaveText("5 items");

  // The shared address shows the same results, with the filters filled in.
  await page.goto("/store?q=deco&category=home-decor");
  await expect(page.getByLabel("Search the store")).toHaveValue("deco");
  await expect(page.getByLabel("Category")).toHaveValue("home-decor");
  await untilHydrated(page, "main");
  await page.getByLabel("Category").selectOption({ label: "All categories" });
  await expect(page).toHaveURL("/store?q=deco");
  // Hidden items are never listed.
  await page.goto("/store?q=bookends");
  await expect(page.getByTestId("result-count")).toHaveText("No items for “bookends”");
});

test("search as you type: one request once typing pauses, the address replaced, the field keeps focus", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/about");
  await page.goto("/store");
  await page.waitForLoadState("networkidle");
  const searches: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/store.data") searches.push(request.url());
  });
  // The page's clock stands still while the keys are typed: however slow the machine, no pause happens.
  await page.clock.pauseAt(Date.now() + 60_000);
  const field = page.getByLabel("Search the store");
  await field.pressSequentially("dragon");
  await page.clock.runFor(250);
  expect(searches).toEqual([]);
  await page.clock.resume();
  await expect(page).toHaveURL("/store?q=dragon");
  await expect(page.getByTestId("result-count")).toHaveText("2 items for “dragon”");
  await expect(grid(page).getByRole("link", { name: "Ember Dragon Bust" })).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("dragon");
  expect(searches).toHaveLength(1);
  // The typed search replaced the store's address in the history instead of adding to it.
  await page.goBack();
  await expect(page).toHaveURL("/about");
});

test("without JavaScript, Enter in the search field submits the form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/store");
  await page.getByLabel("Search the store").fill("dragon");
  await page.getByLabel("Search the store").press("Enter");
  await expect(page).toHaveURL(/\/store\?q=dragon/);
  await expect(page.getByTestId("result-count")).toHaveText("2 items for “dragon”");
  await context.close();
});

test("an item opens as a dialog with its own address, and as its own page", async ({ page }) => {
  await page.goto("/store");
  // The dialog over the grid is the page's JavaScript (before it, the link opens the item's page).
  await untilHydrated(page, "main");
  const link = grid(page).getByRole("link", { name: "Ember Dragon Bust" });
  await link.click();
  const dialog = page.getByRole("dialog", { name: "Ember Dragon Bust" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL("/store?item=ember-dragon-bust");
  await expect(dialog.getByText("$89.00")).toBeVisible();
  await dialog.getByRole("button", { name: "Show picture 2 of 3" }).click();
  await expect(dialog.getByRole("img", { name: "Ember Dragon Bust, picture 2" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/store");
  await expect(link).toBeFocused();

  // The dialog's address opens it directly.
  await page.goto("/store?item=raider-helm");
  await expect(page.getByRole("dialog", { name: "Raider Helm" })).toBeVisible();
  await page.getByRole("button", { name: "Close item details" }).click();
  await expect(page).toHaveURL("/store");

  const response = await page.goto("/store/ember-dragon-bust");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Ember Dragon Bust · Store · Forge & Filament");
  await expect(page.getByRole("heading", { level: 1, name: "Ember Dragon Bust" })).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/images\/catalogue\/dragon-bust\.svg$/,
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "Product",
    name: "Ember Dragon Bust",
    offers: { price: "89.00", priceCurrency: "CAD", availability: "https://schema.org/InStock" },
  });
  // Rendered on the server: the page source already holds it.
  const html = await (await page.request.get("/store/ember-dragon-bust")).text();
  expect(html).toContain('"@type":"Product"');
  expect(html).toContain("<h1");
});

test("add to cart within the stock, with the spec's messages, and the cart survives a reload", async ({ page }) => {
  await page.goto(`/store/${MOOSE.slug}`);
  await expect(page.getByText(`Only ${MOOSE.stock} left`)).toBeVisible();
  const quantity = page.getByLabel("Quantity", { exact: true });
  await quantity.fill("0");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").getByText("Invalid quantity")).toBeVisible();
  await quantity.fill("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(`Added 2 × ${MOOSE.en} to your cart.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  // More than is left: what is left is added, and the page says so (the drawer and /cart follow the same rule).
  await quantity.fill("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(
    page.getByRole("status").getByText(`Added 1 × ${MOOSE.en}: Maximum available stock reached`),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").getByText("Maximum available stock reached", { exact: true })).toBeVisible();

  await page.reload();
  await page.getByRole("link", { name: "Cart, 3 items" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: MOOSE.en })).toBeVisible();
  await expect(drawer.getByTestId("cart-total")).toHaveText("$74.97");
  // At the stock limit "+" cannot be pressed.
  await expect(drawer.getByRole("button", { name: `Increase the quantity of ${MOOSE.en}` })).toBeDisabled();
  const lineQuantity = drawer.getByRole("spinbutton", { name: `Quantity of ${MOOSE.en}` });
  await lineQuantity.fill("10");
  await expect(drawer.getByText(`Maximum available stock reached: the quantity of ${MOOSE.en} is 3.`)).toBeVisible();
  await expect(lineQuantity).toHaveValue("3");
  await lineQuantity.fill("1");
  await expect(drawer.getByTestId("cart-total")).toHaveText("$24.99");
  await expect(drawer.getByRole("button", { name: `Increase the quantity of ${MOOSE.en}` })).toBeEnabled();
  await drawer.getByRole("button", { name: `Increase the quantity of ${MOOSE.en}` }).click();
  await expect(drawer.getByTestId("cart-total")).toHaveText("$49.98");
  await lineQuantity.fill("0");
  await drawer.getByRole("button", { name: `Update the quantity of ${MOOSE.en}` }).click();
  await expect(drawer.getByText("Invalid quantity")).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/store/checkout");
  await expect(
    drawer.getByText("The checkout adds shipping (or free pickup at the studio) and the sales taxes of your province"),
  ).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  await page.getByRole("link", { name: "Cart, 2 items" }).click();
  await drawer.getByRole("button", { name: `Remove ${MOOSE.en}` }).click();
  await expect(drawer.getByText("Your cart is empty.")).toBeVisible();
  // Removing the line took its error away.
  await expect(drawer.getByText("Invalid quantity")).toHaveCount(0);
});

test("a cart kept in this browser by the old store moves to the server once", async ({ page }) => {
  await page.goto("/store");
  // A cart saved by the localStorage store: more moose than are left, and a hidden item.
  await page.evaluate(() => {
    const line = (id: string, quantity: number) => ({
      id,
      slug: id,
      name: { en: id, fr: id },
      priceCents: 1,
      stock: 99,
      isVisible: true,
      image: "",
      quantity,
    });
    localStorage.setItem(
      "studio-cart",
      JSON.stringify({
        lines: [line("item-cable-clips", 1), line("item-low-poly-moose", 5), line("item-mountain-bookends", 1)],
      }),
    );
  });
  await page.reload();
  await expect(page.getByRole("link", { name: "Cart, 4 items" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("studio-cart"))).toBeNull();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart", level: 1 })).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("$89.96");
  await expect(page.getByRole("link", { name: "Mountain Range Bookends" })).toHaveCount(0);
  // The server renders the cart: a reload shows it without any script.
  const html = await (await page.request.get("/cart")).text();
  expect(html).toContain("$89.96");
  await page.getByRole("button", { name: "Clear cart" }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, empty" })).toBeVisible();
});

test("an out-of-stock item cannot be added", async ({ page }) => {
  await page.goto("/store?q=kitsune");
  await expect(grid(page).locator('[data-stock="outOfStock"]')).toHaveText("Out of stock");
  await expect(grid(page).getByRole("button", { name: "Out of stock: Kitsune Mask" })).toBeDisabled();
  await page.goto("/store/kitsune-mask");
  // The item's page says so plainly: no quantity box, no button that does nothing.
  await expect(page.getByRole("main").getByText("Out of stock", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  await expect(page.getByLabel("Quantity", { exact: true })).toHaveCount(0);
});

test("the French store shows French words and fr-CA prices", async ({ page }) => {
  await page.goto("/fr/store?q=orignal");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: "Boutique", level: 1 })).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText("1 article pour «\u00a0orignal\u00a0»");
  const card = grid(page).getByRole("listitem").first();
  await expect(card.getByRole("link", { name: MOOSE.fr })).toBeVisible();
  await expect(card.getByText("24,99\u00a0$")).toBeVisible();
  await expect(card.getByText("Plus que 3 en stock")).toBeVisible();
  await card.getByRole("button", { name: `Ajouter au panier\u00a0: ${MOOSE.fr}` }).click();
  await expect(page.getByText(`1 × ${MOOSE.fr} ajouté au panier.`)).toBeVisible();
  await page.getByRole("link", { name: "Panier, 1 article" }).click();
  const drawer = page.getByRole("dialog", { name: "Votre panier" });
  await expect(drawer.getByTestId("cart-total")).toHaveText("24,99\u00a0$");
  const more = drawer.getByRole("button", { name: `Augmenter la quantité d’${MOOSE.fr}` });
  await more.click();
  await expect(drawer.getByTestId("cart-total")).toHaveText("49,98\u00a0$");
  await more.click();
  await expect(drawer.getByTestId("cart-total")).toHaveText("74,97\u00a0$");
  await expect(more).toBeDisabled();
  await drawer.getByRole("spinbutton", { name: `Quantité d’${MOOSE.fr}` }).fill("9");
  await expect(drawer.getByText("Stock maximal disponible atteint")).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Passer à la caisse" })).toHaveAttribute("href", "/fr/store/checkout");

  const response = await page.goto(`/fr/store/${MOOSE.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${MOOSE.fr} · Boutique · Forge & Filament`);
  await expect(page.getByTestId("item-price")).toHaveText("24,99\u00a0$");
});

test("a hidden item's address is not found, in both languages", async ({ page }) => {
  for (const [path, heading] of [
    ["/store/mountain-range-bookends", "Item not found"],
    ["/fr/store/mountain-range-bookends", "Article introuvable"],
    ["/store/no-such-item", "Item not found"],
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByText("Mountain Range Bookends")).toHaveCount(0);
  }
  const api = await page.request.get("/api/catalogue/items/by-ids?ids=item-mountain-bookends");
  expect(await api.json()).toEqual({ items: [{ id: "item-mountain-bookends", available: false }] });
});

test("the store and an item page have no accessibility violations, in both languages", async ({ page }) => {
  test.slow(); // axe takes a few seconds per page on a busy machine
  for (const path of ["/store", "/fr/store", "/store/ember-dragon-bust", "/fr/store/ember-dragon-bust"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("the item dialog, the cart drawer and the dark theme have no accessibility violations", async ({ page }) => {
  test.slow(); // axe takes a few seconds per page on a busy machine
  await page.goto("/store?item=ember-dragon-bust");
  await expect(page.getByRole("dialog", { name: "Ember Dragon Bust" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/fr/store");
  await grid(page)
    .getByRole("button", { name: `Ajouter au panier\u00a0: ${MOOSE.fr}` })
    .click();
  await page.getByRole("link", { name: "Panier, 1 article" }).click();
  await expect(page.getByRole("dialog", { name: "Votre panier" })).toBeVisible();
  await expectNoAxeViolations(page);

  // And in the dark theme.
  await page.goto("/store");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expectNoAxeViolations(page);
  await page.goto("/store/low-poly-moose");
  await expectNoAxeViolations(page);
});
