import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { binaryStl, box } from "../../tests/support/mesh-fixtures.ts";
import type { UploadCheckAnswer } from "./upload-check.worker.ts";
import {
  BACKGROUND_THREADS,
  endKeptWorkers,
  keepWorkerReady,
  onWorkerStart,
  runWorkerTask,
  WorkerTaskFailed,
} from "./worker-task.ts";

// Two at once, whatever this machine's cores (the default leaves one core to the main thread).
vi.hoisted(() => {
  process.env.QUOTE_BACKGROUND_THREADS = "2";
});

const FILE = "upload-check.worker.ts";
const LIMITS = { timeoutMs: 60_000, heapMb: 256 };

function check(bytes: Uint8Array): Promise<UploadCheckAnswer> {
  return runWorkerTask<UploadCheckAnswer>(
    FILE,
    { bytes, withOrientations: true },
    [bytes.buffer as ArrayBuffer],
    LIMITS,
  );
}

/** Counts the workers of the upload check started while `run` runs. */
async function workersStarted(run: () => Promise<unknown>): Promise<number> {
  let started = 0;
  const stop = onWorkerStart((file) => {
    if (file === FILE) started++;
  });
  try {
    await run();
  } finally {
    stop();
  }
  return started;
}

afterEach(endKeptWorkers);
afterAll(() => {
  delete process.env.QUOTE_BACKGROUND_THREADS;
});

describe("a worker kept ready between tasks", () => {
  it("answers one file after another from the worker started ahead", async () => {
    let first: UploadCheckAnswer | undefined;
    let second: UploadCheckAnswer | undefined;
    const started = await workersStarted(async () => {
      keepWorkerReady(FILE, LIMITS);
      first = await check(binaryStl(box(10, 20, 30)));
      second = await check(binaryStl(box(40, 10, 5)));
    });
    expect(started).toBe(1);
    expect(first).toMatchObject({ ok: true, format: "stl", stats: { size: [10, 20, 30], manifold: true } });
    expect(second).toMatchObject({ ok: true, format: "stl", stats: { size: [40, 10, 5], manifold: true } });
  });

  it("gives a task that arrives while it is busy a worker of its own", async () => {
    keepWorkerReady(FILE, LIMITS);
    const started = await workersStarted(async () => {
      const answers = await Promise.all([check(binaryStl(box(10, 10, 10))), check(binaryStl(box(20, 20, 20)))]);
      expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
    });
    expect(started).toBe(1);
  });

  it("keeps it after a refused file, ends it when it fails, and the next task gets a fresh one", async () => {
    keepWorkerReady(FILE, LIMITS);
    const started = await workersStarted(async () => {
      expect(await check(new TextEncoder().encode("not a model at all"))).toMatchObject({ ok: false });
      // A task the worker cannot read at all throws inside it: the worker is ended.
      await expect(runWorkerTask(FILE, { bytes: null }, [], LIMITS)).rejects.toBeInstanceOf(WorkerTaskFailed);
      expect(await check(binaryStl(box(10, 10, 10)))).toMatchObject({ ok: true });
    });
    expect(started).toBe(1);
  });
});

describe("worker threads below the server", () => {
  it("run at most BACKGROUND_THREADS tasks at once; the others wait their turn", async () => {
    expect(BACKGROUND_THREADS).toBe(2);
    let most = 0;
    const stop = onWorkerStart((file, alive) => {
      if (file === FILE) most = Math.max(most, alive);
    });
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => check(binaryStl(box(10 + i, 10, 10)))));
      expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, true, true]);
    } finally {
      stop();
    }
    expect(most).toBe(2);
  });
});
