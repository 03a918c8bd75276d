// An upload's check, off the server's main thread and below its priority: the parse, the welding
// that finds holes, the orientation search and the thumbnail of a million triangles are seconds of
// CPU, which would otherwise hold every other request (and, on a shared machine, the pages being
// drawn) for that long. Started by upload.ts through runWorkerTask and kept for the next upload:
// it answers every file it is sent.
import { parentPort } from "node:worker_threads";
import { partOrientations, type PartOrientations } from "../../domain/orientation.ts";
import type { MeshFormat, MeshStats } from "../../domain/mesh.ts";
import { lowerThisThread } from "./background-thread.ts";
import { checkUpload, fileRefusal, type FileRefusal } from "./file-checks.ts";
import { thumbnailSvg } from "./thumbnail.ts";

/** `withOrientations` false: a mesh file, whose orientations orientation.worker.ts finds meanwhile. */
export type UploadCheckTask = { bytes: Uint8Array; withOrientations: boolean };
/** `stored` only when it differs from the upload (a STEP file's mesh as a binary STL). */
export type UploadCheckAnswer =
  | {
      ok: true;
      format: MeshFormat;
      stats: MeshStats;
      orientations: PartOrientations | null;
      thumbnail: string;
      stored: Uint8Array | null;
    }
  | ({ ok: false } & FileRefusal);

const port = parentPort!;
port.on("message", async ({ bytes, withOrientations }: UploadCheckTask) => {
  lowerThisThread();
  let answer: UploadCheckAnswer;
  try {
    const checked = await checkUpload(bytes);
    const stored = checked.stored === bytes ? null : checked.stored;
    answer = {
      ok: true,
      format: checked.format,
      stats: checked.stats,
      orientations: withOrientations ? partOrientations(checked.positions) : null,
      thumbnail: thumbnailSvg(checked.positions),
      stored,
    };
  } catch (error) {
    const refused = fileRefusal(error);
    if (!refused) throw error;
    answer = { ok: false, ...refused };
  }
  port.postMessage(answer, answer.ok && answer.stored ? [answer.stored.buffer as ArrayBuffer] : []);
});
