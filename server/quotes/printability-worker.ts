import { Worker } from "node:worker_threads";
import type { Rotation } from "../../domain/orientation.ts";
import type { PrintabilityReport } from "../../domain/printability-report.ts";
import { workerFile } from "./worker-file.ts";

export type PrintabilityTask = { bytes: Uint8Array; scale: number; rotation: Rotation; bed: { x: number; y: number; z: number } };
export type PrintabilityAnswer = { report: PrintabilityReport; faceFlags: Uint8Array };

const TIMEOUT_MS = 30_000;
const HEAP_MB = 1024;

/**
 * A part's printability report (domain/printability.ts), made in a worker thread
 * (printability.worker.ts, ~1 s for 200,000 triangles) with a heap limit, ended at the time limit.
 * The bytes are copied for the worker: the caller keeps its own (a Buffer's slice() would share them).
 */
export function printabilityInWorker(task: PrintabilityTask): Promise<PrintabilityAnswer> {
  const bytes = new Uint8Array(task.bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile("printability.worker.ts"), { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    const timer = setTimeout(() => finish(() => reject(new Error(`no answer after ${TIMEOUT_MS} ms`))), TIMEOUT_MS);
    let settled = false;
    function finish(outcome: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    }
    worker.on("message", (answer: PrintabilityAnswer) => finish(() => resolve(answer)));
    worker.on("error", (error) => finish(() => reject(error)));
    worker.on("exit", (code) => finish(() => reject(new Error(`the worker stopped (exit ${code})`))));
    worker.postMessage({ ...task, bytes }, [bytes.buffer as ArrayBuffer]);
  });
}
