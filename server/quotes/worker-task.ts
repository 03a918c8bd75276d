import { Worker } from "node:worker_threads";
import { workerFile } from "./worker-file.ts";

export type WorkerTaskLimits = { timeoutMs: number; heapMb: number; youngHeapMb?: number };

/** The worker gave no answer: past its time limit, out of memory, or crashed. */
export class WorkerTaskFailed extends Error {}

/**
 * Runs one task in a fresh worker thread (`file`, in server/quotes/) with a heap limit and resolves
 * with its one answer; the worker is ended at the time limit. Its console output is dropped (a
 * library's parser messages). `transfer` moves buffers instead of copying them: pass copies of
 * anything the caller keeps.
 */
export function runWorkerTask<Answer>(
  file: string,
  task: unknown,
  transfer: ArrayBuffer[],
  limits: WorkerTaskLimits,
  workerData?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile(file), {
      workerData,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        ...(limits.youngHeapMb ? { maxYoungGenerationSizeMb: limits.youngHeapMb } : {}),
      },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const failed = (why: string) => finish(() => reject(new WorkerTaskFailed(`${file}: ${why}`)));
    const timer = setTimeout(() => failed(`no answer after ${limits.timeoutMs} ms`), limits.timeoutMs);
    worker.on("message", (answer: Answer) => finish(() => resolve(answer)));
    worker.on("error", (error) => failed(error.message));
    worker.on("exit", (code) => failed(`stopped (exit ${code})`));
    worker.stdout.resume();
    worker.stderr.resume();
    worker.postMessage(task, transfer);
  });
}
