import { describe, expect, it } from "vitest";
import { claimJob, completeJob, enqueue } from "./queue.ts";

const KIND = "test-fair-slice";
const LEASE = 60_000;

/** Claims the next job as one worker with one slot would, and finishes it; returns its name. */
async function takeNext(fair: boolean): Promise<string | undefined> {
  const job = await claimJob([KIND], "worker", LEASE, fair ? { fairBy: "client" } : {});
  if (!job) return undefined;
  await completeJob(job, "worker");
  return String(job.payload.name);
}

describe("the job queue shared out by owner", () => {
  it("gives another address's single job the next slot, not a place behind one address's 24 jobs", async () => {
    for (let i = 1; i <= 24; i++) await enqueue(KIND, { name: `flood-${i}`, client: "flooder" });
    // The flood's first job is taken before the buyer's file arrives.
    const first = await claimJob([KIND], "worker", LEASE, { fairBy: "client" });
    expect(first?.payload.name).toBe("flood-1");
    await enqueue(KIND, { name: "buyer", client: "buyer" });
    await completeJob(first!, "worker");
    expect(await takeNext(true)).toBe("buyer");
    const rest: (string | undefined)[] = [];
    for (let i = 0; i < 24; i++) rest.push(await takeNext(true));
    expect(rest).toEqual([...Array.from({ length: 23 }, (_, i) => `flood-${i + 2}`), undefined]);
  });

  it("alternates between two addresses that both wait, and keeps the oldest first within each", async () => {
    for (let i = 1; i <= 3; i++) await enqueue(KIND, { name: `a${i}`, client: "a" });
    for (let i = 1; i <= 3; i++) await enqueue(KIND, { name: `b${i}`, client: "b" });
    const order: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) order.push(await takeNext(true));
    expect(order).toEqual(["a1", "b1", "a2", "b2", "a3", "b3"]);
  });

  it("takes jobs oldest first without an owner field, as before", async () => {
    await enqueue(KIND, { name: "x1", client: "x" });
    await enqueue(KIND, { name: "x2", client: "x" });
    await enqueue(KIND, { name: "y1", client: "y" });
    const order = [await takeNext(false), await takeNext(false), await takeNext(false)];
    expect(order).toEqual(["x1", "x2", "y1"]);
  });
});
