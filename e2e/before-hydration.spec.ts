import { expect, test } from "./test";
import { DRAGON } from "./shop-support";
import { holdScripts, hydrated, untilHydrated } from "./support";

// Decision 062: a page loads its JavaScript after the window's `load` event. Until it has run, the
// page is the server's HTML, and a click on it must do what the HTML says, not be lost.

test("a form submitted before the page has hydrated is posted, and the page hydrates once its scripts arrive", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  // The page loads (pictures and all) while its scripts are held: they do not delay `load`...
  await page.goto(`/store/${DRAGON.slug}`);
  // ...and are asked for once it has fired.
  await expect.poll(() => scripts.requested).toBeGreaterThan(0);
  expect(await hydrated(page, "main")).toBe(false);

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL("/cart");
  await expect(page.getByText(`Added 1 × ${DRAGON.name.en} to your cart.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  expect(await hydrated(page, "main")).toBe(false);

  scripts.release();
  await untilHydrated(page, "main");
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

test("a link followed before the page has hydrated navigates", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/");
  await expect.poll(() => scripts.requested).toBeGreaterThan(0);
  expect(await hydrated(page, "header")).toBe(false);

  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Store" }).click();
  await expect(page).toHaveURL("/store");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await hydrated(page, "header")).toBe(false);

  scripts.release();
  await untilHydrated(page);
  // Once hydrated, a link is followed by the router (a client-side navigation, the same document).
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Inspirations" }).click();
  await expect(page).toHaveURL("/inspirations");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
