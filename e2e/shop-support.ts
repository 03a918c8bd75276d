import { expect, type Page } from "@playwright/test";

/** Sample catalogue items (server/catalogue/sample-data.ts) as the cart stores them. */
export const DRAGON = {
  id: "item-dragon-bust",
  slug: "ember-dragon-bust",
  name: { en: "Ember Dragon Bust", fr: "Buste de dragon Braise" },
  priceCents: 8900,
  stock: 12,
  isVisible: true,
  image: "/images/catalogue/dragon-bust.svg",
};
export const KNIGHTS = {
  id: "item-knight-miniatures",
  slug: "northern-knights-miniature-set",
  name: { en: "Northern Knights Miniature Set", fr: "Escouade des chevaliers du Nord" },
  priceCents: 3499,
  stock: 24,
  isVisible: true,
  image: "/images/catalogue/knight-miniatures.svg",
};

type Line = typeof DRAGON & { quantity: number };

/** Puts lines in the browser's cart (localStorage `studio-cart`), as the store's drawer would. */
export async function seedCart(page: Page, lines: Line[]) {
  if (page.url() === "about:blank") await page.goto("/links");
  await page.evaluate((cart) => window.localStorage.setItem("studio-cart", JSON.stringify(cart)), { lines });
}

export async function cartLines(page: Page): Promise<unknown[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("studio-cart") ?? '{"lines":[]}').lines);
}

export async function payWithCard(page: Page, number: string, french = false) {
  await page.getByLabel(french ? "Numéro de carte" : "Card number").fill(number);
  await page.getByLabel(french ? "Expiration (MM / AA)" : "Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: french ? /Payer maintenant/ : /Pay Now/ }).click();
}

/** From a seeded cart: checkout, place the order, land on the payment page; returns the order id. */
export async function placeOrderFromCart(page: Page, prefix = ""): Promise<string> {
  await page.goto(`${prefix}/store/checkout`);
  await page.getByRole("button", { name: prefix ? "Passer la commande" : "Place order" }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/payment/FF-[0-9A-Z]+/\\d+$`));
  return page.url().split("/").at(-2)!;
}
