import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { mailSinkForThisFile } from "./mail-sink";
import { CLIPS, payWithCard, seedCart } from "./shop-support";
import { newAccount, signUp, untilHydrated } from "./support";

// Issue 37: the e-mails that reach the mail server are HTML with a text twin, in the studio's name.
test.describe.configure({ timeout: 120_000 });

const sink = mailSinkForThisFile();

type Part = { type: string; body: string };

/** The parts of a multipart message (the sink has already undone quoted-printable). */
function mimeParts(mail: string): { contentType: string; parts: Part[] } {
  const [head] = mail.split(/\r?\n\r?\n/, 1);
  const contentType = /^Content-Type: ([^;\r\n]+)/im.exec(head!)![1]!;
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail)![1]!;
  const parts = mail
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const at = chunk.search(/\r?\n\r?\n/);
      const headers = chunk.slice(0, at);
      let body = chunk.slice(at).trim();
      if (/Content-Transfer-Encoding: base64/i.test(headers))
        body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      return { type: /Content-Type: ([^;\r\n]+)/i.exec(headers)![1]!, body };
    });
  return { contentType, parts };
}

const part = (mail: string, type: string) => mimeParts(mail).parts.find((p) => p.type === type)!.body;
const htmlText = (html: string) => html.replace(/&amp;/g, "&").replace(/&#x27;/g, "'");

async function verifiedBuyer(page: Page) {
  const account = await signUp(page, newAccount());
  const mail = await sink.mailTo(account.email, "/api/auth/verify-email");
  await page.goto(part(mail, "text/plain").match(/http\S+\/api\/auth\/verify-email\S+/)![0]);
  await expect(page).toHaveURL(/\/verify\?verified=1$/);
  return account;
}

test("a buyer pays: the receipt is HTML and text, from the studio, with every line, shipping, tax and the total", async ({
  page,
}) => {
  const account = await verifiedBuyer(page);
  await seedCart(page, [{ id: CLIPS.id, quantity: 2 }]);
  await page.goto("/store/checkout");
  await untilHydrated(page, "main");
  await page.getByRole("radio", { name: "Delivery to an address in Canada" }).check();
  await page.getByLabel("Full name").fill("Marie Tremblay");
  await page.getByLabel("Street address", { exact: true }).fill("1234 rue Saint-Denis");
  await page.getByLabel("City").fill("Montréal");
  await page.getByLabel("Province or territory").selectOption("QC");
  await page.getByLabel("Postal code").fill("h2x 3k8");
  const figures = page.getByTestId("checkout-figures");
  await expect(figures).toContainText("QST (9.975%)");
  // The figures follow each field: wait for the ones of the whole address (its shipping priced).
  const shipping = figures.locator("dt", { hasText: "Shipping" }).locator("xpath=following-sibling::dd[1]");
  await expect(shipping).toHaveText(/^\$(?!0\.00)\d/);
  // What the checkout showed, label and amount: the receipt says the same.
  const labels = await figures.locator("dt").allInnerTexts();
  const amounts = await figures.locator("dd").allInnerTexts();
  // The receipt's words for the checkout's "Items" and "Total".
  const receiptLabel: Record<string, string> = { Items: "Subtotal", Total: "Total paid" };
  const shown = labels.map(
    (label, index) => [receiptLabel[label.trim()] ?? label.trim(), amounts[index]!.trim()] as const,
  );
  expect(shown.map(([label]) => label)).toEqual(["Subtotal", "Shipping", "GST (5%)", "QST (9.975%)", "Total paid"]);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/payment\/FF-[0-9A-Z]+\/\d+$/);
  const orderId = page.url().split("/").at(-2)!;
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank you, your payment went through" })).toBeVisible();

  const receipt = await sink.mailTo(account.email, `receipt for order ${orderId}`);
  expect(mimeParts(receipt).contentType).toBe("multipart/alternative");
  expect(receipt).toMatch(/^From: "?Forge & Filament"? <no-reply@localhost>/m);
  expect(receipt).toMatch(/^Reply-To: \S+@\S+/m);
  const text = part(receipt, "text/plain");
  const html = part(receipt, "text/html");
  expect(html).toContain('lang="en"');
  const unit = CLIPS.priceCents / 100;
  const line = `2 × ${CLIPS.name.en} ($${unit.toFixed(2)})`;
  const lineTotal = `$${(unit * 2).toFixed(2)}`;
  for (const body of [text, htmlText(html)]) {
    expect(body).toContain(`Order: ${orderId}`);
    expect(body).toContain(line);
    expect(body).toContain(lineTotal);
    expect(body).toContain("Marie Tremblay");
    for (const [label, amount] of shown) {
      expect(body).toContain(label);
      if (amount.startsWith("$")) expect(body).toContain(amount);
    }
  }
  // In the text part, each label stands on the line of its amount.
  for (const [label, amount] of shown.filter(([, amount]) => amount.startsWith("$")))
    expect(text).toMatch(new RegExp(`${label.replace(/[()]/g, "\\$&")}\\s+\\${amount}`));
});

test("un acheteur qui s’inscrit en français reçoit son lien de vérification en HTML français", async ({ page }) => {
  const account = await signUp(page, newAccount(), "/fr");
  const mail = await sink.mailTo(account.email, "/api/auth/verify-email");
  expect(mimeParts(mail).contentType).toBe("multipart/alternative");
  const html = part(mail, "text/html");
  expect(html).toContain('<html dir="ltr" lang="fr">');
  expect(html).toContain("Vérifier mon adresse");
  expect(html).toMatch(/href="http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^"]+"/);
  expect(part(mail, "text/plain")).toContain(`Bonjour ${account.username},`);
});
