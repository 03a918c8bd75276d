// An upload's check, off the server's main thread and below its priority: the parse, the welding
// that finds holes, the orientation search and the thumbnail of a million triangles are seconds of
// CPU, which would otherwise hold every other request (and, on a shared machine, the pages being
// drawn) for that long. Started by quotes.ts for each upload through runWorkerTask; it answers once.
import { parentPort } from "node:worker_threads";
import { partOrientations, type PartOrientations } from "../../domain/orientation.ts";
import type { MeshFormat, MeshStats } from "../../domain/mesh.ts";
import { lowerThisThread } from "./background-thread.ts";
import { checkUpload, fileRefusal, type FileRefusal } from "./file-checks.ts";
import { thumbnailSvg } from "./thumbnail.ts";

export type UploadCheckTask = { bytes: Uint8Array };
/** `stored` only when it differs from the upload (a STEP file's mesh as a binary STL). */
export type UploadCheckAnswer =
  | {
      ok: true;
      format: MeshFormat;
      stats: MeshStats;
      orientations: PartOrientations;
      thumbnail: string;
      stored: Uint8Array | null;
    }
  | ({ ok: false } & FileRefusal);

const port = parentPort!;
port.once("message", async ({ bytes }: UploadCheckTask) => {
  lowerThisThread();
  let answer: UploadCheckAnswer;
  try {
    const checked = await checkUpload(bytes);
    const stored = checked.stored === bytes ? null : checked.stored;
    answer = {
      ok: true,
      format: checked.format,
      stats: checked.stats,
      orientations: partOrientations(checked.positions),
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
