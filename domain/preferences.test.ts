import { describe, expect, it } from "vitest";
import { themeFrom } from "./preferences.ts";

describe("the theme a page is rendered in", () => {
  it("is the visitor's choice, else the system's preference (issue 36)", () => {
    expect(themeFrom("dark")).toBe("dark");
    expect(themeFrom("light")).toBe("light");
    expect(themeFrom(undefined)).toBe("system");
    expect(themeFrom("purple")).toBe("system");
  });
});
