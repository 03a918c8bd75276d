import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue.ts";

/** Work that runs until it is let go, recording when it started. */
function heldWork(name: string, started: string[]) {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  return {
    work: async () => {
      started.push(name);
      await released;
    },
    letGo: () => letGo(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("a fair queue", () => {
  it("runs another owner's single file after one slot, not behind all of one owner's files", async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const flood = Array.from({ length: 24 }, (_, i) => heldWork(`flood-${i + 1}`, started));
    const runs = flood.map((held) => queue.run("203.0.113.7", held.work));
    await settle();
    const buyer = heldWork("buyer", started);
    runs.push(queue.run("198.51.100.2", buyer.work));
    await settle();
    expect(started).toEqual(["flood-1"]);
    flood[0]!.letGo();
    await settle();
    expect(started).toEqual(["flood-1", "buyer"]);
    buyer.letGo();
    for (const held of flood) held.letGo();
    await Promise.all(runs);
    expect(started).toHaveLength(25);
  });

  it("takes owners in turns when several wait, and runs as many at once as it has slots", async () => {
    const queue = new FairQueue(2);
    const started: string[] = [];
    const held = new Map<string, { letGo: () => void }>();
    const runs: Promise<void>[] = [];
    for (const [owner, count] of [
      ["a", 4],
      ["b", 2],
      ["c", 1],
    ] as const)
      for (let i = 1; i <= count; i++) {
        const work = heldWork(`${owner}${i}`, started);
        held.set(`${owner}${i}`, work);
        runs.push(queue.run(owner, work.work));
      }
    await settle();
    expect(started).toEqual(["a1", "a2"]);
    // Each piece ends in the order they started, one at a time.
    for (let ended = 0; ended < held.size; ended++) {
      held.get(started[ended]!)!.letGo();
      await settle();
    }
    await Promise.all(runs);
    expect(started).toEqual(["a1", "a2", "b1", "c1", "a3", "b2", "a4"]);
  });

  it("goes on after a failed piece of work", async () => {
    const queue = new FairQueue(1);
    await expect(queue.run("a", () => Promise.reject(new Error("broken file")))).rejects.toThrow("broken file");
    expect(await queue.run("a", async () => "next")).toBe("next");
  });
});
