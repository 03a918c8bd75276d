// Makes the simplified copy of one model that the slicer reads (simplify-mesh.ts), off the server's
// main thread: welding and simplifying 200,000 triangles takes about 0.2 s. It answers once.
import { parentPort } from "node:worker_threads";
import { parseObj, parseStl } from "../../domain/mesh.ts";
import { binaryStl } from "./file-checks.ts";
import { simplifyForSlicing } from "./simplify-mesh.ts";

export type SlicingCopyRequest = { bytes: Uint8Array; format: "stl" | "obj" };
export type SlicingCopyAnswer = { stl: Uint8Array | null };

const port = parentPort!;

port.once("message", async ({ bytes, format }: SlicingCopyRequest) => {
  const positions = format === "stl" ? parseStl(bytes) : parseObj(bytes);
  const simplified = await simplifyForSlicing(positions);
  const stl = simplified ? binaryStl(simplified, "simplified copy for the slicer") : null;
  port.postMessage({ stl } satisfies SlicingCopyAnswer, stl ? [stl.buffer as ArrayBuffer] : []);
});
