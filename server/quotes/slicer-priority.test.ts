import { readdir, readFile } from "node:fs/promises";
import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { binaryStl, torus } from "../../tests/support/mesh-fixtures.ts";
import { IDENTITY } from "../../domain/orientation.ts";
import { slice } from "./slicer.ts";

type ProcessFacts = { pid: number; name: string; parent: number; session: number };

/** `/proc/<pid>/stat`: the name is in parentheses and may hold spaces; the fields after it are numbers. */
async function processFacts(pid: number | "self"): Promise<ProcessFacts | null> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!stat) return null;
  const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  const [, parent, , session] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { pid: Number(stat.split(" ")[0]), name, parent: Number(parent), session: Number(session) };
}

/** The slicer processes this process started, as they run. */
async function runningSlicers(): Promise<ProcessFacts[]> {
  const pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name)).map(Number);
  const facts = await Promise.all(pids.map((pid) => processFacts(pid)));
  return facts.filter((f): f is ProcessFacts => f?.parent === process.pid && /prusa/i.test(f.name));
}

/** The scheduling group Linux weighs as a whole before the nice values inside it (absent without autogroup). */
async function autogroup(pid: number | "self"): Promise<string | null> {
  const line = await readFile(`/proc/${pid}/autogroup`, "utf8").catch(() => null);
  return line?.split(" ")[0] ?? null;
}

describe.runIf(process.platform === "linux")("the slicer's priority", () => {
  it("runs below the server's priority and in the server's own session, where that priority counts", async () => {
    const model = binaryStl(torus(40, 15, 200, 100));
    const slicing = slice(
      model,
      {
        format: "stl",
        scale: 1,
        rotation: IDENTITY,
        layerHeightMm: 0.2,
        infillPercent: 20,
        densityGPerCm3: 1.24,
        filamentType: "pla",
      },
      { timeoutMs: 60_000 },
    );
    let done = false;
    void slicing.finally(() => (done = true)).catch(() => undefined);
    let seen: { facts: ProcessFacts; nice: number; group: string | null }[] = [];
    while (!done && seen.length === 0) {
      const slicers = await runningSlicers();
      seen = await Promise.all(
        slicers.map(async (facts) => ({ facts, nice: getPriority(facts.pid), group: await autogroup(facts.pid) })),
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await slicing;
    expect(seen.length).toBeGreaterThan(0);
    const server = (await processFacts("self"))!;
    const serverGroup = await autogroup("self");
    for (const slicer of seen) {
      expect(slicer.nice).toBeGreaterThan(getPriority(0));
      // A session of its own is a scheduling group of its own: there, its nice value weighs
      // against nothing of the server's, and it takes its share of the cores at full weight.
      expect(slicer.facts.session).toBe(server.session);
      expect(slicer.group).toBe(serverGroup);
    }
  }, 60_000);
});
