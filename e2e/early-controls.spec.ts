import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../playwright.config";
import { expect, test } from "./test";
import { CLIPS, seedCart } from "./shop-support";
import { holdScripts, hydrated, logIn, signUp, untilHydrated } from "./support";

/**
 * Issue 34, build item 7: on every page, a value a person sets in any control (text, number,
 * date, select, check box, radio) while the page is still the server's HTML is still there once
 * its script has started.
 */
test.describe.configure({ timeout: 180_000 });

type Control = { selector: string; kind: "value" | "checked"; expected: string | boolean };

/** Sets every visible, enabled control of `main` to a value of its own; returns what each holds. */
async function setEveryControl(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const main = document.querySelector("main")!;
    const visible = (el: HTMLElement) => el.offsetParent !== null && !(el as HTMLInputElement).disabled;
    const controls: Control[] = [];
    let index = 0;
    // Found again by what the form posts (a page may put a new element in its place once awake).
    const mark = (el: HTMLElement) => {
      const name = el.getAttribute("name");
      if (!name) {
        el.setAttribute("data-early", String(index++));
        return `[data-early="${el.getAttribute("data-early")}"]`;
      }
      const value = el instanceof HTMLInputElement && el.type === "radio" ? `[value="${CSS.escape(el.value)}"]` : "";
      const selector = `main ${el.tagName.toLowerCase()}[name="${CSS.escape(name)}"]${value}`;
      const same = [...document.querySelectorAll(selector)].indexOf(el);
      return `${selector} >> nth=${same}`;
    };
    const fire = (el: HTMLElement) => {
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    };
    const radios = new Set<string>();
    for (const el of main.querySelectorAll<HTMLElement>("input, select, textarea")) {
      if (!visible(el) || (el as HTMLInputElement).readOnly) continue;
      if (el instanceof HTMLSelectElement) {
        const other = [...el.options].findIndex((option, i) => i !== el.selectedIndex && !option.disabled);
        if (other < 0) continue;
        el.selectedIndex = other;
        fire(el);
        controls.push({ selector: mark(el), kind: "value", expected: el.value });
      } else if (el instanceof HTMLTextAreaElement) {
        el.value = "Written early";
        fire(el);
        controls.push({ selector: mark(el), kind: "value", expected: el.value });
      } else if (el instanceof HTMLInputElement) {
        const type = el.type;
        if (type === "checkbox") {
          el.checked = !el.checked;
          fire(el);
          controls.push({ selector: mark(el), kind: "checked", expected: el.checked });
        } else if (type === "radio") {
          if (radios.has(el.name) || el.checked) continue;
          radios.add(el.name);
          el.checked = true;
          fire(el);
          controls.push({ selector: mark(el), kind: "checked", expected: true });
        } else if (["text", "search", "email", "tel", "url", "number", "date", "password", ""].includes(type)) {
          const value =
            type === "number"
              ? String(Math.max(Number(el.min) || 1, 2))
              : type === "date"
                ? "2026-03-31"
                : type === "email"
                  ? "early@example.test"
                  : type === "url"
                    ? "https://example.test/early"
                    : type === "tel"
                      ? "514 555 0100"
                      : "Early";
          el.value = value;
          fire(el);
          controls.push({ selector: mark(el), kind: "value", expected: el.value });
        }
      }
    }
    return controls;
  });
}

async function walk(page: Page, path: string) {
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForSelector("main");
  await page.waitForLoadState("domcontentloaded");
  expect(await hydrated(page, "main"), path).toBe(false);
  const controls = await setEveryControl(page);
  scripts.release();
  await untilHydrated(page, "main");
  await page.waitForLoadState("networkidle");
  for (const control of controls) {
    const field = page.locator(control.selector);
    if (control.kind === "checked")
      await expect(field, `${path} ${control.selector}`).toBeChecked({ checked: control.expected as boolean });
    else await expect(field, `${path} ${control.selector}`).toHaveValue(control.expected as string);
  }
  await page.unrouteAll({ behavior: "ignoreErrors" });
}

const PUBLIC = ["/contact", "/fr/contact", "/store", "/login", "/signup", "/forgot-password"];
const BUYER = ["/store/checkout", "/fr/store/checkout", "/profile"];
const ADMIN = [
  "/admin",
  "/admin/orders",
  "/admin/inventory",
  "/admin/inventory/new",
  "/admin/customers",
  "/admin/faq",
  "/admin/home",
  "/admin/about",
  "/admin/services",
  "/admin/settings",
  "/admin/pricing",
  "/admin/materials",
  "/admin/portfolio/new",
];

test("every control of the public pages keeps what was set before the page woke", async ({ page }) => {
  for (const path of PUBLIC) await walk(page, path);
});

test("every control of a buyer's pages keeps what was set before the page woke", async ({ page }) => {
  await signUp(page);
  await seedCart(page, [{ id: CLIPS.id, quantity: 1 }]);
  for (const path of BUYER) await walk(page, path);
});

test("every control of the admin's pages keeps what was set before the page woke", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const path of ADMIN) await walk(page, path);
});
