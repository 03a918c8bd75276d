import { defineConfig, devices } from "@playwright/test";
import { tmpdir } from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = path.join(tmpdir(), `studio-e2e-${port}-${Date.now()}`);
export const E2E_ADMIN = { email: "owner@studio.test", password: "owner-password" };
/** The site sends its e-mail here; e2e/contact.spec.ts listens on it with a local SMTP server. */
export const E2E_SMTP_PORT = port + 20_000;
/**
 * A second server, a fresh install as the README's first run leaves it (the owner's account, no
 * mail server): the first-steps journey (e2e/first-steps.spec.ts) changes it for good, so it is
 * kept apart from the sample shop every other journey uses.
 */
export const E2E_FRESH_URL = `http://localhost:${port + 5}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  // A journey's budget, not a speed check: CI's two cores run the server, the slicer and Chromium
  // together, and journeys of 20 s on a quiet machine ran out of 30 s there.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    // The shell's 15 floating dots never stop (SPEC), and without a GPU every frame of theirs is
    // drawn in software: 0.8 of a core for an idle page, taken from the server and the journey
    // (docs/performance.md). Reduced motion stills them, as it does for a visitor who asks.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // The site scrolls smoothly (SPEC: navigation scrolls smoothly), so a field's focus eases the
        // page towards it for a few hundred milliseconds. A click aimed during that glide lands
        // where the button was (the CI lost a no-JavaScript account deletion that way). The site's
        // CSS is unchanged; only this browser jumps.
        "--disable-smooth-scrolling",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: `node scripts/create-admin.ts --email ${E2E_ADMIN.email} --password ${E2E_ADMIN.password} --username Owner && node server/main.ts`,
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://localhost:${port}`,
        RATE_LIMIT: "off",
        PAYMENTS: "sandbox",
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        // The studio's messages are e-mailed after a short wait instead of three minutes.
        CONVERSATION_MAIL_WAIT_SECONDS: "2",
      },
    },
    {
      command: `node scripts/create-admin.ts --email ${E2E_ADMIN.email} --password ${E2E_ADMIN.password} --username Owner && node server/main.ts`,
      url: `${E2E_FRESH_URL}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        PORT: String(port + 5),
        DATA_DIR: `${dataDir}-fresh`,
        PUBLIC_URL: E2E_FRESH_URL,
        RATE_LIMIT: "off",
        PAYMENTS: "sandbox",
      },
    },
  ],
});
