import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn, SCANNED_LOOKS } from "./support";

const PAGES = ["/login", "/signup", "/links", "/no-such-page"];

// Four axe scans per test, and the suite's first test also warms the server and the browser: on a
// busy 2-core machine that took 30 s.
test.describe.configure({ timeout: 60_000 });

for (const { theme, prefix } of SCANNED_LOOKS) {
  test(`account pages have no axe violations (${theme}, ${prefix || "/en"})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    for (const path of PAGES) {
      await page.goto(prefix + path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    }
  });
}

test("the profile and admin pages have no axe violations", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const path of ["/profile", "/admin", "/fr/profile"]) {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
});
