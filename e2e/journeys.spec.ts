import { readFile } from "node:fs/promises";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn, signUp, untilHydrated } from "./support";

test("a buyer downloads their data, then deletes their account with the site's dialog", async ({ page }) => {
  const account = await signUp(page);
  await page.goto("/profile");
  // The spec's profile screen shows every signed-in person their role badge.
  await expect(page.getByText("Role", { exact: true })).toBeVisible();
  await expect(page.getByText("Customer", { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.account).toMatchObject({ email: account.email, username: account.username });

  // The site's own dialog is the page's JavaScript (before it, the button posts its form).
  await untilHydrated(page, "main");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  // A wrong address is refused, and the account stays.
  await dialog.getByLabel("Your e-mail address").fill("someone-else@example.test");
  await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(page.getByRole("dialog", { name: "Delete your account?" }).getByRole("alert")).toHaveText(
    "Type the e-mail address of this account to confirm.",
  );
  await page
    .getByRole("dialog", { name: "Delete your account?" })
    .getByLabel("Your e-mail address")
    .fill(account.email);
  await page
    .getByRole("dialog", { name: "Delete your account?" })
    .getByRole("button", { name: "Delete my account permanently" })
    .click();

  await expect(page).toHaveURL(/\/login\?accountDeleted=1$/);
  await expect(page.getByRole("status")).toHaveText("Your account has been deleted.");
  await expect(page.getByRole("button", { name: "Log out" })).toHaveCount(0);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("a buyer deletes their account without JavaScript, confirming on the page", async ({ page, browser }) => {
  const account = await signUp(page);
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/fr/profile");
  await noScript.getByRole("button", { name: "Supprimer mon compte" }).click();
  const confirm = noScript.getByRole("region", { name: "Supprimer votre compte\u00a0?" });
  await confirm.getByLabel("Votre adresse courriel").fill("someone-else@example.test");
  await confirm.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
  await expect(
    noScript.getByRole("region", { name: "Supprimer votre compte\u00a0?" }).getByRole("alert"),
  ).toBeVisible();
  await noScript
    .getByRole("region", { name: "Supprimer votre compte\u00a0?" })
    .getByLabel("Votre adresse courriel")
    .fill(account.email);
  await noScript
    .getByRole("region", { name: "Supprimer votre compte\u00a0?" })
    .getByRole("button", { name: "Supprimer définitivement mon compte" })
    .click();
  await expect(noScript).toHaveURL(/\/fr\/login\?accountDeleted=1$/);
  await plain.close();
});

test("an admin sees their role on the profile", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/profile");
  await expect(page.getByText("Role")).toBeVisible();
  await expect(page.getByText("Administrator", { exact: true })).toBeVisible();
});

test("a project's dialog shows its title and details without scrolling on a 1280 × 800 screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/inspirations");
  await page
    .getByRole("link", { name: /^View project/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 2 })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByText("Client", { exact: true })).toBeInViewport({ ratio: 1 });
  const scrolled = await dialog.evaluate((element) => element.scrollTop);
  expect(scrolled).toBe(0);
});

test("the admin overview shows pending and paid orders and the outbox, with no hidden raw data", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: /Orders awaiting payment/ })).toHaveAttribute(
    "href",
    "/admin/orders?status=pending",
  );
  await expect(page.getByRole("link", { name: /Paid orders to fulfil/ })).toHaveAttribute(
    "href",
    "/admin/orders?status=paid",
  );
  const outbox = page.getByRole("region", { name: "Outgoing e-mail" });
  await expect(outbox).toContainText("A mail server is configured");
  await expect(page.locator("main").getByText(/"pendingOrders"/)).toHaveCount(0);
});

/** WCAG contrast of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = css
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number)
      .map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

for (const theme of ["light", "dark"] as const) {
  test(`the keyboard focus on an orange button stands out from the button and the page (${theme})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await page.goto("/contact");
    const button = page.getByRole("button", { name: "Send message" });
    await page.getByLabel("Send me the studio’s newsletter").focus();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    const colours = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        button: style.backgroundColor,
        outline: style.outlineColor,
        outlineWidth: style.outlineWidth,
        inner: style.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? "",
        page: getComputedStyle(document.documentElement).backgroundColor,
      };
    });
    expect(colours.outlineWidth).toBe("3px");
    // Next to the button, a ring of the page's colour; outside it, a ring that stands out from the page.
    expect(contrast(colours.inner, colours.button)).toBeGreaterThanOrEqual(3);
    expect(contrast(colours.outline, colours.page)).toBeGreaterThanOrEqual(3);
    expect(contrast(colours.outline, colours.inner)).toBeGreaterThanOrEqual(3);
  });
}

test("the store search forgives accents, typos and finds a category by its name, in both languages", async ({
  page,
}) => {
  await page.goto("/store?q=deco");
  await expect(page.getByRole("link", { name: "Spiral Twist Vase" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Moonlight Lithophane Lamp" })).toBeVisible();
  await page.goto("/fr/store?q=d%C3%A9co");
  await expect(page.getByRole("link", { name: "Vase spirale torsadé" })).toBeVisible();
  await page.goto("/store?q=dragn");
  await expect(page.getByRole("link", { name: "Ember Dragon Bust" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Articulated Crystal Dragon" })).toBeVisible();
  await page.goto("/fr/store?q=dragn");
  await expect(page.getByRole("link", { name: "Buste de dragon Braise" })).toBeVisible();
});
