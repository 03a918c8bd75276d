import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn } from "./support";

// Every public word is the studio's (issue 35): the owner writes About and Services in the admin.
test.describe.configure({ timeout: 120_000 });

test("the owner replaces the sample About and adds an offer in French; /about, /fr/about, /services and /fr/services show it", async ({
  page,
  browser,
}) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const visitor = await browser.newPage();
  try {
    await page.goto("/admin/about");
    await expect(page.getByText("5 sections are still the sample studio's words.", { exact: false })).toBeVisible();
    await page.getByText("Remove the samples", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, remove the samples" }).click();
    await expect(page.getByText("5 sample sections removed.")).toBeVisible();

    const story = page.getByRole("form", { name: "Add a part of the story" });
    await story.getByRole("textbox", { name: "Heading (English)" }).fill("Who we are");
    await story.getByRole("textbox", { name: "Text (English, Markdown)" }).fill("We print **everything** in Moncton.");
    await story.getByRole("textbox", { name: "Heading (French)" }).fill("Qui nous sommes");
    await story.getByRole("textbox", { name: "Text (French, Markdown)" }).fill("On imprime **tout** à Moncton.");
    await story.getByRole("checkbox", { name: "Published" }).check();
    await story.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Qui nous sommes" })).toBeVisible();
    await page.getByRole("form", { name: "Add a part of the story" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved. The page shows it now.")).toBeVisible();

    await page.getByRole("link", { name: "Add a team member" }).click();
    const member = page.getByRole("form", { name: "Add a team member" });
    await member.getByRole("textbox", { name: "Name" }).fill("Noor Aziz");
    await member.getByRole("textbox", { name: "Role (English)" }).fill("Owner and printer");
    await member.getByRole("textbox", { name: "Role (French)" }).fill("Propriétaire et imprimeuse");
    await member.getByRole("checkbox", { name: "Published" }).check();
    await member.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved. The page shows it now.")).toBeVisible();

    await visitor.goto("/about");
    await expect(visitor.getByRole("heading", { level: 2, name: "Who we are" })).toBeVisible();
    await expect(visitor.getByText("We print everything in Moncton.")).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Noor Aziz" })).toBeVisible();
    await expect(visitor.getByText("Owner and printer")).toBeVisible();
    await expect(visitor.getByText("Camille Tremblay")).toHaveCount(0);
    await visitor.goto("/fr/about");
    await expect(visitor.getByRole("heading", { level: 2, name: "Qui nous sommes" })).toBeVisible();
    await expect(visitor.getByText("Propriétaire et imprimeuse")).toBeVisible();

    await page.goto("/fr/admin/services");
    const offer = page.getByRole("form", { name: "Ajouter une offre" });
    await offer.getByRole("textbox", { name: "Titre (anglais)" }).fill("Repairs");
    await offer.getByRole("textbox", { name: "Texte (anglais, Markdown)" }).fill("We mend broken parts.");
    await offer.getByRole("textbox", { name: "Titre (français)" }).fill("Réparations");
    await offer.getByRole("textbox", { name: "Texte (français, Markdown)" }).fill("On répare les pièces brisées.");
    await offer.getByRole("textbox", { name: /^Prix/ }).fill("35,50");
    await offer.getByRole("checkbox", { name: "Publiée" }).check();
    await offer.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Enregistré. La page le montre maintenant.")).toBeVisible();

    await visitor.goto("/services");
    await expect(visitor.getByRole("region", { name: "Repairs" }).getByText("From $35.50")).toBeVisible();
    await visitor.goto("/fr/services");
    const repairs = visitor.getByRole("region", { name: "Réparations" });
    await expect(repairs.getByText("On répare les pièces brisées.")).toBeVisible();
    await expect(repairs.getByText(/^À partir de 35,50\s\$$/)).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test("a price that is not one is refused in the admin's language, and nothing is lost", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/fr/admin/services");
  const offer = page.getByRole("form", { name: "Ajouter une offre" });
  await offer.getByRole("textbox", { name: "Titre (anglais)" }).fill("Painting");
  await offer.getByRole("textbox", { name: "Texte (anglais, Markdown)" }).fill("By hand.");
  await offer.getByRole("textbox", { name: /^Prix/ }).fill("twelve");
  await offer.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Un prix en dollars, comme 29 ou 29,50.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Titre (anglais)" })).toHaveValue("Painting");
});

for (const theme of ["light", "dark"] as const) {
  test(`Admin → About and Admin → Services: no axe violations, nothing wider than 390 px (${theme})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const path of ["/admin/about", "/fr/admin/services", "/about", "/fr/services"]) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(overflow, path).toBeLessThanOrEqual(390);
    }
  });
}
