// A part's printability report, off the server's main thread (~1 s for 200,000 triangles). Started
// by part-report.ts for one part through runWorkerTask; it answers once.
import { parentPort } from "node:worker_threads";
import { scalePositions } from "../../domain/mesh.ts";
import { isIdentity, rotatedOntoBed, type Rotation } from "../../domain/orientation.ts";
import { printability } from "../../domain/printability.ts";
import type { PrintabilityReport } from "../../domain/printability-report.ts";
import { checkQuoteFile } from "./file-checks.ts";
import { lowerThisThread } from "./background-thread.ts";

export type PrintabilityTask = {
  bytes: Uint8Array;
  scale: number;
  rotation: Rotation;
  bed: { x: number; y: number; z: number };
};
export type PrintabilityAnswer = { report: PrintabilityReport; faceFlags: Uint8Array };

parentPort?.once("message", (task: PrintabilityTask) => {
  lowerThisThread();
  const { positions } = checkQuoteFile(task.bytes);
  const scaled = task.scale === 1 ? positions : scalePositions(positions, task.scale);
  const answer: PrintabilityAnswer = printability(
    isIdentity(task.rotation) ? scaled : rotatedOntoBed(scaled, task.rotation),
    task.bed,
  );
  parentPort!.postMessage(answer, [answer.faceFlags.buffer as ArrayBuffer]);
});
