import type { Page, Route } from "@playwright/test";
import { expect, heldPages } from "./test";
import { randomUUID } from "node:crypto";

/**
 * The looks an axe scan covers: each screen in both themes, the light one in English and the dark
 * one in French. Axe reads structure, names and colours; a language changes the words, and every
 * French text is typed by its English one (`messages/fr`), so none can be missing.
 */
export const SCANNED_LOOKS = [
  { theme: "light", prefix: "" },
  { theme: "dark", prefix: "/fr" },
] as const;

export function newAccount() {
  const id = randomUUID().slice(0, 8);
  return { username: `maker-${id}`, email: `maker-${id}@example.test`, password: "layer-lines" };
}

export async function signUp(page: Page, account = newAccount(), prefix = "") {
  await page.goto(`${prefix}/signup`);
  const french = prefix === "/fr";
  await page.getByLabel(french ? "Nom d’utilisateur" : "Username").fill(account.username);
  await page.getByLabel(french ? "Courriel" : "Email").fill(account.email);
  await page.getByLabel(french ? "Mot de passe" : "Password", { exact: true }).fill(account.password);
  await page.getByLabel(french ? "Confirmer le mot de passe" : "Confirm password").fill(account.password);
  await page.getByRole("button", { name: french ? "S’inscrire" : "Sign up" }).click();
  await expect(page.getByRole("button", { name: french ? "Se déconnecter" : "Log out" })).toBeVisible();
  return account;
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

/** Whether React has taken over this element (hydration attaches its fiber to the DOM node). */
export async function hydrated(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const node = document.querySelector(s);
    return !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  }, selector);
}

/** For a step that needs the page's JavaScript (a menu, a remembered choice): wait until it runs. */
export async function untilHydrated(page: Page, selector = "header"): Promise<void> {
  await expect.poll(() => hydrated(page, selector), { timeout: 20_000 }).toBe(true);
}

/**
 * Holds back every script the page asks for until `release()`: the page stays the server's HTML,
 * not hydrated, for as long as a step needs it. `requested` counts the scripts asked for so far.
 */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  heldPages.add(page);
  const held = {
    requested: 0,
    release: () => {
      heldPages.delete(page);
      release();
    },
  };
  await page.route(/\.js(\?.*)?$/, async (route: Route) => {
    held.requested++;
    await released;
    // A script of a page already left is not wanted any more.
    await route.continue().catch(() => {});
  });
  return held;
}
