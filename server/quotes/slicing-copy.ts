import type { MeshFormat } from "../../domain/mesh.ts";
import { runMeshTask } from "./mesh-worker.ts";
import { SIMPLIFY_ABOVE_TRIANGLES } from "./simplify-mesh.ts";

/**
 * The model the slicer reads: a copy simplified within SLICING_TOLERANCE_MM when the model is large
 * (the slice's time grows with the triangles; the price does not change by 1 %), else null and the
 * buyer's own file is sliced. A 3MF keeps its objects and their placement, so it is sliced as it came.
 * A part on supports is sliced as it came too: the supports hang from the faces near 45°, which the
 * copy tilts a little, and their price moved by up to 3.4 % on the test models (decision 058).
 * Any failure here only costs speed: the original is sliced instead.
 */
export async function slicingCopy(model: Uint8Array, format: MeshFormat, triangles: number, onSupports: boolean): Promise<Uint8Array | null> {
  if (format === "3mf" || onSupports || triangles <= SIMPLIFY_ABOVE_TRIANGLES) return null;
  try {
    return (await runMeshTask({ task: "slicing-copy", bytes: model, format })).stl;
  } catch (error) {
    console.warn("The slicer gets the original model; its simplified copy failed:", error instanceof Error ? error.message : error);
    return null;
  }
}
