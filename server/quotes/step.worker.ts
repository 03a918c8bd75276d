// Turns one STEP file into triangles with OpenCascade (occt-import-js, WebAssembly), off the server's
// main thread. Started by step.ts for each file and ended by it at the time limit; it answers once.
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

type OcctMesh = { attributes: { position: { array: ArrayLike<number> } }; index?: { array: ArrayLike<number> } };
type Occt = {
  ReadStepFile(content: Uint8Array, params: Record<string, unknown> | null): { success: boolean; meshes?: OcctMesh[] };
};

export type StepRequest = { bytes: Uint8Array };
export type StepAnswer =
  | { ok: true; positions: Float32Array }
  | { ok: false; code: "bad-step" | "step-no-solid" | "too-many-triangles"; triangles?: number };

const { maxTriangles } = workerData as { maxTriangles: number };
const port = parentPort!;

port.once("message", async ({ bytes }: StepRequest) => {
  const answer = (message: StepAnswer) =>
    port.postMessage(message, message.ok ? [message.positions.buffer as ArrayBuffer] : []);
  const init = createRequire(import.meta.url)("occt-import-js") as (module?: object) => Promise<Occt>;
  const occt = await init({ print: () => {}, printErr: () => {} });
  let result: ReturnType<Occt["ReadStepFile"]>;
  try {
    result = occt.ReadStepFile(bytes, {
      linearUnit: "millimeter",
      linearDeflectionType: "bounding_box_ratio",
      linearDeflection: 0.001,
      angularDeflection: 0.5,
    });
  } catch {
    return answer({ ok: false, code: "bad-step" });
  }
  if (!result.success) return answer({ ok: false, code: "bad-step" });
  const meshes = result.meshes ?? [];
  let triangles = 0;
  for (const mesh of meshes)
    triangles += Math.floor((mesh.index?.array.length ?? mesh.attributes.position.array.length / 3) / 3);
  if (triangles === 0) return answer({ ok: false, code: "step-no-solid" });
  if (triangles > maxTriangles) return answer({ ok: false, code: "too-many-triangles", triangles });
  // Indexed meshes become the flat list of corners the rest of the pipeline reads.
  const positions = new Float32Array(triangles * 9);
  let at = 0;
  for (const mesh of meshes) {
    const points = mesh.attributes.position.array;
    const corners = mesh.index?.array ?? Array.from({ length: points.length / 3 }, (_, i) => i);
    for (let c = 0; c < Math.floor(corners.length / 3) * 3; c++) {
      const p = corners[c]! * 3;
      positions[at++] = points[p]!;
      positions[at++] = points[p + 1]!;
      positions[at++] = points[p + 2]!;
    }
  }
  answer({ ok: true, positions });
});
