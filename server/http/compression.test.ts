import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compression } from "./compression.ts";

const page = `<!DOCTYPE html><html><body>${"<p>Printed dragon, lamp and vase.</p>".repeat(200)}</body></html>`;
const app = new Hono();
app.use(compression());
app.get("/page", (c) => c.html(page));
app.get("/page.data", (c) => c.body(page, 200, { "Content-Type": "text/x-script" }));
app.get("/encoded", (c) => c.body("already", 200, { "Content-Type": "text/html", "Content-Encoding": "gzip" }));

describe("compression of rendered answers", () => {
  it("sends brotli to a browser that takes it, gzip to one that takes only gzip, and says it varies", async () => {
    const br = await app.request("/page", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(page);

    const gzip = await app.request("/page.data", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page);
  });

  it("sends plain text to a client that asks for no encoding, and leaves encoded answers alone", async () => {
    const plain = await app.request("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(page);
    const encoded = await app.request("/encoded", { headers: { "accept-encoding": "br" } });
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect(await encoded.text()).toBe("already");
  });

  it("follows the browser's weights", () => {
    expect(chooseEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
