import { expect, test } from "./test";

// What the production server sends with every kind of response: a browser's defences and caching.

const everywhere = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

test("pages carry a strict policy whose nonce is fresh and matches every inline script", async ({ request }) => {
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await request.get("/store");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    for (const [name, value] of Object.entries(everywhere)) expect(headers[name]).toBe(value);
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["strict-transport-security"]).toBeUndefined();

    const policy = headers["content-security-policy"]!;
    const scriptSrc = policy
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    nonces.push(nonce);

    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("JSON, pictures and files may run nothing; HSTS is sent behind HTTPS", async ({ request }) => {
  for (const path of ["/api/catalogue/categories", "/favicon.svg", "/robots.txt"]) {
    const headers = (await request.get(path)).headers();
    for (const [name, value] of Object.entries(everywhere)) expect(headers[name], `${name} on ${path}`).toBe(value);
    expect(headers["content-security-policy"], path).toMatch(/^default-src 'none'|script-src 'self' 'nonce-/);
  }
  const json = (await request.get("/api/catalogue/categories")).headers();
  expect(json["content-security-policy"]).toMatch(/^default-src 'none'/);

  const proxied = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(proxied.headers()["strict-transport-security"]).toMatch(/max-age=\d{8,}/);
});

test("hashed assets are cached for a year and everything is compressed", async ({ request }) => {
  const page = await request.get("/", { headers: { "accept-encoding": "br, gzip" } });
  expect(page.headers()["content-encoding"]).toMatch(/br|gzip/);
  expect(page.headers()["cache-control"]).toContain("no-cache");

  const html = await page.text();
  // Every script the page names (its loader starts them after load, decision 062);
  // the build compresses those of 1 KB and more (a smaller one gains less than its headers).
  const scripts = [...new Set(html.match(/\/assets\/[^"\\]+\.js/g))];
  expect(scripts.length).toBeGreaterThan(1);
  let compressed = 0;
  for (const script of scripts) {
    const asset = await request.get(script, { headers: { "accept-encoding": "br, gzip" } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    if (asset.headers()["content-encoding"]) {
      expect(asset.headers()["content-encoding"]).toMatch(/br|gzip/);
      compressed++;
    } else {
      expect((await asset.body()).length, script).toBeLessThan(1024);
    }
  }
  expect(compressed).toBeGreaterThan(0);

  const api = await request.get("/api/catalogue/items", { headers: { "accept-encoding": "gzip" } });
  expect(api.headers()["etag"]).toBeTruthy();
  const again = await request.get("/api/catalogue/items", { headers: { "if-none-match": api.headers()["etag"]! } });
  expect(again.status()).toBe(304);
});

test("a signed-in buyer's pages are compressed and never shared by caches: spliced pages in gzip parts compressed once, others in brotli", async ({
  request,
  baseURL,
}) => {
  const email = `brotli-${Date.now()}@example.test`;
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL! },
    data: { name: `brotli${Date.now()}`, email, password: "correct-horse" },
  });
  expect(signUp.ok()).toBe(true);
  const accepts = { "accept-encoding": "gzip, deflate, br, zstd" };
  // /store and the buyer's own /profile are spliced from a shared part (decisions 060, 075): gzip
  // members compressed once, the buyer's own between them.
  for (const path of ["/store", "/profile"]) {
    const spliced = await request.get(path, { headers: accepts });
    expect(spliced.headers()["content-encoding"], path).toBe("gzip");
    expect(spliced.headers()["cache-control"], path).toBe("private, no-cache");
    expect(await spliced.text(), path).toContain("Log out");
  }
  // The profile with the address being edited is rendered whole, and compressed for this response.
  const own = await request.get("/profile?edit=none", { headers: accepts });
  expect(own.headers()["content-encoding"]).toBe("br");
  expect(own.headers()["cache-control"]).toBe("private, no-cache");
  expect(await own.text()).toContain(email);
  const navigation = await request.get("/store.data?q=dragon", { headers: accepts });
  expect(navigation.headers()["content-encoding"]).toBe("br");
  expect(navigation.headers()["cache-control"]).toBe("private, no-cache");
  expect(navigation.headers()["vary"]).toMatch(/accept-encoding/i);
});
