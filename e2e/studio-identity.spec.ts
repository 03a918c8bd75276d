import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn } from "./support";

// The studio edits its identity and its FAQ in the admin (issue 23); visitors see them on the next page load.
test.describe.configure({ timeout: 90_000 });

const SEEDED_PHONE = "+1 514 555 0142";

async function saveIdentityField(page: Page, field: string, value: string) {
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "The studio's identity and hours" });
  await form.getByRole("textbox", { name: field, exact: true }).fill(value);
  await form.getByRole("button", { name: "Save the studio's identity" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
}

const savePhone = (page: Page, phone: string) => saveIdentityField(page, "Phone", phone);

async function businessJsonLd(page: Page) {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((ld) => ld["@type"] === "LocalBusiness");
}

test("the owner changes the phone number: the footer, /contact and the JSON-LD show the new one", async ({
  page,
  browser,
}) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  try {
    await savePhone(page, "(438) 555-0199");

    // A visitor (the anonymous page cache was dropped by the save).
    const visitor = await browser.newPage();
    await visitor.goto("/contact");
    const footer = visitor.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /\(438\) 555-0199/ })).toHaveAttribute("href", "tel:+14385550199");
    const main = visitor.getByRole("main");
    await expect(main.getByRole("link", { name: /Call us/ })).toHaveAttribute("href", "tel:+14385550199");
    await expect(main.getByText("Monday to Friday, 9 a.m. to 6 p.m.")).toBeVisible();
    const ld = await businessJsonLd(visitor);
    expect(ld).toMatchObject({ "@type": "LocalBusiness", telephone: "+14385550199" });
    expect(ld?.openingHours).toEqual(["Mo-Fr 09:00-18:00", "Sa 10:00-16:00"]);

    await visitor.goto("/");
    expect(await businessJsonLd(visitor)).toMatchObject({ telephone: "+14385550199" });
    await expect(visitor.getByRole("contentinfo").getByText("(438) 555-0199")).toBeVisible();
    await visitor.close();

    // A phone number that is neither E.164 nor North American is refused, in the admin's language.
    await page.goto("/fr/admin/settings");
    const form = page.getByRole("form", { name: "L’identité et les heures de l’atelier" });
    await form.getByRole("textbox", { name: "Téléphone", exact: true }).fill("555-0142");
    await form.getByRole("button", { name: "Enregistrer l’identité de l’atelier" }).click();
    await expect(form.getByText("Entrez un numéro comme +1 514 555 0142 ou (514) 555-0142")).toBeVisible();
  } finally {
    // The other journeys expect the seeded number.
    await savePhone(page, SEEDED_PHONE);
  }
});

test("the owner renames the studio: the header, the page titles and the link previews say the new name", async ({
  page,
  browser,
}) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  try {
    await saveIdentityField(page, "Studio name", "Atelier Boréal");
    const visitor = await browser.newPage();
    for (const [address, title] of [
      ["/", "Atelier Boréal · "],
      ["/store", "Store · Atelier Boréal"],
      ["/fr/about", " · Atelier Boréal"],
    ] as const) {
      await visitor.goto(address);
      expect(await visitor.title()).toContain(title);
      await expect(visitor.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "Atelier Boréal");
      await expect(visitor.getByRole("banner").getByRole("link", { name: "Atelier Boréal" })).toBeVisible();
    }
    await visitor.close();
  } finally {
    await saveIdentityField(page, "Studio name", "Forge & Filament");
  }
});

test("an FAQ entry shows on /fr/contact once its French is written", async ({ page, browser }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const question = `Do you print in resin? ${Date.now()}`;
  await page.goto("/fr/admin/faq");
  const form = page.getByRole("form", { name: "Ajouter une question" });
  await form.getByRole("textbox", { name: "Question (anglais)" }).fill(question);
  await form.getByRole("textbox", { name: "Réponse (anglais, Markdown)" }).fill("Yes, **resin** and filament.");
  await form.getByRole("checkbox", { name: /Publiée/ }).check();
  await form.getByRole("button", { name: "Enregistrer la question" }).click();
  await expect(form.getByRole("status")).toContainText("Enregistré.");
  const row = page.getByRole("listitem").filter({ hasText: question });
  await expect(row.getByText("Français manquant\u00a0: absente de /fr/contact")).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/contact");
  await expect(visitor.getByText(question)).toBeVisible();
  await visitor.goto("/fr/contact");
  await expect(visitor.getByRole("heading", { name: "Questions fréquentes" })).toBeVisible();
  await expect(visitor.getByText("Imprimez-vous en résine")).toHaveCount(0);

  // The French, previewed as visitors will see it, then saved.
  await row.getByRole("link", { name: /Modifier/ }).click();
  const edit = page.getByRole("form", { name: /Modifier/ });
  await edit.getByRole("textbox", { name: "Question (français)" }).fill("Imprimez-vous en résine?");
  await edit.getByRole("textbox", { name: "Réponse (français, Markdown)" }).fill("Oui, en **résine** et en filament.");
  await edit.getByRole("button", { name: "Aperçu" }).click();
  const preview = page.getByRole("region", { name: "Aperçu, tel que les visiteurs le verront" });
  await expect(preview.locator("strong", { hasText: "résine" })).toBeVisible();
  await expect(preview.getByText("Imprimez-vous en résine\u202f?")).toBeVisible();
  await page.getByRole("button", { name: "Enregistrer la question" }).click();
  await expect(page.getByRole("form", { name: /Modifier/ }).getByRole("status")).toContainText("Enregistré.");

  await visitor.goto("/fr/contact");
  await visitor.getByText("Imprimez-vous en résine\u202f?").click();
  await expect(visitor.locator("strong", { hasText: "résine" })).toBeVisible();
  await visitor.close();

  // Deleted again: the other journeys see the three questions of a new install.
  await page.goto("/admin/faq");
  const item = page.getByRole("listitem").filter({ hasText: question });
  await item.getByText("Delete…").click();
  await item.getByRole("button", { name: /Yes, delete/ }).click();
  await expect(page.getByRole("status")).toHaveText("Deleted.");
  await expect(page.getByRole("listitem").filter({ hasText: question })).toHaveCount(0);
});

test("a stale FAQ save is refused with a clear message", async ({ page, browser }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/faq");
  await page.getByRole("link", { name: /Edit: Do you ship\?/ }).click();
  const form = page.getByRole("form", { name: /Edit: Do you ship\?/ });
  await expect(form).toBeVisible();

  // Another admin publishes a change meanwhile (unpublish, then publish again).
  const other = await browser.newPage();
  await logIn(other, E2E_ADMIN.email, E2E_ADMIN.password);
  await other.goto("/admin/faq");
  await other.getByRole("button", { name: "Unpublish: Do you ship?" }).click();
  await expect(other.getByRole("button", { name: "Publish: Do you ship?", exact: true })).toBeVisible();
  await other.getByRole("button", { name: "Publish: Do you ship?", exact: true }).click();
  await expect(other.getByRole("button", { name: "Unpublish: Do you ship?" })).toBeVisible();
  await other.close();

  await form.getByRole("button", { name: "Save the question" }).click();
  await expect(form.getByRole("alert")).toHaveText(/Someone else saved this question after you opened this page/);
  // Saving again is no way around it: the form still carries the version its text was based on.
  await expect(page.getByRole("form", { name: /Edit: Do you ship\?/ })).toBeVisible();
  const again = page.waitForResponse((response) => response.request().method() === "POST");
  await page
    .getByRole("form", { name: /Edit: Do you ship\?/ })
    .getByRole("button", { name: "Save the question" })
    .click();
  await again;
  const afterSecondClick = page.getByRole("form", { name: /Edit: Do you ship\?/ });
  await expect(afterSecondClick.getByRole("alert")).toHaveText(/Someone else saved this question/);
  await expect(page.getByText("Saved.")).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`the identity and FAQ forms have no axe violations (${theme})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const path of ["/admin/settings", "/fr/admin/faq", "/admin/faq?edit=1"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    }
    // The preview too.
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview, as visitors will see it" })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `preview: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test("the identity and FAQ screens fit without scrolling sideways", async ({ page }) => {
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const tooWide: string[] = [];
    for (const path of [
      "/admin/settings",
      "/fr/admin/settings",
      "/admin/faq",
      "/fr/admin/faq?edit=1",
      "/contact",
      "/fr/contact",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      if (widths.scroll > widths.inner) tooWide.push(`${path} is ${widths.scroll} px wide`);
    }
    expect(tooWide).toEqual([]);
  });
});
