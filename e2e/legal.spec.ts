import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { SCANNED_LOOKS } from "./support";

test.describe.configure({ timeout: 90_000 });

const PAGES = [
  { path: "/privacy", en: "Privacy policy", fr: "Politique de confidentialité" },
  { path: "/terms-of-sale", en: "Terms of sale", fr: "Conditions de vente" },
  { path: "/returns", en: "Returns and refunds", fr: "Retours et remboursements" },
];

test("the footer links to the store and to the three legal pages, in both languages", async ({ page }) => {
  for (const prefix of ["", "/fr"]) {
    const french = prefix === "/fr";
    await page.goto(`${prefix}/about`);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: french ? "Boutique" : "Store", exact: true })).toHaveAttribute(
      "href",
      `${prefix}/store`,
    );
    const legal = footer.getByRole("navigation", { name: french ? "Mentions légales" : "Legal" });
    for (const { path, en, fr } of PAGES) {
      await legal.getByRole("link", { name: french ? fr : en }).click();
      await expect(page).toHaveURL(`${prefix}${path}`);
      await expect(page.getByRole("heading", { level: 1, name: french ? fr : en })).toBeVisible();
    }
  }
});

test("the privacy policy names who is responsible, with the studio's contact, and the rights of Law 25", async ({
  page,
}) => {
  await page.goto("/privacy");
  const responsible = page.getByRole("region", { name: "Who is responsible for your personal information" });
  await expect(responsible).toContainText("hello@forgefilament.example");
  await expect(responsible).toContainText("+1 514 555 0142");
  for (const heading of [
    "What we collect and why",
    "How long we keep it",
    "Your rights: access, correction, deletion",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText("Commission d’accès à l’information du Québec").first()).toBeVisible();
  await page.goto("/fr/privacy");
  await expect(
    page.getByRole("heading", { level: 2, name: "Vos droits\u00a0: accès, rectification, suppression" }),
  ).toBeVisible();
});

test("the sitemap lists the legal pages in both languages", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const { path } of PAGES) {
    expect(xml).toContain(`${path}</loc>`);
    expect(xml).toContain(`/fr${path}</loc>`);
  }
});

for (const { theme, prefix } of SCANNED_LOOKS) {
  test(`the legal pages have no axe violations (${theme}, ${prefix || "/en"})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    for (const { path } of PAGES) {
      const response = await page.goto(prefix + path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${prefix + path}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    }
  });
}
