// A part's printability report, off the server's main thread. Started by printability-worker.ts for
// one part, ended by it at the time limit; it answers once.
import { parentPort } from "node:worker_threads";
import { scalePositions } from "../../domain/mesh.ts";
import { isIdentity, rotatedOntoBed } from "../../domain/orientation.ts";
import { printability } from "../../domain/printability.ts";
import { checkQuoteFile } from "./file-checks.ts";
import type { PrintabilityAnswer, PrintabilityTask } from "./printability-worker.ts";

const port = parentPort!;

port.once("message", (task: PrintabilityTask) => {
  const { positions } = checkQuoteFile(task.bytes);
  const scaled = task.scale === 1 ? positions : scalePositions(positions, task.scale);
  const answer: PrintabilityAnswer = printability(isIdentity(task.rotation) ? scaled : rotatedOntoBed(scaled, task.rotation), task.bed);
  port.postMessage(answer, [answer.faceFlags.buffer as ArrayBuffer]);
});
