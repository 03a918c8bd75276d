import { describe, expect, it } from "vitest";
import { box, cube, rotated, tBeam, torus } from "../tests/support/mesh-fixtures.ts";
import { chosenPlacement, IDENTITY, partOrientations, rotatedOntoBed, type Placement } from "./orientation.ts";

const bed = { x: 250, y: 210, z: 210 };
const mesh = (triangles: number[]) => Float32Array.from(triangles);
const size = (p: Placement) => p.max.map((v, k) => Math.round((v - p.min[k]!) * 1000) / 1000);
const best = (triangles: number[], volume = bed) => {
  const positions = mesh(triangles);
  return chosenPlacement(partOrientations(positions), "best", boundsOf(positions), 1, volume)!;
};
function boundsOf(positions: Float32Array): number[] {
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity];
  positions.forEach((v, i) => {
    lo[i % 3] = Math.min(lo[i % 3]!, v);
    hi[i % 3] = Math.max(hi[i % 3]!, v);
  });
  return hi.map((v, k) => v - lo[k]!);
}
const turn = (degrees: number): number[] => {
  const c = Math.cos((degrees * Math.PI) / 180),
    s = Math.sin((degrees * Math.PI) / 180);
  return [1, 0, 0, 0, c, -s, 0, s, c]; // about x
};

describe("the best orientation", () => {
  it("turns a T standing on its stem upside down: its cap on the bed, nothing to support", () => {
    const positions = mesh(tBeam());
    const { asFile } = partOrientations(positions);
    expect(asFile["as-drawn"].overhangMm2).toBeCloseTo(2 * 15 * 40, 3); // the cap's underside, both sides
    const chosen = best(tBeam());
    expect(chosen.overhangMm2).toBe(0);
    expect(chosen.contactMm2).toBeCloseTo(40 * 40, 3);
    expect(size(chosen)).toEqual([40, 40, 26]);
    // The rotated mesh stands on its cap: the widest layer is at the bottom.
    const turned = rotatedOntoBed(positions, chosen.rotation);
    const low = [...turned.filter((_, i) => i % 3 === 2)];
    expect(Math.min(...low)).toBeCloseTo(0, 5);
  });

  it("leaves a cube as it is", () => {
    expect(best(cube(20)).rotation).toEqual(IDENTITY);
  });

  it("keeps a torus lying flat as drawn", () => {
    expect(best(torus(30, 10, 40, 20)).rotation).toEqual(IDENTITY);
  });

  it("lays a tilted plate on its large face", () => {
    const plate = rotated(box(60, 40, 4), turn(30));
    const { asFile } = partOrientations(mesh(plate));
    expect(asFile["as-drawn"].contactMm2).toBe(0); // it stands on an edge
    const chosen = best(plate);
    expect(chosen.contactMm2).toBeCloseTo(60 * 40, 0);
    expect(chosen.overhangMm2).toBeCloseTo(0, 3);
    expect(size(chosen)[2]).toBeCloseTo(4, 3);
  });

  it("keeps to the bed: a plate too large to lie flat stands on its short edge", () => {
    const plate = rotated(box(60, 40, 4), turn(30));
    const chosen = best(plate, { x: 50, y: 50, z: 100 });
    const [x, y, z] = size(chosen);
    expect(x).toBeLessThanOrEqual(50);
    expect(y).toBeLessThanOrEqual(50);
    expect(z).toBeLessThanOrEqual(100);
    expect(z).toBeCloseTo(60, 3); // on its long edge it would be 60 mm wide
  });

  it("turns a part on the bed when that is what makes it fit", () => {
    const bar = box(200, 240, 10); // 240 mm long only fits the bed's 250 mm side
    const chosen = best(bar);
    const [x, y] = size(chosen);
    expect(x).toBeCloseTo(240, 3);
    expect(y).toBeCloseTo(200, 3);
  });

  it("as in the file: the file's own orientation, or its quarter turn when only that fits", () => {
    const positions = mesh(tBeam());
    const own = chosenPlacement(partOrientations(positions), "as-file", [40, 40, 26], 1, bed)!;
    expect(own.rotation).toEqual(IDENTITY);
    const tall = mesh(box(20, 20, 240));
    const laid = chosenPlacement(partOrientations(tall), "as-file", [20, 20, 240], 1, bed)!;
    expect(size(laid)[2]).toBeCloseTo(20, 3);
  });

  it("is quick on 200,000 triangles", () => {
    const big = mesh(torus(40, 15, 500, 200)); // 200,000 triangles
    expect(big.length / 9).toBe(200_000);
    const started = performance.now();
    const orientations = partOrientations(big);
    const elapsed = performance.now() - started;
    console.log(
      `partOrientations: ${Math.round(elapsed)} ms on 200,000 triangles, ${orientations.candidates.length} stable candidates`,
    );
    expect(elapsed).toBeLessThan(2000); // the figure printed is the one to read; this only catches a blunder
  });
});
