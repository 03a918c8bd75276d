import { type Browser } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { mailSinkForThisFile } from "./mail-sink";
import { logIn, untilHydrated } from "./support";

// The first journey logs the admin in twice around the visitor's form: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

const sink = mailSinkForThisFile();

/** The messages the studio has not read yet, as the admin area counts them from the database. */
async function unreadMessages(browser: Browser): Promise<number> {
  const admin = await browser.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  const response = await admin.request.get("/api/admin/overview");
  expect(response.status()).toBe(200);
  const { unreadMessages } = (await response.json()) as { unreadMessages: number };
  await admin.close();
  return unreadMessages;
}

test("the contact form checks its fields, sends the message to the studio and resets", async ({ page, browser }) => {
  const before = await unreadMessages(browser);
  await page.goto("/contact");
  // Moving the focus to the first wrong field is the form's JavaScript (the form without it has its own journey).
  await untilHydrated(page, "main");
  const form = page.getByRole("region", { name: "Send us a message" });
  // Express consent (Canada's anti-spam law): the box starts unticked.
  await expect(form.getByLabel("Send me the studio’s newsletter")).not.toBeChecked();

  // Nothing filled in: the four required fields say so, and the focus goes to the first one.
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("This field is required.")).toHaveCount(4);
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Phone (optional)")).not.toHaveAttribute("aria-invalid", "true");

  await form.getByRole("textbox", { name: "Name", exact: true }).fill("Élodie Roy");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("elodie.roy@example");
  await form.getByRole("combobox", { name: "Project type", exact: true }).selectOption({ label: "Cosplay" });
  await form
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("A Samus helmet for Otakuthon, painted, with a visor that lights up.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Email", exact: true })).toBeFocused();

  await form.getByRole("textbox", { name: "Email", exact: true }).fill("elodie.roy@example.test");
  await form.getByLabel("Phone (optional)").fill("438 555 0123");
  await form.getByLabel("Send me the studio’s newsletter").check();
  await form.getByRole("button", { name: "Send message" }).click();

  // The result is announced, focused and in view (not under the sticky header).
  const result = form.getByRole("status");
  await expect(result).toContainText("Message sent! Thank you. We will get back to you within 24 hours.");
  // No copy goes to an address typed in a form: the message is shown, to keep or print.
  await expect(result).toContainText("We do not e-mail a copy to an address typed in a form.");
  await expect(result.getByRole("figure")).toContainText("A Samus helmet for Otakuthon, painted");
  await expect(result.getByRole("button", { name: "Print this page" })).toBeVisible();
  await expect(result).toBeFocused();
  await expect(result).toBeInViewport({ ratio: 1 });
  const headerBottom = await page
    .locator("header")
    .first()
    .evaluate((header) => header.getBoundingClientRect().bottom);
  expect((await result.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
  await expect(form.getByText("This field is required.")).toHaveCount(0);
  // Reset: empty fields, the newsletter back to unticked.
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
  await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("");
  await expect(form.getByRole("combobox", { name: "Project type", exact: true })).toHaveValue("");
  await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  await expect(form.getByLabel("Send me the studio’s newsletter")).not.toBeChecked();

  // Stored: the admin area counts one more unread message.
  expect(await unreadMessages(browser)).toBe(before + 1);
  // Delivered: the studio's mail server got it, with the visitor as the reply address.
  await expect.poll(() => sink.received.some((mail) => mail.includes("Reply-To: elodie.roy@example.test"))).toBe(true);
  const mail = sink.received.find((m) => m.includes("Reply-To: elodie.roy@example.test"))!;
  expect(mail).toContain("A Samus helmet for Otakuthon");
  expect(mail).toContain("Newsletter: yes");
});

test("the form says 'Failed to submit form' when the server cannot take the message", async ({ page }) => {
  await page.goto("/fr/contact");
  // A proxy's error page instead of the action's answer.
  await page.route("**/fr/contact.data**", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 503, contentType: "text/html", body: "<h1>Service unavailable</h1>" })
      : route.fallback(),
  );
  const form = page.getByRole("region", { name: "Envoyez-nous un message" });
  await form.getByRole("textbox", { name: "Nom", exact: true }).fill("Marc-André Côté");
  await form.getByRole("textbox", { name: "Courriel", exact: true }).fill("marc@example.test");
  await form.getByRole("combobox", { name: "Type de projet", exact: true }).selectOption({ label: "Déco" });
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Une lampe pour mon salon.");
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(form.getByRole("alert")).toHaveText("Échec de l’envoi du formulaire");
  // Nothing is lost: what was typed is still there to send again.
  await expect(form.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Marc-André Côté");
  await expect(form.getByRole("button", { name: "Envoyer le message" })).toBeEnabled();
});

test("without JavaScript the form posts to the page and gets the same checks and answer", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  const form = page.getByRole("region", { name: "Send us a message" });
  await form.getByRole("textbox", { name: "Name", exact: true }).fill("No Script");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("This field is required.")).toHaveCount(3);
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("No Script");

  await form.getByRole("textbox", { name: "Email", exact: true }).fill("noscript@example.test");
  await form.getByRole("combobox", { name: "Project type", exact: true }).selectOption("other");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Do you print in wood-filled PLA?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toContainText("Message sent!");
  await context.close();
});
