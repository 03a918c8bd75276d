import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { listStaticFiles, staticFiles } from "./static-files.ts";

const root = mkdtempSync(path.join(tmpdir(), "static-files-"));
mkdirSync(path.join(root, "assets"));
mkdirSync(path.join(root, "images", "brand"), { recursive: true });
writeFileSync(path.join(root, "favicon.svg"), "<svg/>");
writeFileSync(path.join(root, "assets", "app-1234.js"), "console.log(1)");
writeFileSync(path.join(root, "images", "brand", "logo.svg"), "<svg>logo</svg>");
writeFileSync(path.join(root, "images", "brand", "logo.svg.br"), "compressed");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const app = new Hono();
app.use(staticFiles(root));
app.all("*", (c) => c.text("page", 200));

describe("static files", () => {
  it("lists the build's files once, without the precompressed copies", () => {
    expect([...listStaticFiles(root)].sort()).toEqual([
      "/assets/app-1234.js",
      "/favicon.svg",
      "/images/brand/logo.svg",
    ]);
  });

  it("serves a listed file with its cache lifetime, and hands anything else to the pages", async () => {
    const asset = await app.request("/assets/app-1234.js");
    expect(await asset.text()).toBe("console.log(1)");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const logo = await app.request("/images/brand/logo.svg");
    expect(await logo.text()).toBe("<svg>logo</svg>");
    expect(logo.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await app.request("/store")).text()).toBe("page");
    expect(await (await app.request("/assets/missing.js")).text()).toBe("page");
    // Only listed files are served: an encoded way out of the folder is a page address like any other.
    expect(await (await app.request("/%2e%2e/static-files.test.ts")).text()).toBe("page");
  });
});
