import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn } from "./support";

// Every admin screen on a small phone: nothing wider than the screen, no sideways scrolling of the page.
const PAGES = [
  "/admin",
  "/admin/inventory",
  "/admin/inventory/new",
  "/admin/inventory/item-dragon-bust",
  "/admin/categories",
  "/admin/orders",
  "/admin/customers",
  "/admin/messages",
  "/admin/staff",
  "/admin/quotes",
  "/admin/pricing",
  "/admin/materials",
  "/admin/settings",
  "/profile",
];

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 360, height: 740 } });

// An unread message puts a count beside "Messages" in the sections' row, the row's widest state.
test.beforeAll(async ({ request, baseURL }) => {
  const sent = await request.post("/api/submitContactForm", {
    headers: { origin: baseURL! },
    data: {
      name: "Phone Check",
      email: "phone-check@example.test",
      projectType: "custom",
      message: "A message left unread for the admin's phone.",
    },
  });
  expect(sent.status()).toBe(200);
});

for (const prefix of ["", "/fr"]) {
  test(`every admin screen fits 360 px without scrolling sideways (${prefix || "/en"})`, async ({ page }) => {
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const tooWide: string[] = [];
    for (const path of PAGES) {
      const response = await page.goto(prefix + path);
      expect(response?.status(), path).toBe(200);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      if (widths.scroll > widths.inner) tooWide.push(`${prefix}${path} is ${widths.scroll} px wide`);
    }
    expect(tooWide).toEqual([]);
  });
}

test("the inventory's Edit and Delete buttons are on screen at 360 px", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/inventory");
  const edit = page.getByRole("link", { name: /^Edit/ }).first();
  const remove = page.getByRole("button", { name: /^Delete/ }).first();
  for (const control of [edit, remove]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
});
