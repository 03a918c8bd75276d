import { describe, expect, it } from "vitest";
import { asciiStl, binaryStl, box, cube, obj, openBox, torus } from "../tests/support/mesh-fixtures.ts";
import { fitsBuildVolume, meshStats, parseObj, parseStl, suggestScale } from "./mesh.ts";

describe("mesh geometry", () => {
  it("measures a 20 mm cube from binary and ASCII STL alike", () => {
    for (const bytes of [binaryStl(cube(20)), asciiStl(cube(20))]) {
      const stats = meshStats(parseStl(bytes));
      expect(stats.triangles).toBe(12);
      expect(stats.size).toEqual([20, 20, 20]);
      expect(stats.volumeMm3).toBeCloseTo(8000, 3);
      expect(stats.areaMm2).toBeCloseTo(2400, 3);
      expect(stats.manifold).toBe(true);
    }
  });

  it("gives a torus the volume of 2π²Rr² within the faceting error", () => {
    const stats = meshStats(parseStl(binaryStl(torus(40, 15, 200, 100))));
    expect(stats.triangles).toBe(40_000);
    expect(stats.manifold).toBe(true);
    const exact = 2 * Math.PI ** 2 * 40 * 15 ** 2;
    expect(Math.abs(stats.volumeMm3 - exact) / exact).toBeLessThan(0.01);
  });

  it("says an open box is not manifold", () => {
    expect(meshStats(parseStl(binaryStl(openBox()))).manifold).toBe(false);
  });

  it("reads OBJ faces, including polygons and negative indices", () => {
    expect(meshStats(parseObj(obj(cube(10)))).volumeMm3).toBeCloseTo(1000, 3);
    const quad = new TextEncoder().encode("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf -4 -3 -2 -1\n");
    expect(parseObj(quad).length).toBe(18);
  });

  it("suggests ×25.4 for a part drawn in inches and ×0.001 for one drawn in microns-as-mm", () => {
    expect(suggestScale(meshStats(parseStl(binaryStl(box(3, 2, 1)))).size)).toEqual({ factor: 25.4, reason: "inches" });
    expect(suggestScale([0.08, 0.05, 0.02])).toEqual({ factor: 1000, reason: "metres" });
    expect(suggestScale([20, 20, 20])).toBeNull();
    expect(suggestScale([9000, 100, 100])).toEqual({ factor: 0.001, reason: "metres" });
  });

  it("fits a part to the build volume lying on any side", () => {
    const plate = { x: 250, y: 210, z: 210 };
    expect(fitsBuildVolume([300, 100, 100], plate)).toBe(false);
    expect(fitsBuildVolume([100, 240, 50], plate)).toBe(true);
    expect(fitsBuildVolume([220, 220, 220], plate)).toBe(false);
  });
});
