import { expect, type Page } from "@playwright/test";

/** Sample catalogue items (server/catalogue/sample-data.ts). */
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

type Line = { id: string; quantity: number };

/**
 * Makes the cart of this browser (or of its signed-in buyer) hold exactly these lines, through the
 * same form posts as the store's "Add to cart" (the page's cookies go with them).
 */
export async function seedCart(page: Page, lines: Line[]) {
  if (page.url() === "about:blank") await page.goto("/links");
  expect((await page.request.post("/cart", { form: { intent: "clear" } })).ok()).toBe(true);
  for (const line of lines) {
    const response = await page.request.post("/cart", { form: { intent: "add", itemId: line.id, quantity: String(line.quantity) } });
    expect(response.ok(), `add ${line.id}`).toBe(true);
  }
}

/** The lines of the cart as the server renders the /cart page: "<item>: <quantity>". */
export async function cartLines(page: Page): Promise<string[]> {
  const html = await (await page.request.get("/cart")).text();
  return [...html.matchAll(/aria-label="Quantity of ([^"]+)"[^>]*value="(\d+)"/g)].map((match) => `${match[1]}: ${match[2]}`);
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
