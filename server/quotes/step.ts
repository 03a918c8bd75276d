import { Worker } from "node:worker_threads";
import { MAX_TRIANGLES } from "../../domain/mesh.ts";
import { STEP_HEAP_MB, STEP_MAX_BYTES, STEP_TIMEOUT_MS } from "./limits.ts";
import type { StepAnswer, StepRequest } from "./step.worker.ts";
import { workerFile } from "./worker-file.ts";

/** Why a STEP file gives no mesh; each has words in both languages (quote catalogue, fileProblems). */
export type StepProblem = "bad-step" | "step-no-solid" | "step-timeout" | "step-too-large" | "too-many-triangles";

export class StepError extends Error {
  readonly code: StepProblem;
  constructor(code: StepProblem, message: string) {
    super(message);
    this.code = code;
  }
}

export type StepLimits = { timeoutMs: number; heapMb: number; maxBytes: number; maxTriangles: number };

const defaults: StepLimits = { timeoutMs: STEP_TIMEOUT_MS, heapMb: STEP_HEAP_MB, maxBytes: STEP_MAX_BYTES, maxTriangles: MAX_TRIANGLES };

// One file at a time: OpenCascade's memory is outside the heap limit, so two at once would double it.
let queue: Promise<unknown> = Promise.resolve();

/**
 * A STEP file's solids as triangles (9 numbers each, millimetres), read by OpenCascade in a worker
 * thread with a heap limit, ended at the time limit: a file that never finishes, or that exhausts
 * the worker's memory, is refused with StepError and the server goes on.
 */
export function tessellateStep(bytes: Uint8Array, limits: Partial<StepLimits> = {}): Promise<Float32Array> {
  const run = queue.then(() => tessellateNow(bytes, { ...defaults, ...limits }));
  queue = run.catch(() => undefined);
  return run;
}

function tessellateNow(bytes: Uint8Array, limits: StepLimits): Promise<Float32Array> {
  if (bytes.length > limits.maxBytes) {
    return Promise.reject(new StepError("step-too-large", `This STEP file is larger than ${Math.round(limits.maxBytes / 1048576)} MB.`));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile("step.worker.ts"), {
      workerData: { maxTriangles: limits.maxTriangles },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
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
    const tooLong = () => new StepError("step-timeout", `This STEP file took longer than ${limits.timeoutMs / 1000} s to convert, or needed too much memory.`);
    const timer = setTimeout(() => finish(() => reject(tooLong())), limits.timeoutMs);
    worker.on("message", (answer: StepAnswer) =>
      finish(() => {
        if (answer.ok) resolve(answer.positions);
        else if (answer.code === "too-many-triangles") reject(new StepError(answer.code, `This STEP file makes ${answer.triangles} triangles; the limit is ${limits.maxTriangles}.`));
        else reject(new StepError(answer.code, answer.code === "bad-step" ? "This file could not be read as a STEP model." : "This STEP file has no solid to print."));
      }),
    );
    // Out of memory (the heap limit, or WebAssembly's own), or a crash: the same answer as too long.
    worker.on("error", () => finish(() => reject(tooLong())));
    worker.on("exit", () => finish(() => reject(tooLong())));
    // The worker's output (OpenCascade's parser messages) is read and dropped.
    worker.stdout.resume();
    worker.stderr.resume();
    const copy = new Uint8Array(bytes); // a copy to transfer (a Buffer's slice() would share the caller's memory)
    worker.postMessage({ bytes: copy } satisfies StepRequest, [copy.buffer]);
  });
}
