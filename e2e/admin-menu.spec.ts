import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn } from "./support";

// Issue 35: at a phone's width the admin menu is one row that scrolls sideways; it shows that more follows.
for (const theme of ["light", "dark"] as const) {
  test(`at 390 px the admin menu says more sections follow, and shades the edge where they are (${theme})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const [path, hint] of [
      ["/admin", "Scroll for more →"],
      ["/fr/admin", "Faites défiler pour voir la suite →"],
    ] as const) {
      await page.goto(path);
      const nav = page.getByRole("navigation", {
        name: path === "/admin" ? "Admin sections" : "Sections de l’administration",
      });
      const row = nav.getByRole("list");
      await expect(nav.getByText(hint)).toBeVisible();
      // The row does scroll: its last section is out of view until the admin scrolls to it.
      expect(await row.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
      await expect(row.getByRole("listitem").last()).not.toBeInViewport();
      // The shade at the edge where more follows (a background that scrolls with the row, CSS only).
      expect(await row.evaluate((list) => getComputedStyle(list).backgroundImage)).toContain("radial-gradient");
      await row.getByRole("listitem").last().getByRole("link").focus();
      await expect(row.getByRole("listitem").last()).toBeInViewport();
    }

    // On a wide screen the menu is a column: no hint, no shade.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await expect(nav.getByText("Scroll for more →")).toBeHidden();
    expect(await nav.getByRole("list").evaluate((list) => getComputedStyle(list).backgroundImage)).toBe("none");
  });
}
