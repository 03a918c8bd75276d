import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../db/index.ts";
import { jobs } from "../db/schema.ts";
import { backoffMs, claimJob, enqueue, failJob, runClaimedJob, startWorker, type JobKind } from "./queue.ts";

async function jobRow(uniqueKey: string) {
  const db = await getDb();
  const [row] = await db.select().from(jobs).where(eq(jobs.uniqueKey, uniqueKey));
  return row!;
}

describe("the job queue", () => {
  it("runs a job once even when enqueued twice with the same key", async () => {
    await enqueue("test-once", { n: 1 }, { uniqueKey: "once-1" });
    await enqueue("test-once", { n: 2 }, { uniqueKey: "once-1" });
    const seen: unknown[] = [];
    const done = new Promise<void>((resolve) => {
      const worker = startWorker({
        kinds: { "test-once": { timeoutMs: 5000, handler: async (payload) => void seen.push(payload.n) } },
        concurrency: 1,
        pollMs: 20,
      });
      const wait = setInterval(async () => {
        if ((await jobRow("once-1")).status === "done") {
          clearInterval(wait);
          await worker.stop();
          resolve();
        }
      }, 20);
    });
    await done;
    expect(seen).toEqual([1]);
  });

  it("never hands the same job to two workers", async () => {
    await enqueue("test-claim", {}, { uniqueKey: "claim-1" });
    const [a, b] = await Promise.all([
      claimJob(["test-claim"], "worker-a", 60_000),
      claimJob(["test-claim"], "worker-b", 60_000),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
  });

  it("retries a failed job later with backoff, then gives up after its attempts", async () => {
    await enqueue("test-retry", {}, { uniqueKey: "retry-1", maxAttempts: 2 });
    const failing: JobKind = { timeoutMs: 5000, handler: async () => Promise.reject(new Error("printer on fire")) };
    const first = (await claimJob(["test-retry"], "w", 60_000))!;
    const before = Date.now();
    expect(await runClaimedJob(first, failing, "w")).toBe("retry");
    let row = await jobRow("retry-1");
    expect(row.status).toBe("queued");
    expect(row.lastError).toBe("printer on fire");
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + backoffMs(1) - 50);
    expect(await claimJob(["test-retry"], "w", 60_000)).toBeNull(); // not due yet
    const db = await getDb();
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1) })
      .where(eq(jobs.id, row.id));
    const finals: string[] = [];
    const second = (await claimJob(["test-retry"], "w", 60_000))!;
    expect(await runClaimedJob(second, failing, "w", async (_job, error) => void finals.push(error))).toBe("failed");
    row = await jobRow("retry-1");
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(2);
    expect(finals).toEqual(["printer on fire"]);
  });

  it("stops a job that runs past its time limit and counts it as a failed attempt", async () => {
    await enqueue("test-slow", {}, { uniqueKey: "slow-1" });
    let aborted = false;
    const slow: JobKind = {
      timeoutMs: 100,
      handler: (_payload, { signal }) =>
        new Promise((resolve) => signal.addEventListener("abort", () => ((aborted = true), resolve()))),
    };
    const job = (await claimJob(["test-slow"], "w", 60_000))!;
    expect(await runClaimedJob(job, slow, "w")).toBe("retry");
    expect(aborted).toBe(true);
    expect((await jobRow("slow-1")).lastError).toBe("timed out after 100 ms");
  });

  it("takes a job again when its worker died mid-run (a restart): the lease runs out", async () => {
    await enqueue("test-restart", {}, { uniqueKey: "restart-1" });
    const dead = await claimJob(["test-restart"], "worker-that-died", 200);
    expect(dead?.attempts).toBe(1);
    expect(await claimJob(["test-restart"], "new-worker", 60_000)).toBeNull(); // still leased
    await new Promise((r) => setTimeout(r, 300));
    const again = (await claimJob(["test-restart"], "new-worker", 60_000))!;
    expect(again.id).toBe(dead!.id);
    expect(again.attempts).toBe(2);
    expect(await runClaimedJob(again, { timeoutMs: 1000, handler: async () => undefined }, "new-worker")).toBe("done");
    // The dead worker's late report changes nothing.
    await failJob(dead!, "worker-that-died", "late report");
    expect((await jobRow("restart-1")).status).toBe("done");
  });
});
