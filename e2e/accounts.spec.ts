import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn, newAccount, signUp } from "./support";

test("a visitor signs up, sees the profile, logs out and logs back in", async ({ page }) => {
  const account = await signUp(page);
  // Sign-up says what comes next: verify the address, why, and what it unlocks.
  await expect(page).toHaveURL("/verify?welcome=1&next=%2F");
  await expect(page.getByRole("heading", { name: "What comes next" })).toBeVisible();
  await expect(page.getByText("place orders with your account")).toBeVisible();
  await page.getByRole("link", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL("/");
  await page.getByRole("link", { name: "My profile" }).click();
  await expect(page.getByRole("heading", { name: "My profile" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: account.email })).toBeVisible();
  await expect(page.getByText(account.username, { exact: true })).toBeVisible();
  // The spec's profile screen: e-mail and a role badge, for a customer too.
  await expect(page.getByRole("definition").filter({ hasText: /^Customer$/ })).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("definition").filter({ hasText: account.email })).toBeVisible();
});

test("the login form shows the spec's messages", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
  await page.getByLabel("Email").fill("nobody@example.test");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("Login failed");
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await expect(page.getByLabel("Email")).toHaveValue("nobody@example.test");
});

test("the sign-up form shows the spec's messages and keeps what was typed", async ({ page }) => {
  const account = newAccount();
  await page.goto("/signup");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");

  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("abcdef");
  await page.getByLabel("Confirm password").fill("abcdeg");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await expect(page.getByLabel("Username")).toHaveValue(account.username);

  await page.getByLabel("Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm password").fill("abc");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 6 characters long");
});

test("signing up with an e-mail already taken says why", async ({ page, browser }) => {
  const account = await signUp(page);
  const other = await browser.newPage();
  await other.goto("/signup");
  await other.getByLabel("Username").fill("someone");
  await other.getByLabel("Email").fill(account.email);
  await other.getByLabel("Password", { exact: true }).fill("abcdef");
  await other.getByLabel("Confirm password").fill("abcdef");
  await other.getByRole("button", { name: "Sign up" }).click();
  await expect(other.getByRole("alert")).toContainText("Sign up failed");
  await expect(other.getByRole("alert")).toContainText("An account already exists with this email");
});

test("French forms speak French", async ({ page }) => {
  await page.goto("/fr/signup");
  await page.getByRole("button", { name: "S’inscrire" }).click();
  await expect(page.getByRole("alert")).toHaveText("Veuillez remplir tous les champs");
  await page.goto("/fr/login");
  await page.getByLabel("Courriel").fill("personne@example.test");
  await page.getByLabel("Mot de passe").fill("mauvais-mdp");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toContainText("Échec de la connexion");
});

test("signed-in users are sent home from login and sign-up", async ({ page }) => {
  await signUp(page);
  await page.goto("/login");
  await expect(page).toHaveURL("/");
  await page.goto("/fr/signup");
  await expect(page).toHaveURL("/fr");
});

test("admin routes: anonymous to login, users home, the CLI-made admin in", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);

  await signUp(page);
  await page.goto("/admin");
  await expect(page).toHaveURL("/");
  const forbidden = await page.request.get("/api/admin/overview");
  expect(forbidden.status()).toBe(403);
  await page.getByRole("button", { name: "Log out" }).click();
  // Logged out before going on: a /login asked for while the logout is on its way is sent home.
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole("link", { name: "Admin area" }).click();
  await expect(page).toHaveURL("/admin/inventory");
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Inventory Management" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Category Management" })).toBeVisible();
  expect((await page.request.get("/api/admin/overview")).status()).toBe(200);
});
