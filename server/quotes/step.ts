import { MAX_TRIANGLES } from "../../domain/mesh.ts";
import { DomainError } from "../errors.ts";
import { STEP_HEAP_MB, STEP_MAX_BYTES, STEP_TIMEOUT_MS } from "./limits.ts";
import type { StepAnswer, StepRequest } from "./step.worker.ts";
import { runWorkerTask } from "./worker-task.ts";

/** Why a STEP file gives no mesh; each has words in both languages (quote catalogue, fileProblems). */
export type StepProblem = "bad-step" | "step-no-solid" | "step-timeout" | "step-too-large" | "too-many-triangles";

/** A STEP file refused: `quote.file_invalid` with its problem as the `file` field's, like any other file (file-checks.ts). */
function stepRefused(problem: StepProblem, detail: string, count?: number): DomainError {
  return new DomainError("quote.file_invalid", { fields: { file: problem }, count, detail });
}

export type StepLimits = { timeoutMs: number; heapMb: number; maxBytes: number; maxTriangles: number };

const defaults: StepLimits = {
  timeoutMs: STEP_TIMEOUT_MS,
  heapMb: STEP_HEAP_MB,
  maxBytes: STEP_MAX_BYTES,
  maxTriangles: MAX_TRIANGLES,
};

// One file at a time: OpenCascade's memory is outside the heap limit, so two at once would double it.
let queue: Promise<unknown> = Promise.resolve();

/**
 * A STEP file's solids as triangles (9 numbers each, millimetres), read by OpenCascade in a worker
 * thread with a heap limit, ended at the time limit: a file that never finishes, or that exhausts
 * the worker's memory, is refused (quote.file_invalid) and the server goes on.
 */
export function tessellateStep(bytes: Uint8Array, limits: Partial<StepLimits> = {}): Promise<Float32Array> {
  const run = queue.then(() => tessellateNow(bytes, { ...defaults, ...limits }));
  queue = run.catch(() => undefined);
  return run;
}

function tessellateNow(bytes: Uint8Array, limits: StepLimits): Promise<Float32Array> {
  if (bytes.length > limits.maxBytes) {
    return Promise.reject(
      stepRefused(
        "step-too-large",
        `This STEP file is larger than ${Math.round(limits.maxBytes / 1048576)} MB.`,
        Math.round(limits.maxBytes / 1048576),
      ),
    );
  }
  const tooLong = () =>
    stepRefused(
      "step-timeout",
      `This STEP file took longer than ${limits.timeoutMs / 1000} s to convert, or needed too much memory.`,
      Math.round(limits.timeoutMs / 1000),
    );
  const copy = new Uint8Array(bytes); // a copy to transfer (a Buffer's slice() would share the caller's memory)
  const limitsOfWorker = { timeoutMs: limits.timeoutMs, heapMb: limits.heapMb, youngHeapMb: 32 };
  // Out of memory (the heap limit, or WebAssembly's own), or a crash: the same answer as too long.
  const answered = runWorkerTask<StepAnswer>(
    "step.worker.ts",
    { bytes: copy } satisfies StepRequest,
    [copy.buffer],
    limitsOfWorker,
    { maxTriangles: limits.maxTriangles },
  ).catch(() => {
    throw tooLong();
  });
  return answered.then((answer) => {
    if (answer.ok) return answer.positions;
    if (answer.code === "too-many-triangles")
      throw stepRefused(
        answer.code,
        `This STEP file makes ${answer.triangles} triangles; the limit is ${limits.maxTriangles}.`,
      );
    throw stepRefused(
      answer.code,
      answer.code === "bad-step"
        ? "This file could not be read as a STEP model."
        : "This STEP file has no solid to print.",
    );
  });
}
