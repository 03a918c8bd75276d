import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn, signUp } from "./support";

test("a buyer downloads their data, then deletes their account with the site's dialog", async ({ page }) => {
  const account = await signUp(page);
  await page.goto("/profile");
  // A buyer is not shown an internal role.
  await expect(page.getByText("Role")).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.account).toMatchObject({ email: account.email, username: account.username });

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  // A wrong address is refused, and the account stays.
  await dialog.getByLabel("Your e-mail address").fill("someone-else@example.test");
  await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(page.getByRole("dialog", { name: "Delete your account?" }).getByRole("alert")).toHaveText(
    "Type the e-mail address of this account to confirm.",
  );
  await page.getByRole("dialog", { name: "Delete your account?" }).getByLabel("Your e-mail address").fill(account.email);
  await page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account permanently" }).click();

  await expect(page).toHaveURL(/\/login\?accountDeleted=1$/);
  await expect(page.getByRole("status")).toHaveText("Your account has been deleted.");
  await expect(page.getByRole("button", { name: "Log out" })).toHaveCount(0);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("an admin sees their role on the profile", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/profile");
  await expect(page.getByText("Role")).toBeVisible();
  await expect(page.getByText("Administrator", { exact: true })).toBeVisible();
});
