// The orientation search of an upload's mesh, beside the rest of its check (upload-check.worker.ts):
// on a 200,000-triangle part each takes a few hundred milliseconds, and the exact price's slice waits
// for both. Started by upload.ts through runWorkerTask and kept for the next upload: it answers every
// file it is sent. A file it cannot read gets no orientations: the check's refusal is what the buyer sees.
import { parentPort } from "node:worker_threads";
import { detectFormat } from "../../domain/mesh.ts";
import { partOrientations, type PartOrientations } from "../../domain/orientation.ts";
import { lowerThisThread } from "./background-thread.ts";
import { readMesh } from "./file-checks.ts";

export type OrientationTask = { bytes: Uint8Array };
export type OrientationAnswer = { orientations: PartOrientations | null };

const port = parentPort!;
port.on("message", ({ bytes }: OrientationTask) => {
  lowerThisThread();
  const format = detectFormat(bytes);
  let orientations: PartOrientations | null = null;
  if (format && format !== "step") {
    try {
      orientations = partOrientations(readMesh(bytes, format));
    } catch {
      // unreadable: refused by the check
    }
  }
  port.postMessage({ orientations } satisfies OrientationAnswer);
});
