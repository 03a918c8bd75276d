/// <reference lib="webworker" />
// Reads a model off the page's thread: parse, measure, and hand the triangles back (transferred, not copied).
import { unzipSync } from "three/examples/jsm/libs/fflate.module.js";
import { assertPrintable, detectFormat, meshStats, MeshError, parse3mfModel, parseObj, parseStl, suggestScale } from "~/lib/mesh";

export type WorkerRequest = { id: number; bytes: ArrayBuffer };
export type WorkerResponse =
  | { id: number; ok: true; positions: Float32Array; stats: ReturnType<typeof meshStats>; suggestion: ReturnType<typeof suggestScale>; ms: number }
  | { id: number; ok: false; code: string };

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const { id, bytes } = event.data;
  const started = performance.now();
  try {
    const data = new Uint8Array(bytes);
    const format = detectFormat(data);
    if (!format) throw new MeshError("unknown-format", "not a model");
    let positions: Float32Array;
    if (format === "3mf") {
      // The server enforces the zip limits; here a bad archive only fails this preview.
      const files = unzipSync(data, { filter: (file) => /^3D\/[^/]+\.model$/i.test(file.name) && file.originalSize < 400 * 1024 * 1024 });
      const parts = Object.values(files).map((xml) => parse3mfModel(new TextDecoder().decode(xml)));
      positions = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const part of parts) {
        positions.set(part, at);
        at += part.length;
      }
    } else positions = format === "stl" ? parseStl(data) : parseObj(data);
    const stats = meshStats(positions);
    assertPrintable(stats);
    const response: WorkerResponse = { id, ok: true, positions, stats, suggestion: suggestScale(stats.size), ms: performance.now() - started };
    (self as unknown as Worker).postMessage(response, [positions.buffer]);
  } catch (error) {
    const response: WorkerResponse = { id, ok: false, code: error instanceof MeshError ? error.code : "bad-3mf" };
    (self as unknown as Worker).postMessage(response);
  }
};
