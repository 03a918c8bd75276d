import { test as base, type Page } from "@playwright/test";

export { expect } from "@playwright/test";

/** Pages whose scripts a step holds back on purpose (`holdScripts`): nothing waits for them to hydrate. */
export const heldPages = new WeakSet<Page>();

const NAVIGATIONS = ["goto", "reload", "goBack", "goForward"] as const;

/**
 * Decision 062: a page's modules start after the window's `load`, so a step taken right after a
 * navigation meets the server's HTML, where a button posts its form instead of opening its dialog.
 * A buyer sees the page settle first; so does every journey: a navigation that waits for `load`
 * (the default) also waits until React has taken over the document. A page without the app's
 * router (an API's JSON, a context without JavaScript) is taken as it is.
 */
async function untilDocumentHydrated(page: Page): Promise<void> {
  if (heldPages.has(page)) return;
  await page.waitForFunction(
    () =>
      !("__reactRouterContext" in window) ||
      Object.keys(document.body ?? {}).some((key) => key.startsWith("__reactFiber")),
    undefined,
    { timeout: 20_000 },
  );
}

function waitsForLoad(options: unknown): boolean {
  const waitUntil = (options as { waitUntil?: string } | undefined)?.waitUntil;
  return waitUntil === undefined || waitUntil === "load";
}

const patched = new WeakSet<object>();

/** Every page shares one prototype: patched once, it covers the pages of every context a test opens. */
function waitForHydrationAfterNavigations(page: Page): void {
  const prototype = Object.getPrototypeOf(page) as Record<
    (typeof NAVIGATIONS)[number],
    (...args: unknown[]) => Promise<unknown>
  >;
  if (patched.has(prototype)) return;
  patched.add(prototype);
  for (const name of NAVIGATIONS) {
    const navigate = prototype[name];
    prototype[name] = async function (this: Page, ...args: unknown[]) {
      const response = await navigate.apply(this, args);
      if (waitsForLoad(name === "goto" ? args[1] : args[0])) await untilDocumentHydrated(this);
      return response;
    };
  }
}

export const test = base.extend<object, { hydratedNavigations: void }>({
  hydratedNavigations: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      waitForHydrationAfterNavigations(await context.newPage());
      await context.close();
      await use();
    },
    { scope: "worker", auto: true },
  ],
});
