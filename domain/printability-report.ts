// A part's printability report as the server keeps it and pages show it; found by printability.ts.

/** The nozzle's line width: a wall thinner than this is not printed, or printed as a gap. */
export const MIN_WALL_MM = 0.45;
/** Surfaces hanging further from vertical than this need support underneath. */
export const OVERHANG_DEGREES = 45;
/** A face this close to the bed rests on it (it is printed as the first layer, not supported). */
export const ON_BED_MM = 0.1;
// Within 45° of straight down: the profile's support_material_threshold.
const FACING_DOWN = -Math.cos((OVERHANG_DEGREES * Math.PI) / 180);

export const NOT_DOWN = 0;
export const ON_BED = 1;
export const NEEDS_SUPPORT = 2;

/** The first half of `underside`, for a caller that can skip finding the face's height when it is not down. */
export function facesDown(normalZ: number): boolean {
  return normalZ <= FACING_DOWN;
}

/**
 * The one rule for support, for the best orientation (its score) and the printability report
 * (the faces coloured): a face whose outward normal (unit, z up) points down more steeply than
 * OVERHANG_DEGREES rests on the bed when all of it is within ON_BED_MM of the bed, and otherwise
 * needs support.
 */
export function underside(
  normalZ: number,
  highestZ: number,
  bedZ: number,
): typeof NOT_DOWN | typeof ON_BED | typeof NEEDS_SUPPORT {
  if (!facesDown(normalZ)) return NOT_DOWN;
  return highestZ <= bedZ + ON_BED_MM ? ON_BED : NEEDS_SUPPORT;
}

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
