// The server's heavy work on one model, off its main thread: the simplified copy the slicer reads
// (simplify-mesh.ts, ~0.2 s for 200,000 triangles) or the printability report (~1 s). Started by
// mesh-worker.ts for one task, ended by it at the time limit; it answers once.
import { parentPort } from "node:worker_threads";
import { parseObj, parseStl, scalePositions } from "../../domain/mesh.ts";
import { isIdentity, rotatedOntoBed } from "../../domain/orientation.ts";
import { printability } from "../../domain/printability.ts";
import { binaryStl, checkQuoteFile } from "./file-checks.ts";
import { simplifyForSlicing } from "./simplify-mesh.ts";
import type { MeshAnswer, MeshTask } from "./mesh-worker.ts";

const port = parentPort!;

async function answer(task: MeshTask): Promise<MeshAnswer> {
  if (task.task === "slicing-copy") {
    const positions = task.format === "stl" ? parseStl(task.bytes) : parseObj(task.bytes);
    const simplified = await simplifyForSlicing(positions);
    return { task: "slicing-copy", stl: simplified ? binaryStl(simplified, "simplified copy for the slicer") : null };
  }
  const { positions } = checkQuoteFile(task.bytes);
  const scaled = task.scale === 1 ? positions : scalePositions(positions, task.scale);
  const { report, faceFlags } = printability(isIdentity(task.rotation) ? scaled : rotatedOntoBed(scaled, task.rotation), task.bed);
  return { task: "printability", report, faceFlags };
}

port.once("message", async (task: MeshTask) => {
  const result = await answer(task);
  const transfer = result.task === "slicing-copy" ? (result.stl ? [result.stl.buffer] : []) : [result.faceFlags.buffer];
  port.postMessage(result, transfer as ArrayBuffer[]);
});
