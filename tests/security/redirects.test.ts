import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeRedirect } from "../../domain/safe-redirect.ts";
import { fromAddress, ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** Redirects stay on the site: what a browser would read as another origin is never a Location. */
const OFF_SITE = [
  "//evil.example/x",
  "/\\evil.example",
  "/\t/evil.example/x",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/%09/evil.example".replace("%09", "\t"),
  "https://evil.example/",
  "javascript:alert(1)",
  "/\u0000/x",
  " /x",
];

/** Where a browser would go from this Location on our site. */
function landing(location: string): string {
  return new URL(location, ORIGIN).origin;
}

describe("safeRedirect", () => {
  it("refuses control characters and anything a browser reads as another origin", () => {
    for (const target of OFF_SITE) expect(safeRedirect(target, "/fallback"), JSON.stringify(target)).toBe("/fallback");
    expect(safeRedirect("/store?q=a#top", "/")).toBe("/store?q=a#top");
    expect(safeRedirect("/fr/orders/FF-1", "/")).toBe("/fr/orders/FF-1");
  });
});

let site: { app: Hono; close: () => Promise<void> };
let user: TestUser;
beforeAll(async () => {
  site = await loadSite();
  user = await signUpUser();
}, 60_000);
afterAll(() => site.close());

function post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return site.app.request(
    `${ORIGIN}${path}`,
    {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body).toString(),
    },
    fromAddress(`192.0.2.${Math.floor(Math.random() * 250) + 1}`),
  );
}

describe("redirects of the page forms", () => {
  it("log-in with an off-site redirectTo lands on the site", async () => {
    for (const redirectTo of OFF_SITE) {
      const response = await post("/login", { email: user.email, password: "correct-horse", redirectTo });
      // A NUL is refused before the form is read.
      if (redirectTo.includes("\u0000")) {
        expect(response.status).toBe(400);
        continue;
      }
      expect(response.status).toBe(302);
      const location = response.headers.get("location")!;
      expect(location).not.toMatch(/[\u0000-\u001f\\]/);
      expect(landing(location), location).toBe(ORIGIN);
    }
    // One log-in per address: each hashes a password, slow on a busy machine.
  }, 60_000);

  it("/preferences goes back only to a path of this site, whatever the Referer says", async () => {
    for (const referer of [`${ORIGIN}//evil.example/store`, "https://evil.example/store", `${ORIGIN}/\\evil.example`]) {
      const response = await post("/preferences", { theme: "dark" }, { referer, accept: "text/html" });
      expect(response.status).toBeLessThan(400);
      const location = response.headers.get("location");
      if (location) expect(landing(location), location).toBe(ORIGIN);
    }
    const back = await post(
      "/preferences",
      { theme: "dark" },
      { referer: `${ORIGIN}/fr/store?q=dragon`, accept: "text/html" },
    );
    expect(back.headers.get("location")).toBe("/fr/store?q=dragon");
  });
});
