import { expect, test } from "./test";
import { holdScripts, hydrated } from "./support";

test("text typed into the store's search before the page's JavaScript runs survives hydration, and is searched", async ({
  page,
}) => {
  // Hold back every script module until the words are typed: the page is only the server's HTML.
  const scripts = await holdScripts(page);
  await page.goto("/store", { waitUntil: "commit" });
  const search = page.getByLabel("Search the store");
  await search.fill("dragon");
  expect(await hydrated(page, 'input[name="q"]')).toBe(false);

  scripts.release();
  await expect.poll(() => hydrated(page, 'input[name="q"]'), { timeout: 20_000 }).toBe(true);
  // Everything the page loads after hydration (its catalogues, the cart) has arrived and rendered.
  await page.waitForLoadState("networkidle");
  await expect(search).toHaveValue("dragon");
  // The words typed early are searched once the page is live, as if typed after.
  await expect(page).toHaveURL("/store?q=dragon");
  await expect(page.getByTestId("result-count")).toHaveText("2 items for “dragon”");
  await expect(search).toHaveValue("dragon");

  // And the live search goes on working.
  await search.fill("knights");
  await expect(page).toHaveURL("/store?q=knights");
  await expect(search).toHaveValue("knights");
  await page.goBack();
  await page.goto("/store?q=deco");
  await expect(search).toHaveValue("deco");
});
