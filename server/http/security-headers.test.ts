import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { RESOURCE_POLICY } from "./content-security-policy.ts";
import { securityHeaders } from "./security-headers.ts";

const site = new Hono();
site.use(securityHeaders());
site.get("/text", (c) => c.text("hello"));
site.get(
  "/page",
  () =>
    new Response("<p>page</p>", {
      headers: { "Content-Type": "text/html", "Content-Security-Policy": "default-src 'self'" },
    }),
);
site.get("/stream", () => new Response(new Blob(["streamed"]).stream()));
site.get("/moved", (c) => c.redirect("/text"));
site.get("/frozen", () => Response.redirect("https://studio.example/text", 302));

describe("security headers", () => {
  it("are on every response, whatever made it, and keep its body and its own policy", async () => {
    for (const path of ["/text", "/page", "/stream", "/moved", "/frozen", "/missing"]) {
      const response = await site.request(`https://studio.example${path}`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      expect(response.headers.get("content-security-policy")).toBe(
        path === "/page" ? "default-src 'self'" : RESOURCE_POLICY,
      );
    }
    expect(await (await site.request("http://localhost/page")).text()).toBe("<p>page</p>");
    expect(await (await site.request("http://localhost/stream")).text()).toBe("streamed");
    expect((await site.request("http://localhost/text")).headers.get("strict-transport-security")).toBeNull();
  });
});
