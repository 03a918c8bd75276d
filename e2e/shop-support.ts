import { type Page } from "@playwright/test";
import { expect } from "./test";
import { MailSink } from "./mail-sink";

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

/** Forty on the shelf: journeys that only need something to buy take these, leaving the dragons and knights to the journeys that count them. */
export const CLIPS = {
  id: "item-cable-clips",
  slug: "cable-clip-set",
  name: { en: "Cable Clip Set", fr: "Attache-câbles, ensemble de six" },
  priceCents: 1499,
  stock: 40,
  isVisible: true,
  image: "/images/catalogue/cable-clips.svg",
};

/**
 * The guest journeys' purchase (issue 49): they pay for their orders, and the clips' forty are
 * counted on by journeys that run after them.
 */
export const COASTERS = { id: "item-maple-coasters" };

type Line = { id: string; quantity: number };

/**
 * Makes the cart of this browser (or of its signed-in buyer) hold exactly these lines, through the
 * same form posts as the store's "Add to cart" (the page's cookies go with them).
 */
export async function seedCart(page: Page, lines: Line[]) {
  if (page.url() === "about:blank") await page.goto("/links");
  expect((await page.request.post("/cart", { form: { intent: "clear" } })).ok()).toBe(true);
  for (const line of lines) {
    const response = await page.request.post("/cart", {
      form: { intent: "add", itemId: line.id, quantity: String(line.quantity) },
    });
    expect(response.ok(), `add ${line.id}`).toBe(true);
  }
}

/** The lines of the cart as the server renders the /cart page: "<item>: <quantity>". */
export async function cartLines(page: Page): Promise<string[]> {
  const html = await (await page.request.get("/cart")).text();
  return [...html.matchAll(/aria-label="Quantity of ([^"]+)"[^>]*value="(\d+)"/g)].map(
    (match) => `${match[1]}: ${match[2]}`,
  );
}

export async function payWithCard(page: Page, number: string, french = false) {
  await page.getByLabel(french ? "Numéro de carte" : "Card number").fill(number);
  await page.getByLabel(french ? "Expiration (MM / AA)" : "Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: french ? /Payer maintenant/ : /Pay Now/ }).click();
}

/**
 * Verifies the signed-in buyer's address as a person does: "send the link again" on /verify, then
 * the link from the e-mail, caught by a short-lived stand-in for the studio's mail server (specs
 * that run their own, like canada-accounts.spec.ts, open the sign-up link themselves).
 */
export async function verifyEmail(page: Page, prefix = "") {
  const sink = new MailSink();
  // The outbox may deliver other accounts' links to this sink too (sent while no server listened).
  const me = (await (await page.request.get("/api/me")).json()) as { user: { email: string } };
  const isOurs = (mail: string) => mail.includes("/api/auth/verify-email") && mail.includes(me.user.email);
  await sink.listen();
  try {
    await page.goto(`${prefix}/verify`);
    await page.getByRole("button", { name: prefix ? "Renvoyer le lien" : "Send the link again" }).click();
    await expect.poll(() => sink.received.some(isOurs), { timeout: 15_000 }).toBe(true);
  } finally {
    await sink.close();
  }
  const mail = sink.received.findLast(isOurs)!;
  await page.goto(mail.match(/http\S+\/api\/auth\/verify-email\S+/)![0]);
  await expect(page).toHaveURL(new RegExp(`${prefix}/verify\\?verified=1$`));
}

/**
 * From a seeded cart: checkout (the buyer's address verified first if it is not), pickup at the
 * studio, place the order, land on the payment page; returns the order id. The one place the
 * specs that go through checkout say how a test buyer gets there.
 */
export async function placeOrderFromCart(page: Page, prefix = ""): Promise<string> {
  await page.goto(`${prefix}/store/checkout`);
  const verifyFirst = page.getByRole("link", { name: prefix ? "Renvoyer le lien" : "Send the link again" });
  if (await verifyFirst.isVisible()) {
    await verifyEmail(page, prefix);
    await page.goto(`${prefix}/store/checkout`);
  }
  await page.getByRole("radio", { name: prefix ? /Retrait au studio/ : /Pickup at the studio/ }).check();
  await page.getByRole("button", { name: prefix ? "Passer la commande" : "Place order" }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/payment/FF-[0-9A-Z]+/\\d+$`));
  return page.url().split("/").at(-2)!;
}
