import { Worker } from "node:worker_threads";
import type { Rotation } from "../../domain/orientation.ts";
import type { PrintabilityReport } from "../../domain/printability-report.ts";
import { workerFile } from "./worker-file.ts";

export type MeshTask =
  | { task: "slicing-copy"; bytes: Uint8Array; format: "stl" | "obj" }
  | { task: "printability"; bytes: Uint8Array; scale: number; rotation: Rotation; bed: { x: number; y: number; z: number } };

export type MeshAnswer = { task: "slicing-copy"; stl: Uint8Array | null } | { task: "printability"; report: PrintabilityReport; faceFlags: Uint8Array };

const TIMEOUT_MS = 30_000;
const HEAP_MB = 1024;

/**
 * Runs one task on a model in a worker thread (mesh.worker.ts) with a heap limit, ended at the time
 * limit. The bytes are copied for the worker: the caller keeps its own (a Buffer's slice() would
 * share them).
 */
export function runMeshTask<T extends MeshTask["task"]>(task: MeshTask & { task: T }): Promise<MeshAnswer & { task: T }> {
  const bytes = new Uint8Array(task.bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile("mesh.worker.ts"), { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    const timer = setTimeout(() => finish(() => reject(new Error(`no answer after ${TIMEOUT_MS} ms`))), TIMEOUT_MS);
    let settled = false;
    function finish(outcome: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    }
    worker.on("message", (answer: MeshAnswer & { task: T }) => finish(() => resolve(answer)));
    worker.on("error", (error) => finish(() => reject(error)));
    worker.on("exit", (code) => finish(() => reject(new Error(`the worker stopped (exit ${code})`))));
    worker.postMessage({ ...task, bytes }, [bytes.buffer as ArrayBuffer]);
  });
}
