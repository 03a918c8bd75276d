import { describe, expect, it } from "vitest";
import { box, cube, openBox, torus } from "../tests/support/mesh-fixtures.ts";
import { FACE_OPEN_EDGE, FACE_OVERHANG, FACE_THIN } from "./printability-report.ts";
import { printability } from "./printability.ts";

const bed = { x: 250, y: 210, z: 210 };
const report = (triangles: number[]) => printability(new Float32Array(triangles), bed);

/** A table: a 40 × 40 top 3 mm thick on a 10 × 10 leg 20 mm tall (the top's underside hangs flat). */
const table = () => [...box(10, 10, 20, [15, 15, 0]), ...box(40, 40, 3, [0, 0, 20])];

describe("a part's printability report", () => {
  it("finds nothing on a 20 mm cube", () => {
    const { report: found, faceFlags } = report(cube(20));
    expect(found).toEqual({
      thinWalls: { faces: 0, areaMm2: 0, thinnestMm: null },
      overhangs: { faces: 0, areaMm2: 0 },
      openEdges: { faces: 0 },
      fitsBed: true,
    });
    expect(faceFlags.every((flag) => flag === 0)).toBe(true);
  });

  it("finds walls thinner than one line on a 0.3 mm plate, and only its large faces", () => {
    const { report: found, faceFlags } = report(box(40, 40, 0.3));
    expect(found.thinWalls).toEqual({ faces: 4, areaMm2: 3200, thinnestMm: 0.3 });
    expect([...faceFlags].filter((flag) => flag & FACE_THIN)).toHaveLength(4);
  });

  it("does not call a 2 mm wall thin", () => {
    expect(report(box(40, 40, 2)).report.thinWalls.faces).toBe(0);
  });

  it("finds the underside of a table top hanging, but not the faces on the bed", () => {
    const { report: found, faceFlags } = report(table());
    // The top's underside: 40 × 40 mm in two triangles.
    expect(found.overhangs).toEqual({ faces: 2, areaMm2: 1600 });
    // The leg's foot rests on the bed: two triangles, not flagged.
    expect([...faceFlags].filter((flag) => flag & FACE_OVERHANG)).toHaveLength(2);
  });

  it("finds the open edges of a box without a lid", () => {
    const { report: found, faceFlags } = report(openBox(20));
    expect(found.openEdges.faces).toBeGreaterThan(0);
    expect(faceFlags.some((flag) => flag & FACE_OPEN_EDGE)).toBe(true);
  });

  it("says when a part is larger than the bed, even turned", () => {
    expect(report(box(300, 20, 20)).report.fitsBed).toBe(false);
    expect(report(box(100, 20, 240)).report.fitsBed).toBe(true); // laid on its side
  });

  it("reports on a 200,000-triangle torus (its time printed)", () => {
    const started = performance.now();
    const { report: found } = report(torus(40, 15, 500, 200));
    console.log(`printability of a 200,000-triangle torus: ${(performance.now() - started).toFixed(0)} ms`);
    // The lower half of a torus lying flat hangs: the printer builds supports under it.
    expect(found.overhangs.faces).toBeGreaterThan(10_000);
    expect(found.thinWalls.faces).toBe(0);
    expect(found.openEdges.faces).toBe(0);
  });
});
