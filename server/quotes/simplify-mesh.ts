import { MeshoptSimplifier } from "meshoptimizer";

/**
 * How far a simplified copy may stray from the buyer's surface, in millimetres: below PrusaSlicer's
 * own G-code resolution (0.0125 mm, the detail it drops from every path), so the printer would not
 * tell the two apart. The 1 % test (slicing-copy.test.ts) checks the price on ten varied models.
 */
export const SLICING_TOLERANCE_MM = 0.01;

/** Below this, a slice is quick already and the model is sliced as it came. */
export const SIMPLIFY_ABOVE_TRIANGLES = 20_000;

/**
 * The same surface with fewer triangles (meshoptimizer's edge-collapse simplifier, bounded by an
 * absolute error), or null when it would not be at least a quarter smaller. Corners are welded by
 * position first: a triangle soup shares no vertex, and the simplifier collapses only shared edges.
 */
export async function simplifyForSlicing(positions: Float32Array, toleranceMm = SLICING_TOLERANCE_MM): Promise<Float32Array | null> {
  const corners = positions.length / 3;
  if (corners / 3 <= SIMPLIFY_ABOVE_TRIANGLES) return null;
  await MeshoptSimplifier.ready;
  const firstAtSamePlace = MeshoptSimplifier.generatePositionRemap(positions, 3);
  const slot = new Int32Array(corners).fill(-1);
  const vertices = new Float32Array(positions.length);
  const indices = new Uint32Array(corners);
  let vertexCount = 0;
  for (let corner = 0; corner < corners; corner++) {
    const first = firstAtSamePlace[corner]!;
    if (slot[first]! < 0) {
      slot[first] = vertexCount;
      vertices.set(positions.subarray(first * 3, first * 3 + 3), vertexCount * 3);
      vertexCount++;
    }
    indices[corner] = slot[first]!;
  }
  const welded = vertices.subarray(0, vertexCount * 3);
  const [kept] = MeshoptSimplifier.simplify(indices, welded, 3, 0, toleranceMm, ["ErrorAbsolute", "LockBorder"]);
  if (kept.length > corners * 0.75) return null;
  const simplified = new Float32Array(kept.length * 3);
  for (let corner = 0; corner < kept.length; corner++) simplified.set(welded.subarray(kept[corner]! * 3, kept[corner]! * 3 + 3), corner * 3);
  return simplified;
}
