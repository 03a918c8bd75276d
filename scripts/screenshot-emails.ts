/**
 * The receipt as a person sees it: its HTML from fixture data, at 600 and 375 px wide, light and
 * dark, written to the folder given (default screens/emails). `node scripts/screenshot-emails.ts DIR`
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import { renderEmail } from "../server/mail/emails/compose.ts";
import { fixtureContext, fixtures } from "../server/mail/emails/fixtures.ts";

const folder = process.argv[2] ?? "screens/emails";
await mkdir(folder, { recursive: true });
const receipt = fixtures.find((fixture) => fixture.name === "receipt")!;
const mail = await renderEmail(receipt.template, receipt.data("en") as never, fixtureContext("en"));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  for (const width of [600, 375])
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme });
      await page.setContent(mail.html);
      const file = path.join(folder, `receipt-${width}-${colorScheme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await page.close();
      console.log(file);
    }
} finally {
  await browser.close();
}
