import { devices } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { COASTERS, payWithCard, seedCart } from "./shop-support";
import { logIn } from "./support";
import { mailSinkForThisFile } from "./mail-sink";

// Issue 54: the studio asks a guest a question, the guest answers from the e-mail's link on a phone.
test.describe.configure({ timeout: 120_000 });
const sink = mailSinkForThisFile();

test("a guest gets the studio's question by e-mail, answers it on a phone, the studio reads it in Notices, and the guest approves the finished part", async ({
  page,
  browser,
}) => {
  // A guest buys.
  const email = `guest-${Date.now()}@example.test`;
  await seedCart(page, [{ id: COASTERS.id, quantity: 1 }]);
  await page.goto("/store/checkout");
  const details = page.getByRole("group", { name: "Your details" });
  await details.getByLabel("E-mail").fill(email);
  await details.getByLabel("Full name").fill("Camille Gagnon");
  await details.getByLabel("Phone").fill("514 555-0199");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/payment\//);
  await payWithCard(page, "4242 4242 4242 4242");
  await page.getByTestId("guest-order-link").getByRole("link", { name: "Open your order" }).click();
  await expect(page).toHaveURL(/\?key=/);
  const orderId = /\/orders\/([^/?]+)/.exec(page.url())![1]!;

  // The studio asks a question on the admin's page of the order; its writer's name shows there.
  const owner = await (await browser.newContext()).newPage();
  await logIn(owner, E2E_ADMIN.email, E2E_ADMIN.password);
  await owner.goto(`/admin/orders/${orderId}`);
  const studioSide = owner.getByRole("region", { name: "Messages" });
  await studioSide.getByLabel("Your message").fill("Would you like the coasters sealed? See https://example.com/seal");
  await studioSide.getByRole("button", { name: "Send", exact: true }).click();
  await expect(studioSide.getByTestId("conversation-message")).toContainText(["The studio (Owner)"]);

  // The guest gets it by e-mail, with the words and a button back to the conversation.
  const mail = await sink.mailTo(email, `wrote to you about order ${orderId}`);
  expect(mail).toContain("Would you like the coasters sealed?");
  const link = /http:\/\/localhost:\d+\/orders\/[^\s"<>]+#conversation/.exec(mail)![0].replaceAll("&amp;", "&");

  // On a phone, in a browser that never saw the order, the link opens it and the answer goes back.
  const phone = await (await browser.newContext({ ...devices["Pixel 7"] })).newPage();
  await phone.goto(link);
  const buyerSide = phone.getByRole("region", { name: "Messages" });
  await expect(buyerSide.getByTestId("conversation-message")).toContainText(["The studio"]);
  await expect(buyerSide.getByRole("link", { name: "https://example.com/seal" })).toBeVisible();
  await expect(buyerSide).not.toContainText("Owner");
  await buyerSide.getByLabel("Your message").fill("Yes please, sealed.");
  await buyerSide.getByRole("button", { name: "Send", exact: true }).click();
  await expect(buyerSide.getByRole("status")).toHaveText("Message sent.");
  await expect(buyerSide.getByTestId("conversation-message").last()).toContainText("You");
  await expect(buyerSide.getByTestId("conversation-message").last()).toContainText("Yes please, sealed.");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phone.viewportSize()!.width,
  );

  // The studio sees the answer in Notices, and on the order.
  await owner.goto("/admin/notices");
  const row = owner.getByRole("row").filter({ hasText: `The buyer wrote on order ${orderId}` });
  await expect(row).toBeVisible();
  await owner.goto(`/admin/orders/${orderId}`);
  await expect(studioSide.getByTestId("conversation-message").last()).toContainText("Yes please, sealed.");
  await expect(studioSide.getByTestId("conversation-message").last()).toContainText("The buyer");

  // The studio shows the finished part and asks for approval; the buyer approves in one click.
  await studioSide.getByLabel("Your message").fill("Here they are: https://example.com/coasters.jpg");
  await studioSide.getByRole("button", { name: "Send and ask for approval" }).click();
  await expect(studioSide).toContainText("Waiting for the buyer's approval of the finished part.");
  await phone.reload();
  await expect(buyerSide).toContainText("The studio asks you to approve the finished part.");
  await buyerSide.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(buyerSide.getByText("Thank you: your approval is recorded.")).toBeVisible();
  await phone.reload();
  await expect(buyerSide.getByTestId("conversation-message").last()).toContainText("Approved the finished part");
  await expect(buyerSide).not.toContainText("The studio asks you to approve the finished part.");
  await owner.reload();
  await expect(owner.locator("main")).toContainText("The buyer approved the finished part");
  await expect(studioSide).not.toContainText("Waiting for the buyer's approval");
});
