import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { SCANNED_LOOKS, untilHydrated } from "./support";

/** Each public page in both languages: its address, its main heading and some of its section headings. */
const PAGES = [
  {
    en: {
      path: "/",
      h1: "From idea to object, one layer at a time",
      h2: ["What we do", "Who we work with", "Featured projects"],
    },
    fr: {
      path: "/fr",
      h1: "De l’idée à l’objet, une couche à la fois",
      h2: ["Ce qu’on fait", "Avec qui on travaille", "Projets vedettes"],
    },
  },
  {
    en: {
      path: "/services",
      h1: "Our services",
      h2: ["3D scanning", "Custom 3D printing", "Material options", "What our printers take"],
    },
    fr: {
      path: "/fr/services",
      h1: "Nos services",
      h2: ["Numérisation 3D", "Impression 3D sur mesure", "Choix de matériaux", "Ce que nos imprimantes acceptent"],
    },
  },
  {
    en: {
      path: "/inspirations",
      h1: "Inspirations",
      h2: ["Modern sculpture", "Cosplay pistol", "Elven armor", "Leaf lamp", "Pylon charger", "Mech stand"],
    },
    fr: {
      path: "/fr/inspirations",
      h1: "Inspirations",
      h2: [
        "Sculpture moderne",
        "Pistolet de cosplay",
        "Armure elfique",
        "Lampe feuillage",
        "Chargeur pylône",
        "Support méca",
      ],
    },
  },
  {
    en: {
      path: "/about",
      h1: "About Forge & Filament",
      h2: ["Our story", "What we care about", "How a project unfolds", "The team"],
    },
    fr: {
      path: "/fr/about",
      h1: "À propos de Forge & Filament",
      h2: ["Notre histoire", "Ce qui nous tient à cœur", "Le déroulement d’un projet", "L’équipe"],
    },
  },
  {
    en: {
      path: "/contact",
      h1: "Let’s talk about your project",
      h2: ["Reach us", "Send us a message", "Frequently asked questions"],
    },
    fr: {
      path: "/fr/contact",
      h1: "Parlons de votre projet",
      h2: ["Pour nous joindre", "Envoyez-nous un message", "Questions fréquentes"],
    },
  },
  { en: { path: "/links", h1: "Forge & Filament", h2: [] }, fr: { path: "/fr/links", h1: "Forge & Filament", h2: [] } },
] as const;

const absolute = (page: Page, path: string) => new URL(path, page.url()).toString();

test("every public page renders its headings, title, description and language alternates, in English and French", async ({
  page,
}) => {
  for (const entry of PAGES) {
    for (const locale of ["en", "fr"] as const) {
      const { path, h1, h2 } = entry[locale];
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1, name: h1 })).toBeVisible();
      for (const name of h2) await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();

      const head = page.locator("head");
      expect(await page.title()).toContain("Forge & Filament");
      await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", absolute(page, path));
      const english = entry.en.path;
      const french = entry.fr.path;
      await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
        "href",
        absolute(page, english),
      );
      await expect(head.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
        "href",
        absolute(page, french),
      );
      await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
        "href",
        absolute(page, english),
      );
      await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        absolute(page, "/og-image.png"),
      );
      await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute(
        "content",
        locale === "fr" ? "fr_CA" : "en_CA",
      );
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    }
  }
  const preview = await page.request.get("/og-image.png");
  expect(preview.headers()["content-type"]).toBe("image/png");
});

test("home: the hero leads to contact, and its 20 particles show in the dark theme only", async ({ page, context }) => {
  await page.goto("/");
  // The shell's own, in the light theme (the hero's wait, hidden, for a system that prefers dark).
  await expect(page.getByTestId("particles").filter({ visible: true })).toHaveCount(1);
  await page.getByRole("link", { name: "Start your project" }).click();
  await expect(page).toHaveURL("/contact");

  await context.addCookies([{ name: "theme", value: "dark", url: page.url() }]);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("particles")).toHaveCount(2);
  await expect(page.locator("#main").getByTestId("particles")).toHaveAttribute("data-count", "20");
  await page.getByRole("link", { name: "See all our inspirations" }).click();
  await expect(page).toHaveURL("/inspirations");
});

test("the project dialog opens from a card, shows its sections, and closes by button, overlay and Escape", async ({
  page,
}) => {
  await page.goto("/inspirations");
  // The dialog's focus and fades are the page's JavaScript.
  await untilHydrated(page, "main");
  const opener = page.getByRole("link", { name: "View project: Elven armor" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Elven armor" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL("/inspirations/elven-armor");
  await expect(dialog.getByText("Film props")).toBeVisible();
  await expect(
    dialog.getByRole("img", { name: "A green and gold elven chest plate decorated with overlapping leaves" }),
  ).toBeVisible();
  await expect(dialog.getByText("Client")).toBeVisible();
  await expect(dialog.getByText("Independent fantasy film production")).toBeVisible();
  await expect(dialog.getByText("6 weeks")).toBeVisible();
  for (const name of ["Materials", "Process", "The challenge", "Our solution", "Gallery"]) {
    await expect(dialog.getByRole("heading", { name })).toBeVisible();
  }
  await expect(dialog.getByRole("listitem").filter({ hasText: "Flexible TPU straps" })).toBeVisible();
  await expect(
    dialog.getByRole("img", { name: "The chest plate fresh off the printer, before painting" }),
  ).toBeVisible();

  // The close button; the focus goes back to the card's link.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page).toHaveURL("/inspirations");
  // The selection is cleared once the closing fade is over.
  await expect(page.locator("dialog h2")).toHaveCount(0);

  // The overlay around the dialog, clicked while the project's address is still on its way (a slow
  // network, a slow phone): once it arrives, it must not open the project again.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  let arrived = false;
  await page.route(/\/inspirations\/leaf-lamp\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
    arrived = true;
  });
  await page.getByRole("link", { name: "View project: Leaf lamp" }).click();
  const lamp = page.getByRole("dialog", { name: "Leaf lamp" });
  await expect(lamp).toBeVisible();
  await page.mouse.click(8, 8);
  await expect(lamp).toBeHidden();
  await expect.poll(() => arrived).toBe(true);
  await page.waitForTimeout(300);
  await expect(lamp).toBeHidden();
  await expect(page).toHaveURL("/inspirations");
  await page.unroute(/\/inspirations\/leaf-lamp\.data/);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  // Escape; a project without a client or gallery shows neither.
  await page.getByRole("link", { name: "View project: Mech stand" }).click();
  const mech = page.getByRole("dialog", { name: "Mech stand" });
  await expect(mech).toBeVisible();
  await expect(mech.getByText("Client")).toHaveCount(0);
  await expect(mech.getByRole("heading", { name: "Gallery" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(mech).toBeHidden();
  await expect(page.getByRole("link", { name: "View project: Mech stand" })).toBeFocused();
});

test("a project has its own address, in both languages, and the home page opens the featured ones", async ({
  page,
}) => {
  const response = await page.goto("/fr/inspirations/elven-armor");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("dialog", { name: "Armure elfique" })).toBeVisible();
  // Its own title, description and picture for search results and link previews.
  expect(await page.title()).toBe("Armure elfique · Inspirations · Forge & Filament");
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description).not.toContain("Des projets d’impression 3D de l’atelier");
  expect(description?.length).toBeGreaterThan(40);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\//);
  expect((await page.goto("/inspirations/no-such-project"))?.status()).toBe(404);
  // The older hash address opens it too.
  await page.goto("/fr/inspirations#elven-armor");
  const dialog = page.getByRole("dialog", { name: "Armure elfique" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Accessoires de tournage")).toBeVisible();
  await dialog.getByRole("button", { name: "Fermer" }).click();
  await expect(dialog).toBeHidden();

  await page.goto("/");
  const featured = page.getByRole("region", { name: "Featured projects" });
  await expect(featured.getByRole("heading", { level: 3 })).toHaveText([
    "Modern sculpture",
    "Cosplay pistol",
    "Elven armor",
  ]);
  await featured.getByRole("link", { name: "View project: Cosplay pistol" }).click();
  const pistol = page.getByRole("dialog", { name: "Cosplay pistol" });
  await expect(pistol).toBeVisible();
  await expect(pistol.getByRole("img")).toHaveCount(3);
  await page.keyboard.press("Escape");
  await expect(pistol).toBeHidden();
  await expect(page).toHaveURL("/");
});

test("services show the sample's starting prices in the page's language, and what the printers take", async ({
  page,
}) => {
  await page.goto("/services");
  const offer = (name: string) => page.getByRole("region", { name });
  await expect(offer("3D scanning").getByText("From $49.00")).toBeVisible();
  await expect(offer("Custom 3D printing").getByText("From $29.00")).toBeVisible();
  await expect(offer("Material options").getByText(/contact us for a quote/)).toBeVisible();
  await expect(page.getByText("Accuracy up to 0.1 mm")).toBeVisible();
  // The largest part and the materials come from the terms /quote prices with.
  await expect(page.getByText("Parts up to 250 × 210 × 210 mm")).toBeVisible();
  await expect(page.getByText(/^In PLA, PETG/)).toBeVisible();
  await page.getByRole("link", { name: "Get a quote" }).click();
  await expect(page).toHaveURL("/contact");

  await page.goto("/fr/services");
  await expect(
    page.getByRole("region", { name: "Numérisation 3D" }).getByText(/^À partir de 49,00\s\$$/),
  ).toBeVisible();
  await expect(page.getByText("Des pièces jusqu’à 250 × 210 × 210 mm")).toBeVisible();
  await page.getByRole("link", { name: "Demander une soumission" }).click();
  await expect(page).toHaveURL("/fr/contact");
});

test("about and contact carry the spec's content", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("region", { name: "What we care about" }).getByRole("heading", { level: 3 })).toHaveCount(
    4,
  );
  await expect(
    page.getByRole("region", { name: "How a project unfolds" }).getByRole("heading", { level: 3 }),
  ).toHaveText(["Consultation", "Design", "Production"]);
  await expect(page.getByRole("img", { name: "Photo of Camille Tremblay" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Photo of Samir Haddad" })).toBeVisible();

  await page.goto("/contact");
  await expect(page.getByText("We reply to every message within 24 hours.")).toBeVisible();
  const main = page.locator("#main");
  await expect(main.getByRole("link", { name: /Call us/ })).toHaveAttribute("href", /^tel:\+\d+$/);
  await expect(main.getByRole("link", { name: /Email us/ })).toHaveAttribute("href", /^mailto:/);
  await expect(main.getByText("Montréal, QC, Canada. Visits by appointment.")).toBeVisible();
  await expect(main.getByText("Monday to Friday, 9 a.m. to 6 p.m.")).toBeVisible();
  await expect(main.getByText("Saturday, 10 a.m. to 4 p.m.")).toBeVisible();
  await expect(main.getByText("Consultations by appointment")).toBeVisible();
  await expect(main.getByRole("link", { name: "Instagram" })).toBeVisible();
  await expect(main.getByRole("link", { name: "YouTube" })).toBeVisible();
  for (const question of ["How long does a project take?", "Which file formats do you accept?", "Do you ship?"]) {
    await expect(page.getByText(question)).toBeVisible();
  }
  await page.getByText("Which file formats do you accept?").click();
  await expect(page.getByText(/STL, OBJ, 3MF and STEP/)).toBeVisible();
});

test("quick links: no header or footer, the spec's links, the logo of the theme, this year's copyright", async ({
  page,
  context,
}) => {
  await page.goto("/fr/links");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  for (const [name, href] of [
    ["Services", "/fr/services"],
    ["Boutique", "/fr/store"],
    ["Inspirations", "/fr/inspirations"],
    ["Contact", "/fr/contact"],
  ]) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("link", { name: "Instagram" })).toBeVisible();
  await expect(page.getByRole("link", { name: "YouTube" })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Forge & Filament. Tous droits réservés.`)).toBeVisible();
  const logo = page.getByRole("link", { name: "Accueil" }).locator("img");
  await expect(logo).toHaveAttribute("src", "/images/brand/logo-light.svg");

  await context.addCookies([{ name: "theme", value: "dark", url: page.url() }]);
  await page.reload();
  await expect(logo).toHaveAttribute("src", "/images/brand/logo-dark.svg");
});

test("sitemap.xml lists every public page in both languages and the visible store items; robots.txt keeps private areas out", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of [
    "/",
    "/fr",
    "/services",
    "/fr/services",
    "/inspirations",
    "/fr/inspirations",
    "/about",
    "/fr/about",
    "/contact",
    "/fr/contact",
    "/store",
    "/fr/store",
    "/links",
    "/fr/links",
  ]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(xml).toContain(`<loc>${baseURL}/store/ember-dragon-bust</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/fr/store/ember-dragon-bust</loc>`);
  expect(xml).toContain(`hreflang="x-default" href="${baseURL}/store/ember-dragon-bust"`);
  expect(xml).not.toContain("mountain-range-bookends"); // hidden in the sample catalogue

  const robots = await (await request.get("/robots.txt")).text();
  for (const path of [
    "/admin",
    "/profile",
    "/payment",
    "/orders",
    "/fr/admin",
    "/fr/profile",
    "/fr/payment",
    "/fr/orders",
  ]) {
    expect(robots).toContain(`Disallow: ${path}\n`);
  }
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

for (const { theme, prefix } of SCANNED_LOOKS) {
  const locale = prefix ? "fr" : "en";
  for (const entry of PAGES) {
    test(`no accessibility violations on ${entry[locale].path}, ${theme} theme`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      await page.goto(entry[locale].path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations,
        `${entry[locale].path}: ${results.violations.map((v) => `${v.id} (${v.nodes[0]?.target})`).join(", ")}`,
      ).toEqual([]);
    });
  }

  test(`no accessibility violations in the open project dialog, ${theme} theme`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await page.goto("/inspirations#cosplay-pistol");
    const open = page.getByRole("dialog", { name: "Cosplay pistol" });
    await expect(open).toBeVisible();
    await expect.poll(() => open.evaluate((element) => getComputedStyle(element).opacity)).toBe("1"); // the opening fade
    const results = await new AxeBuilder({ page }).include("dialog").analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
}
