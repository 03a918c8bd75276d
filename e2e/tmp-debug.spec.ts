import { test } from "@playwright/test";
import { E2E_ADMIN } from "../playwright.config";
import { logIn } from "./support";
test.use({ viewport: { width: 360, height: 740 } });
test("debug", async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const p of ["/fr/admin/inventory"]) {
    await page.goto(p);
    const wide = await page.evaluate(() => [...document.querySelectorAll("body *")].filter((e) => { if (e.getBoundingClientRect().right <= innerWidth + 1) return false; for (let a = e.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) { const o = getComputedStyle(a).overflowX; if (o !== "visible") return false; } return true; }).slice(0, 15).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`));
    console.log(p, wide.join("\n")); console.log(await page.evaluate(() => { const out = [String(document.documentElement.scrollWidth)]; for (const e of document.querySelectorAll("body *")) { const cs = getComputedStyle(e); if (cs.overflowX === "visible" && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0) out.push(`${e.tagName}.${e.className} sw=${e.scrollWidth} cw=${e.clientWidth} right=${Math.round(e.getBoundingClientRect().right)}`); } return out.slice(0, 30).join("\n"); }));
    await page.screenshot({ path: "/tmp/shot-inv.png", fullPage: true });
  }
});
