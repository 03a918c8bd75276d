import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";

/** Field 19 of /proc/thread-self/stat: the calling thread's nice value (after the command's name, which may hold spaces). */
const NICE_OF_THIS_THREAD = `
  const { readFileSync } = require("node:fs");
  const nice = () => Number(readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1].split(" ")[16]);
`;

describe.runIf(process.platform === "linux")("lowerThisThread", () => {
  it("lowers the worker thread that calls it, and not the server's main thread", async () => {
    const mainBefore = Number(readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1]!.split(" ")[16]);
    const moduleUrl = new URL("./background-thread.ts", import.meta.url).href;
    const worker = new Worker(
      `${NICE_OF_THIS_THREAD}
       const { parentPort } = require("node:worker_threads");
       import(${JSON.stringify(moduleUrl)}).then(({ lowerThisThread, BACKGROUND_NICE }) => {
         const before = nice();
         lowerThisThread();
         parentPort.postMessage({ before, after: nice(), expected: BACKGROUND_NICE });
       });`,
      { eval: true },
    );
    const { before, after, expected } = await new Promise<{ before: number; after: number; expected: number }>(
      (resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      },
    );
    await worker.terminate();
    expect(after).toBe(Math.max(before, expected));
    expect(Number(readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1]!.split(" ")[16])).toBe(mainBefore);
  });
});
