/**
 * Turns the link-preview picture drawn by scripts/draw-public-art.ts (public/og-image.svg) into the
 * PNG that chat apps and social networks accept (public/og-image.png), with the Chromium the
 * browser tests use. Run: node_modules/.bin/node scripts/render-og-image.ts
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const svg = readFileSync(path.resolve("public/og-image.svg"), "utf8");
const out = path.resolve("public/og-image.png");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  await page.locator("svg").first().screenshot({ path: out, type: "png" });
  console.log(`og-image.png ${(statSync(out).size / 1024).toFixed(1)} KB`);
} finally {
  await browser.close();
}
