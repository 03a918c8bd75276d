import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { binaryStl, cube, openBox } from "../tests/support/mesh-fixtures";
import { mailSinkForThisFile } from "./mail-sink";
import { logIn } from "./support";

// Slicing and axe scans of a 3D page take a while on a busy 2-core machine.
test.describe.configure({ timeout: 150_000 });

const sink = mailSinkForThisFile();

async function chooseModel(page: Page, label: string, name: string, bytes: Uint8Array) {
  await page.getByLabel(label).setInputFiles({ name, mimeType: "model/stl", buffer: Buffer.from(bytes) });
}

async function noAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("a buyer uploads a cube, sees its dimensions and an estimate, then the slicer's exact price", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Get an instant quote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Get an instant quote" })).toBeVisible();
  await chooseModel(page, "Choose files", "bracket-cube.stl", binaryStl(cube(20)));
  const card = page.getByRole("article", { name: "bracket-cube.stl" });
  await expect(card.getByText("20 × 20 × 20 mm")).toBeVisible();
  await expect(card.getByText("0.79 × 0.79 × 0.79 in")).toBeVisible();
  await expect(card.getByRole("img", { name: /3D view of bracket-cube.stl/ })).toBeVisible();
  // The viewer marks its first frame once the GPU has drawn the part, not when it was asked to; this
  // browser draws WebGL in software (SwiftShader), where the viewer does without multisampling.
  await expect
    .poll(() =>
      page.evaluate(() =>
        ["quote:part-rendered", "quote:first-frame"].map((name) => performance.getEntriesByName(name).length),
      ),
    )
    .toEqual([1, 1]);
  expect(
    await page.evaluate(
      () =>
        performance.getEntriesByName("quote:first-frame")[0]!.startTime >=
        performance.getEntriesByName("quote:part-rendered")[0]!.startTime,
    ),
  ).toBe(true);
  expect(
    await card
      .locator("canvas")
      .evaluate((canvas: HTMLCanvasElement) => canvas.getContext("webgl2")?.getContextAttributes()?.antialias),
  ).toBe(false);
  // The shell's decorative dots keep still while a 3D view is on the page (app.css), for a visitor
  // who lets pages move too (the journeys' browser asks for reduced motion: playwright.config.ts).
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await expect
    .poll(() =>
      page
        .locator(".particle")
        .evaluateAll(
          (dots) => dots.length > 0 && dots.every((dot) => getComputedStyle(dot).animationPlayState === "paused"),
        ),
    )
    .toBe(true);
  const exact = card.getByRole("region", { name: "Exact price" });
  await expect(exact).toBeVisible({ timeout: 20_000 });
  await expect(exact.getByText("Print time")).toBeVisible();
  await expect(exact.getByText(/^\$\d+\.\d\d$/).last()).toBeVisible();
  // So small a part costs the studio's minimum, which the price says; no quantity takes it lower,
  // so no price breaks are offered.
  await expect(exact.getByText("A minimum of $10.00 per part applies.")).toBeVisible();
  await expect(card.getByRole("table", { name: "Price by quantity" })).toHaveCount(0);
  // A new quantity re-prices from the same slice: ten at the minimum, no discount under it.
  await card.getByLabel("Quantity").fill("10");
  await expect(card.getByRole("region", { name: "Exact price" }).getByText("$100.00")).toBeVisible({
    timeout: 20_000,
  });
  await expect(card.getByText(/Quantity discount/)).toHaveCount(0);
  await noAxeViolations(page);
});

test("en français : dimensions, estimation puis prix exact", async ({ page }) => {
  await page.goto("/fr/quote");
  await expect(page.getByRole("heading", { level: 1, name: "Obtenir une soumission instantanée" })).toBeVisible();
  await chooseModel(page, "Choisir des fichiers", "cube.stl", binaryStl(cube(30)));
  const card = page.getByRole("article", { name: "cube.stl" });
  await expect(card.getByText("30 × 30 × 30 mm")).toBeVisible();
  await expect(card.getByRole("region", { name: "Prix exact" })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/\d+,\d\d\s\$/).last()).toBeVisible();
  await noAxeViolations(page);
});

test("a part that cannot be priced automatically says why and goes to the studio", async ({ page }) => {
  await page.goto("/quote");
  await chooseModel(page, "Choose files", "open-box.stl", binaryStl(openBox()));
  const card = page.getByRole("article", { name: "open-box.stl" });
  await expect(card.getByRole("region", { name: "Estimate" })).toBeVisible();
  await expect(card.getByRole("alert")).toContainText("not a closed surface");
  await card.getByRole("button", { name: "Ask the studio for a price" }).click();
  await card.getByLabel("Your e-mail").fill("buyer@example.test");
  await card.getByLabel("Note for the studio (optional)").fill("The top is open on purpose: it is a tray.");
  await card.getByRole("button", { name: "Send the request" }).click();
  await expect(card.getByRole("status")).toContainText("the studio will e-mail you a price");
});

test("a renamed picture is refused with a clear message", async ({ page }) => {
  await page.goto("/quote");
  await page.getByLabel("Choose files").setInputFiles({
    name: "photo.stl",
    mimeType: "model/stl",
    buffer: Buffer.from("\x89PNG\r\n\x1a\n not a model at all"),
  });
  await expect(page.getByRole("article", { name: "photo.stl" }).getByRole("alert")).toHaveText(
    "This file is not an STL, OBJ, 3MF or STEP model.",
  );
});

test("the studio prices a review request; the buyer gets an e-mail whose link shows the price", async ({
  page,
  browser,
}) => {
  await page.goto("/quote");
  await chooseModel(page, "Choose files", "tray.stl", binaryStl(openBox(40)));
  const card = page.getByRole("article", { name: "tray.stl" });
  await card.getByRole("button", { name: "Ask the studio for a price" }).click();
  await card.getByLabel("Your e-mail").fill("tray-buyer@example.test");
  await card.getByRole("button", { name: "Send the request" }).click();
  await expect(card.getByRole("status")).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto("/admin/quotes");
  await expect(admin.getByText(/Exact prices come from PrusaSlicer 2\./)).toBeVisible();
  const request = admin
    .getByRole("listitem")
    .filter({ has: admin.getByRole("heading", { name: "tray.stl" }) })
    .first();
  await expect(request.getByText("tray-buyer@example.test")).toBeVisible();
  await expect(request.getByRole("link", { name: "Download tray.stl" })).toHaveAttribute(
    "href",
    /\/api\/quotes\/.+\/file$/,
  );
  await noAxeViolations(admin);
  await request.getByLabel("Price per part (dollars)").fill("45");
  await request.getByRole("button", { name: "Set price" }).click();
  await expect(admin.getByRole("status")).toHaveText("Price sent to the buyer.");

  const mail = await sink.mailTo("tray-buyer@example.test", "has been priced");
  const link = /http:\/\/localhost:\d+(\/quote\?q=[0-9a-f-]{36})/.exec(mail)![1]!;
  await page.goto(link);
  const priced = page.getByRole("article", { name: "tray.stl" });
  await expect(priced.getByRole("region", { name: "Exact price" }).getByText("$45.00").last()).toBeVisible();
  await expect(priced.getByText("The studio has priced this part.")).toBeVisible();
  await expect(priced.getByText("Print time")).toHaveCount(0);
  // The studio's price can be ordered like any other.
  await expect(priced.getByRole("button", { name: "Add to cart" })).toBeVisible();
  await adminContext.close();
});

test("the studio's print pricing: validated, saved as a new version, accessible", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Print pricing" })).toBeVisible();
  await noAxeViolations(page);
  const version = Number(/(\d+)$/.exec((await page.getByText(/^Terms version \d+$/).textContent())!)![1]);
  await page.getByLabel("Infill choices (percent, separated by commas)").fill("10, 10");
  await page.getByRole("button", { name: "Save the terms" }).click();
  await expect(page.getByRole("alert")).toContainText("Some values are not valid:");
  await page.getByLabel("Infill choices (percent, separated by commas)").fill("15, 20, 40, 100");
  await page.getByLabel("Setup fee per part (dollars)").fill("6.50");
  await page.getByRole("button", { name: "Save the terms" }).click();
  await expect(page.getByRole("status")).toHaveText(`Saved as version ${version + 1}. New quotes use it.`);
  await expect(page.getByLabel("Setup fee per part (dollars)")).toHaveValue("6.50");
  await page.goto("/fr/admin/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Tarifs d’impression" })).toBeVisible();
  await noAxeViolations(page);
});
