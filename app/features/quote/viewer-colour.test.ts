import { SRGBColorSpace } from "three";
import { describe, expect, it } from "vitest";
import { viewerColour } from "./viewer-colour";

const shown = (hex: string) => `#${viewerColour(hex).getHexString(SRGBColorSpace)}`;

describe("viewerColour", () => {
  it("draws black filament as a dark grey, so that the part's faces can be told apart", () => {
    expect(shown("#1f1f1f")).toBe("#4d4d4d");
    expect(shown("#000000")).toBe("#4d4d4d");
  });

  it("keeps the hue of a nearly black colour", () => {
    const lifted = viewerColour("#0a1a40").getHSL({ h: 0, s: 0, l: 0 }, SRGBColorSpace);
    expect(lifted.l).toBeCloseTo(0.3, 2);
    expect(lifted.h * 360).toBeCloseTo(222, 0);
  });

  it("draws every other swatch as it is", () => {
    for (const hex of ["#f2f2f2", "#c0392b", "#2460a7", "#2e7d32", "#d6e6ea"]) expect(shown(hex)).toBe(hex);
  });
});
