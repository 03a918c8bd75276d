// A part's printability report as the server keeps it and pages show it; found by printability.ts.

/** The nozzle's line width: a wall thinner than this is not printed, or printed as a gap. */
export const MIN_WALL_MM = 0.45;
/** Surfaces hanging further from vertical than this need support underneath. */
export const OVERHANG_DEGREES = 45;

export const FACE_THIN = 1;
export const FACE_OVERHANG = 2;
export const FACE_OPEN_EDGE = 4;

export type PrintabilityReport = {
  thinWalls: { faces: number; areaMm2: number; thinnestMm: number | null };
  overhangs: { faces: number; areaMm2: number };
  openEdges: { faces: number };
  fitsBed: boolean;
};

/** True when the report finds nothing the buyer or the owner should look at. */
export function printsCleanly(report: PrintabilityReport): boolean {
  return report.thinWalls.faces === 0 && report.overhangs.faces === 0 && report.openEdges.faces === 0 && report.fitsBed;
}
