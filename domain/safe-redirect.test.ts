import { describe, expect, it } from "vitest";
import { pageAddress } from "./safe-redirect.ts";

describe("pageAddress", () => {
  it("gives a client navigation's page address, never its .data request", () => {
    expect(pageAddress(new URL("http://x/store/checkout.data"))).toBe("/store/checkout");
    expect(pageAddress(new URL("http://x/fr/store/checkout.data?_routes=root,fr/checkout"))).toBe("/fr/store/checkout");
    expect(pageAddress(new URL("http://x/_root.data"))).toBe("/");
    expect(pageAddress(new URL("http://x/fr/admin.data?index&_routes=x"))).toBe("/fr/admin");
    expect(pageAddress(new URL("http://x/orders/abc?tab=1"))).toBe("/orders/abc?tab=1");
    expect(pageAddress(new URL("http://x/payment/o1/2500.data?x=1&_routes=a"))).toBe("/payment/o1/2500?x=1");
  });
});

describe("safeRedirect", () => {
  it("never sends the buyer to a .data address, nor to another site", async () => {
    const { safeRedirect } = await import("./safe-redirect.ts");
    expect(safeRedirect("/store/checkout.data", "/")).toBe("/store/checkout");
    expect(safeRedirect("/fr/profile", "/")).toBe("/fr/profile");
    expect(safeRedirect("//evil.example", "/")).toBe("/");
    expect(safeRedirect("https://evil.example", "/")).toBe("/");
  });
});
