import { Worker } from "node:worker_threads";
import type { MeshFormat } from "../../domain/mesh.ts";
import { SIMPLIFY_ABOVE_TRIANGLES } from "./simplify-mesh.ts";
import type { SlicingCopyAnswer, SlicingCopyRequest } from "./slicing-copy.worker.ts";
import { workerFile } from "./worker-file.ts";

const TIMEOUT_MS = 15_000;
const HEAP_MB = 1024;

/**
 * The model the slicer reads: a copy simplified within SLICING_TOLERANCE_MM when the model is large
 * (the slice's time grows with the triangles; the price does not change by 1 %), else null and the
 * buyer's own file is sliced. A 3MF keeps its objects and their placement, so it is sliced as it came.
 * Any failure here only costs speed: the original is sliced instead.
 */
export async function slicingCopy(model: Uint8Array, format: MeshFormat, triangles: number): Promise<Uint8Array | null> {
  if (format === "3mf" || triangles <= SIMPLIFY_ABOVE_TRIANGLES) return null;
  try {
    // A copy to transfer: the caller keeps its bytes (a Buffer's slice() would share them).
    return await simplifyInWorker({ bytes: new Uint8Array(model), format });
  } catch (error) {
    console.warn("The slicer gets the original model; its simplified copy failed:", error instanceof Error ? error.message : error);
    return null;
  }
}

function simplifyInWorker(request: SlicingCopyRequest): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile("slicing-copy.worker.ts"), { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    const timer = setTimeout(() => finish(() => reject(new Error(`no copy after ${TIMEOUT_MS} ms`))), TIMEOUT_MS);
    let settled = false;
    function finish(outcome: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    }
    worker.on("message", (answer: SlicingCopyAnswer) => finish(() => resolve(answer.stl)));
    worker.on("error", (error) => finish(() => reject(error)));
    worker.on("exit", (code) => finish(() => reject(new Error(`the worker stopped (exit ${code})`))));
    worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
  });
}
