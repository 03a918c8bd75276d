import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn } from "./support";

// The studio edits the home page's hero and cards in Admin → Home page (issue 23); visitors see them on the next load.
test.describe.configure({ timeout: 120_000 });

const HERO_TITLE = "From idea to object, one layer at a time";

async function saveHeroTitle(page: Page, title: string) {
  await page.goto("/admin/home");
  const form = page.getByRole("form", { name: "The hero" });
  await form.getByRole("textbox", { name: "Title (English)", exact: true }).fill(title);
  await form.getByRole("button", { name: "Save the hero" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved. The home page shows it on its next load.");
}

async function saveFilmCard(page: Page, titleFr: string) {
  await page.goto("/fr/admin/home");
  await page.getByRole("link", { name: "Modifier\u00a0: Film and TV" }).click();
  const form = page.getByRole("form", { name: "Modifier\u00a0: Film and TV" });
  await form.getByRole("textbox", { name: "Titre (français)", exact: true }).fill(titleFr);
  await form.getByRole("button", { name: "Enregistrer la carte" }).click();
  await expect(page.getByRole("form", { name: "Modifier\u00a0: Film and TV" }).getByRole("status")).toContainText(
    "Enregistré.",
  );
}

test("the owner edits the hero in English and a card in French; / and /fr show them, an unpublished card disappears", async ({
  page,
  browser,
}) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const visitor = await browser.newPage();
  try {
    // The hero, previewed as visitors will see it, then saved.
    await page.goto("/admin/home");
    const hero = page.getByRole("form", { name: "The hero" });
    await hero.getByRole("textbox", { name: "Title (English)", exact: true }).fill("Printed with care, layer by layer");
    await hero.getByRole("button", { name: "Preview" }).click();
    const heroPreview = page.getByRole("region", { name: "Preview of the hero, as visitors will see it" });
    await expect(heroPreview.getByText("Printed with care, layer by layer")).toBeVisible();
    await expect(heroPreview.getByText(/in our Montréal studio\.$/)).toBeVisible();
    await expect(heroPreview.getByText(/^Dans notre atelier de Montréal, on numérise/)).toBeVisible();
    await page.getByRole("form", { name: "The hero" }).getByRole("button", { name: "Save the hero" }).click();
    await expect(page.getByRole("form", { name: "The hero" }).getByRole("status")).toHaveText(
      "Saved. The home page shows it on its next load.",
    );

    // An industries card in French, with its preview.
    await page.goto("/fr/admin/home");
    await page.getByRole("link", { name: "Modifier\u00a0: Film and TV" }).click();
    const card = page.getByRole("form", { name: "Modifier\u00a0: Film and TV" });
    await card.getByRole("textbox", { name: "Titre (français)", exact: true }).fill("Cinéma, télé et pub!");
    await card.getByRole("button", { name: "Aperçu" }).click();
    const cardPreview = page.getByRole("region", { name: "Aperçu de la carte, telle que les visiteurs la verront" });
    await expect(cardPreview.getByRole("heading", { name: "Cinéma, télé et pub\u202f!" })).toBeVisible();
    await page.getByRole("button", { name: "Enregistrer la carte" }).click();
    await expect(page.getByRole("form", { name: "Modifier\u00a0: Film and TV" }).getByRole("status")).toContainText(
      "Enregistré.",
    );

    await visitor.goto("/");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Printed with care, layer by layer");
    await visitor.goto("/fr");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("De l’idée à l’objet, une couche à la fois");
    const industries = visitor.getByRole("region", { name: "Avec qui on travaille" });
    await expect(industries.getByRole("heading", { level: 3 })).toHaveText([
      "Cosplay",
      "Cinéma, télé et pub\u202f!",
      "Décoration",
    ]);

    // Unpublished, the Decoration card leaves the page.
    await page.goto("/admin/home");
    await page.getByRole("button", { name: "Unpublish: Decoration", exact: true }).click();
    await expect(page.getByRole("button", { name: "Publish: Decoration", exact: true })).toBeVisible();
    await visitor.goto("/");
    await expect(
      visitor.getByRole("region", { name: "Who we work with" }).getByRole("heading", { level: 3 }),
    ).toHaveText(["Cosplay", "Film and TV"]);
  } finally {
    // The other journeys expect the words of a new install.
    await visitor.close();
    await page.goto("/admin/home");
    const publish = page.getByRole("button", { name: "Publish: Decoration", exact: true });
    if (await publish.count()) {
      await publish.click();
      await expect(page.getByRole("button", { name: "Unpublish: Decoration", exact: true })).toBeVisible();
    }
    await saveHeroTitle(page, HERO_TITLE);
    await saveFilmCard(page, "Cinéma et télé");
  }
});

test("a stale save of the hero is refused with a clear message", async ({ page, browser }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/home");
  const form = page.getByRole("form", { name: "The hero" });
  await form.getByRole("textbox", { name: "Eyebrow (English)" }).fill("A stale eyebrow");

  // Another admin saves the hero meanwhile.
  const other = await browser.newPage();
  await logIn(other, E2E_ADMIN.email, E2E_ADMIN.password);
  await saveHeroTitle(other, HERO_TITLE);
  await other.close();

  await form.getByRole("button", { name: "Save the hero" }).click();
  await expect(page.getByRole("form", { name: "The hero" }).getByRole("alert")).toHaveText(
    /Someone else saved this after you opened this page/,
  );
  // What was typed is kept.
  await expect(
    page.getByRole("form", { name: "The hero" }).getByRole("textbox", { name: "Eyebrow (English)" }),
  ).toHaveValue("A stale eyebrow");

  // A preview of the refused text, then Save again: still refused, never an overwrite of the other admin's save.
  await page.getByRole("form", { name: "The hero" }).getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview of the hero, as visitors will see it" })).toBeVisible();
  await page.getByRole("form", { name: "The hero" }).getByRole("button", { name: "Save the hero" }).click();
  await expect(page.getByRole("form", { name: "The hero" }).getByRole("alert")).toHaveText(
    /Someone else saved this after you opened this page/,
  );
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE);
});

for (const theme of ["light", "dark"] as const) {
  test(`the home page's admin has no axe violations (${theme})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const path of ["/admin/home", "/fr/admin/home?add=services"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    }
    // Both previews at once.
    await page.goto("/admin/home");
    await page.getByRole("link", { name: "Edit: Cosplay" }).click();
    await expect(page.getByRole("region", { name: "Preview of the card, as visitors will see it" })).toBeVisible();
    await page.getByRole("form", { name: "The hero" }).getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview of the hero, as visitors will see it" })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `previews: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test("the home page's admin fits without scrolling sideways", async ({ page }) => {
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const tooWide: string[] = [];
    for (const path of [
      "/admin/home",
      "/fr/admin/home",
      "/admin/home?edit=5",
      "/fr/admin/home?add=industries",
      "/",
      "/fr",
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
