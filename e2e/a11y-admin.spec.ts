import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn } from "./support";

// Every screen of the admin area and the account's profile, as the studio's staff see them.
const PAGES = [
  "/profile",
  "/admin",
  "/admin/inventory",
  "/admin/inventory/new",
  "/admin/inventory/item-dragon-bust",
  "/admin/categories",
  "/admin/orders",
  "/admin/messages",
  "/admin/staff",
  "/admin/materials",
  "/admin/quotes",
  "/admin/notices",
];

// A few pages per test, so that one test stays well within its time on a busy machine.
const GROUPS = [PAGES.slice(0, 4), PAGES.slice(4, 8), PAGES.slice(8)];

test.describe.configure({ timeout: 90_000 });

for (const theme of ["light", "dark"] as const) {
  for (const prefix of ["", "/fr"]) {
    for (const group of GROUPS) {
      test(`no axe violations on ${group.join(", ")} (${theme}, ${prefix || "/en"})`, async ({
        page,
        context,
        baseURL,
      }) => {
        await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
        await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
        for (const path of group) {
          const response = await page.goto(prefix + path);
          expect(response?.status(), path).toBe(200);
          await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
          await expect(page.locator("html")).toHaveAttribute("lang", prefix ? "fr" : "en");
          const { violations } = await new AxeBuilder({ page }).analyze();
          expect(violations.map((v) => `${prefix + path}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
            [],
          );
        }
      });
    }
  }
}
