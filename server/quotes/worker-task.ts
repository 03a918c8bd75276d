import { Worker } from "node:worker_threads";
import { workerFile } from "./worker-file.ts";

export type WorkerTaskLimits = { timeoutMs: number; heapMb: number; youngHeapMb?: number };

/** Workers alive now, per file: counted from their start until they have ended. */
const alive = new Map<string, number>();
const startListeners = new Set<(file: string, alive: number) => void>();

/** Tells `listener` of every worker started (its file, and how many of that file are alive with it). */
export function onWorkerStart(listener: (file: string, alive: number) => void): () => void {
  startListeners.add(listener);
  return () => startListeners.delete(listener);
}

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
    alive.set(file, (alive.get(file) ?? 0) + 1);
    for (const listener of startListeners) listener(file, alive.get(file)!);
    let settled = false;
    // Settled once the worker has ended: a caller that runs one at a time (STEP) never has two
    // alive, even when one was ended at its time limit.
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate().finally(() => {
        alive.set(file, alive.get(file)! - 1);
        outcome();
      });
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
