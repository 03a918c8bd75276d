import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { FairQueue } from "../jobs/fair-queue.ts";
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

/**
 * How many tasks run at once (QUOTE_BACKGROUND_THREADS): by default one core is always left to the
 * main thread, which serves pages; the other tasks wait their turn, in order. Their threads run at
 * nice 10 as well (background-thread.ts), but a flood of uploads started one thread or two each.
 */
export const BACKGROUND_THREADS =
  Number(process.env.QUOTE_BACKGROUND_THREADS) > 0
    ? Math.floor(Number(process.env.QUOTE_BACKGROUND_THREADS))
    : Math.max(1, availableParallelism() - 1);
const threads = new FairQueue(BACKGROUND_THREADS);

/** The worker gave no answer: past its time limit, out of memory, or crashed. */
export class WorkerTaskFailed extends Error {}

/**
 * The files whose workers are kept between tasks, with the limits they were started with, and the
 * one idle worker of each. Starting a worker loads its modules (0.2 s for the upload check) and a
 * fresh one runs its first task cold: the upload check, on the way to the buyer's exact price, is a
 * third faster in a worker kept from the task before (docs/performance.md).
 */
const kept = new Map<string, WorkerTaskLimits>();
const idle = new Map<string, Worker>();

/**
 * Keeps a worker of `file` ready for its next task from now on, and after each task that ends with
 * an answer. A worker that fails (its time limit, its heap, a crash) is ended, as any other; the
 * next task starts a fresh one. Tasks that arrive while it is busy get workers of their own. The
 * worker file must answer every message it receives, not only the first.
 */
export function keepWorkerReady(file: string, limits: WorkerTaskLimits): void {
  kept.set(file, limits);
  if (!idle.has(file)) park(file, startWorker(file, limits));
}

/** Ends the kept workers (a server stopping, a test ending). */
export async function endKeptWorkers(): Promise<void> {
  kept.clear();
  const workers = [...idle.values()];
  idle.clear();
  await Promise.all(workers.map((worker) => worker.terminate()));
}

function startWorker(file: string, limits: WorkerTaskLimits, workerData?: unknown): Worker {
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
  worker.once("exit", () => {
    alive.set(file, alive.get(file)! - 1);
    if (idle.get(file) === worker) idle.delete(file);
  });
  // An idle worker's error ends it (its exit, above, forgets it); a busy one's is its task's.
  worker.on("error", () => undefined);
  for (const listener of startListeners) listener(file, alive.get(file)!);
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

/** An idle worker does not keep the process alive. */
function park(file: string, worker: Worker): void {
  worker.unref();
  idle.set(file, worker);
}

/**
 * Runs one task in a worker thread (`file`, in server/quotes/) with a heap limit and resolves with
 * its one answer; the worker is ended at the time limit. The worker is a fresh one, or the one kept
 * ready for its file (`keepWorkerReady`, which then sets the limits). Its console output is dropped
 * (a library's parser messages). `transfer` moves buffers instead of copying them: pass copies of
 * anything the caller keeps. It waits for one of the BACKGROUND_THREADS; its time limit starts then.
 */
export function runWorkerTask<Answer>(
  file: string,
  task: unknown,
  transfer: ArrayBuffer[],
  limits: WorkerTaskLimits,
  workerData?: unknown,
): Promise<Answer> {
  return threads.run("", () => runNow<Answer>(file, task, transfer, limits, workerData));
}

function runNow<Answer>(
  file: string,
  task: unknown,
  transfer: ArrayBuffer[],
  limits: WorkerTaskLimits,
  workerData?: unknown,
): Promise<Answer> {
  const ready = workerData === undefined ? idle.get(file) : undefined;
  if (ready) idle.delete(file);
  const worker = ready ?? startWorker(file, kept.get(file) ?? limits, workerData);
  worker.ref();
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (answered: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (answered && kept.has(file) && !idle.has(file)) {
        park(file, worker);
        return outcome();
      }
      // Settled once the worker has ended: a caller that runs one at a time (STEP) never has two
      // alive, even when one was ended at its time limit.
      void worker.terminate().finally(outcome);
    };
    const failed = (why: string) => finish(false, () => reject(new WorkerTaskFailed(`${file}: ${why}`)));
    const onMessage = (answer: Answer) => finish(true, () => resolve(answer));
    const onError = (error: Error) => failed(error.message);
    const onExit = (code: number) => failed(`stopped (exit ${code})`);
    const timer = setTimeout(() => failed(`no answer after ${limits.timeoutMs} ms`), limits.timeoutMs);
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    worker.postMessage(task, transfer);
  });
}
