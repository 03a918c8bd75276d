import { describe, expect, it } from "vitest";
import { NEEDS_SUPPORT, NOT_DOWN, ON_BED, underside } from "./printability-report.ts";

describe("underside, the one rule for support", () => {
  const down = -1;
  const at46Degrees = -Math.cos((44 * Math.PI) / 180);
  it("leaves faces that do not hang more than 45° alone", () => {
    expect(underside(0, 10, 0)).toBe(NOT_DOWN);
    expect(underside(-Math.cos((46 * Math.PI) / 180), 10, 0)).toBe(NOT_DOWN);
  });
  it("sees a face turned down lying on the bed as resting on it", () => {
    expect(underside(down, 0.05, 0)).toBe(ON_BED);
  });
  it("supports a face turned down above the bed, and one that only touches it at a corner", () => {
    expect(underside(down, 5, 0)).toBe(NEEDS_SUPPORT);
    expect(underside(at46Degrees, 3, 0)).toBe(NEEDS_SUPPORT);
  });
});
