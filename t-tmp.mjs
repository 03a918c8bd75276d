import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { readdirSync, readFileSync } from "node:fs";
const tick = () => { let s = 0; for (const p of readdirSync("/proc")) { if (!/^\d+$/.test(p)) continue; try { const c = readFileSync(`/proc/${p}/comm`, "utf8").trim(); if (c !== "chromium") continue; const f = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" "); s += Number(f[11]) + Number(f[12]); } catch {} } return s / 100; };
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-smooth-scrolling"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: "reduce", baseURL: "http://localhost:4480" });
const page = await context.newPage();
let t = Date.now(), c = tick();
const lap = (label) => { const now = Date.now(), cc = tick(); console.log(label.padEnd(40), (now - t) + " ms", "chromium cpu", (cc - c).toFixed(2)); t = now; c = cc; };
await page.goto("/login"); lap("goto /login");
await page.getByLabel("Email").fill("owner@studio.test");
await page.getByLabel("Password").fill("owner-password");
await page.getByRole("button", { name: "Log in" }).click();
await page.getByRole("button", { name: "Log out" }).waitFor(); lap("log in");
for (const path of ["/profile", "/admin", "/admin/inventory", "/admin/inventory/new", "/admin/orders", "/admin/notices"]) {
  await page.goto(path); lap("goto " + path);
  await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber"))); lap("  hydrated");
  const { violations } = await new AxeBuilder({ page }).analyze(); lap("  axe (" + violations.length + ")");
}
await browser.close();
