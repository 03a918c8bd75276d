import { accessSync, constants } from "node:fs";

/** `npm test` ends with the browser journeys: without Chromium, say so before anything else runs. */
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.error(
    `Chromium is not at ${chromium}, and the browser tests need it. Install it with\n\n` +
      `  sudo apt-get install chromium\n\n` +
      `or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
  );
  process.exit(1);
}
