import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import sharp from "sharp";
import { E2E_ADMIN } from "../playwright.config";
import { logIn, SCANNED_LOOKS, untilHydrated } from "./support";

// The owner's portfolio: a project added in both languages with an uploaded picture, featured on the
// home page; an unpublished one nowhere to be seen. The sample projects stay as they are.

test.describe.configure({ timeout: 120_000 });

/** A small picture made here: nothing downloaded. */
function png(): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = (i / 3) % 256;
    pixels[i + 1] = 90;
    pixels[i + 2] = 200;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function expectNoAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

const tag = Date.now().toString(36);
const slug = `moon-lamp-${tag}`;

test("the owner adds a project in both languages with a picture and features it; an unpublished one stays hidden", async ({
  page,
}) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/portfolio");
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
  const list = page.getByRole("list", { name: "Projects" });
  await expect(list.getByRole("heading", { level: 2 })).toHaveText([
    "Position 1: Modern sculpture",
    "Position 2: Cosplay pistol",
    "Position 3: Elven armor",
    "Position 4: Leaf lamp",
    "Position 5: Pylon charger",
    "Position 6: Mech stand",
  ]);
  // Three are featured already: the home page has no room until one is taken off.
  await expect(page.getByRole("button", { name: /^Feature on home/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Take off home: Modern sculpture" }).click();
  await expect(page.getByRole("status")).toHaveText("Project taken off the home page.");

  await page.getByRole("link", { name: "New project" }).click();
  await expect(page).toHaveURL("/admin/portfolio/new");
  await page.getByLabel("Address (slug)").fill(slug);
  await page.getByLabel("Category").selectOption({ label: "Decoration" });
  await page.getByLabel("Title (English)").fill("Moon lamp");
  await page.getByLabel("Description (English)", { exact: true }).fill("A **moon** that lights a bedroom.");
  await page.getByLabel("Materials (English)").fill("Translucent PLA\nLED ring");
  await page.getByLabel("Title (French)").fill("Lampe lune");
  await page.getByLabel("Description (French)", { exact: true }).fill("Une **lune** qui éclaire une chambre.");
  await page.getByLabel("Materials (French)").fill("PLA translucide\nAnneau de DEL");
  await page.getByLabel("Add pictures").setInputFiles({ name: "moon.png", mimeType: "image/png", buffer: await png() });
  await expect(page.getByRole("img", { name: "Picture 1" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Description (English) · Main picture").fill("A glowing moon lamp on a night table");
  await page.getByLabel("Description (French) · Main picture").fill("Une lampe lune allumée sur une table de chevet");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/admin/portfolio?notice=created");
  await expect(page.getByRole("status")).toHaveText("Project added.");
  await expect(list.getByRole("heading", { level: 2 }).last()).toHaveText("Position 7: Moon lamp");
  await page.getByRole("button", { name: "Feature on home: Moon lamp" }).click();
  await expect(page.getByRole("status")).toHaveText("Project featured on the home page.");
  await page.getByRole("button", { name: "Move Moon lamp up" }).click();
  await expect(list.getByRole("heading", { level: 2 }).nth(5)).toHaveText("Position 6: Moon lamp");

  // An unpublished project, English only: the list says it is not shown in French.
  await page.getByRole("link", { name: "New project" }).click();
  await page.getByLabel("Address (slug)").fill(`secret-${tag}`);
  await page.getByLabel("Category").selectOption({ label: "Functional" });
  await page.getByLabel("Published").uncheck();
  await page.getByLabel("Title (English)").fill("Secret prototype");
  await page.getByLabel("Description (English)", { exact: true }).fill("Not yet.");
  await page
    .getByLabel("Add pictures")
    .setInputFiles({ name: "secret.png", mimeType: "image/png", buffer: await png() });
  await expect(page.getByRole("img", { name: "Picture 1" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Description (English) · Main picture").fill("A covered object");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/admin/portfolio?notice=created");
  const secret = page.getByRole("listitem").filter({ hasText: "Secret prototype" });
  await expect(secret).toContainText("Not published");
  await expect(secret).toContainText("Not shown in French: the French title and description are missing.");

  // The home page and Inspirations, in English and in French.
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Featured projects" });
  await expect(featured.getByRole("heading", { level: 3 })).toHaveText(["Cosplay pistol", "Elven armor", "Moon lamp"]);
  await featured.getByRole("link", { name: "View project: Moon lamp" }).click();
  const dialog = page.getByRole("dialog", { name: "Moon lamp" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: "A glowing moon lamp on a night table" })).toBeVisible();
  await expect(dialog.locator("strong", { hasText: "moon" })).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ hasText: "LED ring" })).toBeVisible();
  expect(await dialog.getByRole("img").first().getAttribute("src")).toMatch(/^\/media\/[0-9a-f-]{36}\/640\.webp$/);
  await page.keyboard.press("Escape");

  await page.goto("/inspirations");
  await expect(page.getByRole("heading", { level: 2, name: "Moon lamp" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Secret prototype" })).toHaveCount(0);
  await page.getByRole("link", { name: "View project: Moon lamp" }).click();
  await expect(page).toHaveURL(`/inspirations/${slug}`);
  await expect(page.getByRole("dialog", { name: "Moon lamp" })).toBeVisible();

  await page.goto("/fr");
  const vedettes = page.getByRole("region", { name: "Projets vedettes" });
  await expect(vedettes.getByRole("heading", { level: 3 })).toHaveText([
    "Pistolet de cosplay",
    "Armure elfique",
    "Lampe lune",
  ]);
  const frResponse = await page.goto(`/fr/inspirations/${slug}`);
  expect(frResponse?.status()).toBe(200);
  const fr = page.getByRole("dialog", { name: "Lampe lune" });
  await expect(fr).toBeVisible();
  await expect(fr.getByRole("img", { name: "Une lampe lune allumée sur une table de chevet" })).toBeVisible();
  await expect(fr.getByRole("listitem").filter({ hasText: "Anneau de DEL" })).toBeVisible();

  // The unpublished project's address answers 404, in both languages.
  expect((await page.goto(`/inspirations/secret-${tag}`))?.status()).toBe(404);
  expect((await page.goto(`/fr/inspirations/secret-${tag}`))?.status()).toBe(404);

  // Put the home page back as it was for the other journeys: the moon lamp off, the sculpture on, then deleted (asked first).
  await page.goto("/admin/portfolio");
  await page.getByRole("button", { name: "Take off home: Moon lamp" }).click();
  await expect(page.getByRole("status")).toHaveText("Project taken off the home page.");
  await page.getByRole("button", { name: "Feature on home: Modern sculpture" }).click();
  await expect(page.getByRole("status")).toHaveText("Project featured on the home page.");
  for (const title of ["Moon lamp", "Secret prototype"]) {
    // The question before deleting is the page's JavaScript (the buttons above may have reloaded it).
    await untilHydrated(page, "main");
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: "Please confirm" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(title) })).toHaveCount(0);
  }
  expect((await page.goto(`/inspirations/${slug}`))?.status()).toBe(404);
});

test("a stale save is refused with a clear message", async ({ page, browser }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/portfolio");
  await page.getByRole("link", { name: "Edit Mech stand" }).click();
  await expect(page.getByLabel("Title (English)")).toHaveValue("Mech stand");

  const other = await browser.newPage();
  await logIn(other, E2E_ADMIN.email, E2E_ADMIN.password);
  await other.goto(page.url());
  await other.getByLabel("Duration (English)").fill("8 days");
  await other.getByRole("button", { name: "Save" }).click();
  await expect(other.getByText("Project saved.")).toBeVisible();
  await other.getByLabel("Duration (English)").fill("1 week");
  await other.getByRole("button", { name: "Save" }).click();
  await expect(other.getByText("Project saved.")).toBeVisible();
  await other.close();

  await page.getByLabel("Client (optional) (English)").fill("Someone");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/Someone else saved this project after you opened it/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
});

for (const { theme, prefix } of SCANNED_LOOKS) {
  test(`the portfolio screens have no axe violations (${theme}, ${prefix || "/en"})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`${prefix}/admin/portfolio`);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expectNoAxeViolations(page, `${prefix}/admin/portfolio`);
    await page.goto(`${prefix}/admin/portfolio/new`);
    await expectNoAxeViolations(page, `${prefix}/admin/portfolio/new`);
    await page.goto(`${prefix}/admin/portfolio`);
    await page.locator('a[href*="/admin/portfolio/"]:not([href$="/new"])').first().click();
    await expect(page.locator("form input[name='version']")).toHaveCount(1);
    await expectNoAxeViolations(page, `${prefix}/admin/portfolio/<id>`);
  });
}

test("the portfolio screens fit a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const path of ["/admin/portfolio", "/fr/admin/portfolio", "/admin/portfolio/new", "/fr/admin/portfolio/new"]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll, path).toBeLessThanOrEqual(widths.inner);
  }
});
