import { expect, test } from "./test";
import { untilHydrated } from "./support";

test("the header and footer carry the spec's links, in English", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const name of ["Home", "Services", "Inspirations", "Store", "About", "Contact"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Quick links" }).first()).toHaveAttribute("href", "/links");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  await expect(footer.getByText("Monday to Friday, 9 a.m. to 6 p.m.")).toBeVisible();
  await expect(footer.getByRole("link", { name: "Instagram" })).toBeVisible();
  await expect(page.getByTestId("particles").first()).toHaveAttribute("data-count", "15");
});

test("the theme toggle switches and survives a reload", async ({ page }) => {
  await page.goto("/");
  // No choice yet: the page follows the system, light in this browser.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  // The page shows the choice at once, before the server has kept it: reload once it has.
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  await saved;
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const html = await (await page.request.get("/")).text();
  expect(html).toContain('data-theme="dark"');
});

test("the language toggle goes to the same page in French and is remembered", async ({ page }) => {
  await page.goto("/login");
  // The choice is remembered by the page's script (a cookie); before it runs the link still goes to French.
  await untilHydrated(page);
  await page.getByRole("link", { name: "Afficher cette page en français" }).click();
  await expect(page).toHaveURL("/fr/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Boutique" }),
  ).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL("/fr");
  await page.reload();
  await expect(page).toHaveURL("/fr");
  await untilHydrated(page);
  await page.getByRole("link", { name: "View this page in English" }).click();
  await expect(page).toHaveURL("/");
  await page.reload();
  await expect(page).toHaveURL("/");
});

test("the account menu opens by button and closes on outside click and Escape", async ({ page }) => {
  await page.goto("/");
  await untilHydrated(page);
  const menu = page.getByRole("button", { name: "Account menu" });
  await menu.click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await page.locator("h1").click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeHidden();
  await menu.click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Sign up" })).toBeHidden();
  await menu.click();
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL("/signup");
});

test("quick links hide the header and footer", async ({ page }) => {
  await page.goto("/links");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Store" })).toHaveAttribute("href", "/store");
});

test("an unknown page answers 404 in its language", async ({ page }) => {
  const en = await page.goto("/no-such-page");
  expect(en?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  const fr = await page.goto("/fr/aucune-page");
  expect(fr?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
});

test("a page shown again to an anonymous visitor has a fresh nonce and its scripts run", async ({ page, request }) => {
  const nonces: (string | undefined)[] = [];
  for (let visit = 0; visit < 2; visit++) {
    const response = await request.get("/about", { headers: { "accept-encoding": "gzip" } });
    const headerNonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    const html = await response.text();
    expect(headerNonce).toBeTruthy();
    expect(new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))).toEqual(new Set([headerNonce]));
    nonces.push(headerNonce);
  }
  expect(nonces[1]).not.toBe(nonces[0]);

  const blocked: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) blocked.push(message.text());
  });
  for (let visit = 0; visit < 2; visit++) {
    await page.goto("/about");
    // The menu opens by the page's scripts: that they ran under the fresh nonce is what is shown.
    await untilHydrated(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  }
  expect(blocked).toEqual([]);
});
