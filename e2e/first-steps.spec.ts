import { expect, test } from "./test";
import { E2E_ADMIN, E2E_FRESH_URL } from "../playwright.config";
import { CLIPS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, signUp, untilHydrated } from "./support";

// A fresh install of its own (playwright.config.ts): the owner's account and nothing else, no mail server.
test.use({ baseURL: E2E_FRESH_URL });
test.describe.configure({ timeout: 300_000 });

test("on a fresh install the owner works through the first steps to the end and the list is gone; an order placed before the tax numbers shows none, never a sample one", async ({
  page: owner,
  browser,
}) => {
  await logIn(owner, E2E_ADMIN.email, E2E_ADMIN.password);
  await owner.goto("/fr/admin");
  await expect(owner.getByRole("region", { name: "Avant de vendre" })).toContainText("0 sur 9 faites");
  await owner.goto("/admin");
  const list = owner.getByRole("region", { name: "Before you sell" });
  await expect(list).toContainText("0 of 9 done");
  const step = (title: string) =>
    list.getByRole("listitem").filter({ has: owner.getByRole("heading", { name: title }) });
  const done = async (title: string, count: number) => {
    await owner.goto("/admin");
    await expect(step(title)).toContainText("Done");
    await expect(list).toContainText(`${count} of 9 done`);
  };

  // The studio's identity, through the link of its step.
  await step("Your studio's name and contact details").getByRole("link", { name: "Edit the studio" }).click();
  const identity = owner.getByRole("form", { name: "The studio's identity and hours" });
  await identity.getByLabel("Studio name").fill("Atelier Lumen");
  await identity.getByLabel("Phone", { exact: true }).fill("+1 506 555 0199");
  await identity.getByLabel("Contact e-mail").fill("hello@lumen.test");
  await identity.getByRole("button", { name: "Save the studio's identity" }).click();
  await expect(owner.getByText("Saved.").first()).toBeVisible();
  await done("Your studio's name and contact details", 1);

  // Pickup and the legal name first; the tax numbers are not known yet.
  await step("Pickup address and hours").getByRole("link", { name: "Set pickup" }).click();
  const studio = owner.getByRole("form", { name: "The studio", exact: true });
  await studio.getByLabel("Legal name (on invoices)").fill("Atelier Lumen Inc.");
  await studio.getByLabel("Pickup address").fill("12 rue Main\nMoncton NB  E1C 1A1");
  await studio.getByLabel("Pickup hours (English)").fill("Weekdays 10 to 5");
  await studio.getByLabel("Pickup hours (French)").fill("En semaine de 10 h à 17 h");
  await studio.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Saved.").first()).toBeVisible();
  await done("Pickup address and hours", 2);
  await expect(step("Legal name and tax registration numbers")).toContainText("To do");

  // A buyer orders and pays before the numbers are set; the owner hands them the verification link
  // from the outbox (no mail server).
  const buyerContext = await browser.newContext({ baseURL: E2E_FRESH_URL });
  const buyer = await buyerContext.newPage();
  const account = await signUp(buyer);
  await owner.goto(`/admin/messages?to=${encodeURIComponent(account.email)}`);
  const mail = owner.getByRole("article", { name: "Verify your email address" }).first();
  await mail.getByText("Show the e-mail").click();
  await buyer.goto((await mail.getByRole("link", { name: /\/api\/auth\/verify-email\?token=/ }).getAttribute("href"))!);
  await expect(buyer).toHaveURL(/\/verify\?verified=1$/);
  await seedCart(buyer, [{ ...CLIPS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(buyer);
  await payWithCard(buyer, "4242 4242 4242 4242");
  await expect(buyer.getByTestId("confirmation-order-id")).toHaveText(orderId);

  const invoiceSays = async (prefix: string, none: string) => {
    await buyer.goto(`${prefix}/orders/${orderId}/invoice`);
    await expect(buyer.getByText(none)).toBeVisible();
    await expect(buyer.locator("body")).not.toContainText("RT0001");
    await expect(buyer.locator("body")).not.toContainText("TQ0001");
  };
  await invoiceSays("", "GST/HST registration: none");
  await invoiceSays("/fr", "Inscription TPS/TVH\u00a0: aucune");

  // Now the numbers.
  await owner.goto("/admin");
  await step("Legal name and tax registration numbers").getByRole("link", { name: "Enter them" }).click();
  await studio.getByLabel("GST/HST registration number").fill("873456789 RT0001");
  await studio.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Saved.").first()).toBeVisible();
  await done("Legal name and tax registration numbers", 3);

  // About and Services in the studio's own words.
  await step("About and Services pages").getByRole("link", { name: "Open Admin → About" }).click();
  for (const [path, kind, title] of [
    ["/admin/about", "Add a part of the story", "Heading"],
    ["/admin/services", "Add an offer", "Title"],
  ] as const) {
    await owner.goto(path);
    await owner.getByText("Remove the samples", { exact: true }).click();
    await owner.getByRole("button", { name: "Yes, remove the samples" }).click();
    await expect(owner.getByText(/sample sections? removed\./)).toBeVisible();
    const form = owner.getByRole("form", { name: kind });
    await form.getByRole("textbox", { name: `${title} (English)` }).fill("Lumen");
    await form.getByRole("textbox", { name: "Text (English, Markdown)" }).fill("Prints made in Moncton.");
    await form.getByRole("textbox", { name: `${title} (French)` }).fill("Lumen");
    await form.getByRole("textbox", { name: "Text (French, Markdown)" }).fill("Des impressions faites à Moncton.");
    await form.getByRole("checkbox", { name: "Published" }).check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(owner.getByText("Saved. The page shows it now.")).toBeVisible();
  }
  await done("About and Services pages", 4);

  // The samples, each removed in one confirmed action from the list itself.
  for (const [title, remove] of [
    ["Remove the sample catalogue", "Remove the sample catalogue"],
    ["Remove the sample projects", "Remove the sample projects"],
  ] as const) {
    await owner.goto("/admin");
    await untilHydrated(owner, "main");
    await step(title).getByRole("button", { name: remove }).click();
    await owner.getByRole("dialog").getByRole("button", { name: remove }).click();
    await expect(owner.getByRole("dialog")).toBeHidden();
  }
  await done("Remove the sample projects", 6);
  await expect(step("Remove the sample catalogue")).toContainText("Done");

  // No mail server and test payments: the owner says so.
  await untilHydrated(owner, "main");
  await step("Mail server").getByRole("button", { name: "Mark as done" }).click();
  await expect(list).toContainText("7 of 9 done");
  await step("Card payments").getByRole("button", { name: "Mark as done" }).click();
  await expect(list).toContainText("8 of 9 done");
  // A backup that works, taken from Admin → Backups through the step's link.
  await step("A backup that works").getByRole("link", { name: "Open Admin → Backups" }).click();
  await owner.getByRole("button", { name: "Back up now" }).click();
  await expect(owner.getByText("Backup written:")).toBeVisible();
  // The last step done, the list is gone, on this page and the next.
  await owner.goto("/admin");
  await expect(list).toHaveCount(0);
  await owner.goto("/admin");
  await expect(owner.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(owner.getByRole("region", { name: "Before you sell" })).toHaveCount(0);
  await owner.goto("/fr/admin");
  await expect(owner.getByRole("region", { name: "Avant de vendre" })).toHaveCount(0);
  await buyerContext.close();
});
