import type { MeshFormat } from "../../domain/mesh.ts";
import type { Rotation } from "../../domain/orientation.ts";
import { runWorkerTask } from "./worker-task.ts";

export type TurnedPartTask = { bytes: Uint8Array; format: MeshFormat; rotation: Rotation; header: string };

/** As the upload's check: the same files, the same work at most. */
const TURNED_PART_LIMITS = { timeoutMs: 120_000, heapMb: 1024 };

/** The part in `bytes` turned by `rotation` and set on the bed, as a binary STL (in a worker thread). */
export function turnedPart(
  bytes: Uint8Array,
  format: MeshFormat,
  rotation: Rotation,
  header: string,
): Promise<Uint8Array> {
  const copy = new Uint8Array(bytes);
  return runWorkerTask<Uint8Array>(
    "turned-part.worker.ts",
    { bytes: copy, format, rotation, header } satisfies TurnedPartTask,
    [copy.buffer],
    TURNED_PART_LIMITS,
  );
}
