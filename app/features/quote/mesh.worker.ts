/// <reference lib="webworker" />
// Reads a model off the page's thread: parse, send its measures (the estimate and the dimensions need
// only them), hand the triangles over (transferred, not copied) so that the viewer draws them, then
// check the mesh and find the faces a printer would make badly.
import { unzipSync } from "three/examples/jsm/libs/fflate.module.js";
import {
  assertPrintable,
  detectFormat,
  meshMeasures,
  meshStats,
  MeshError,
  parse3mfModel,
  parseObj,
  parseStl,
  type MeshMeasures,
} from "../../../domain/mesh.ts";

/**
 * `findProblems`: also mark the faces a printer would make badly (the quote's viewer; a store item's needs not).
 * `checkAfterDrawing`: the checks wait for `{ id, drawn: true }` (the viewer's first frame, or no viewer).
 */
export type WorkerRequest =
  { id: number; bytes: ArrayBuffer; findProblems?: boolean; checkAfterDrawing?: boolean } | { id: number; drawn: true };
/** The triangles of the faces a printer would make badly (the viewer marks them), as flat corner lists. */
/** The part's bounding box as the viewer frames it. */
export type Bounds = { min: [number, number, number]; max: [number, number, number] };
export type ProblemFaces = { thin: Float32Array; open: Float32Array };
export type WorkerResponse =
  | { id: number; ok: true; done: false; measures: MeshMeasures }
  | { id: number; ok: true; done: false; positions: Float32Array; bounds: Bounds }
  | { id: number; ok: true; done: true; problems: ProblemFaces | null }
  | { id: number; ok: false; done: true; code: string };

/** Past this, finding thin walls would keep the buyer's device busy for seconds: the server's report says it in words. */
const MARKED_UP_TO_TRIANGLES = 500_000;

const post = (response: WorkerResponse, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(response, transfer);

/** The checks waiting for the viewer's first frame, by request. */
const drawing = new Map<number, () => void>();
/** Past this the checks go on all the same (a card removed before its viewer drew). */
const LONGEST_WAIT_MS = 10_000;

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  if ("drawn" in event.data) {
    drawing.get(event.data.id)?.();
    return;
  }
  const { id, bytes, findProblems = false, checkAfterDrawing = false } = event.data;
  try {
    const data = new Uint8Array(bytes);
    const format = detectFormat(data);
    if (!format) throw new MeshError("unknown-format", "not a model");
    // The browser cannot read STEP: the server converts it, and the page shows the server's mesh.
    if (format === "step") return post({ id, ok: false, done: true, code: "step" });
    let positions = readTriangles(data, format);
    // One pass (a few milliseconds): the estimate is on the page before the viewer's work begins.
    const measures = meshMeasures(positions);
    post({ id, ok: true, done: false, measures });
    post({ id, ok: true, done: false, positions, bounds: { min: measures.min, max: measures.max } }, [
      positions.buffer,
    ]);
    // Seconds of CPU that would share the device's cores with the first frame of the part (drawn
    // by the CPU too where there is no usable GPU): they come after it.
    if (checkAfterDrawing) await drawnOrLate(id);
    // The page has these triangles (moved, not copied: a copy would delay them); the checks read the file again.
    positions = readTriangles(data, format);
    const stats = meshStats(positions);
    assertPrintable(stats);
    post({
      id,
      ok: true,
      done: true,
      problems: findProblems && stats.triangles <= MARKED_UP_TO_TRIANGLES ? await problemFaces(positions) : null,
    });
  } catch (error) {
    post({ id, ok: false, done: true, code: error instanceof MeshError ? error.code : "bad-3mf" });
  }
};

function readTriangles(data: Uint8Array, format: "stl" | "obj" | "3mf"): Float32Array {
  if (format === "stl") return parseStl(data);
  if (format === "obj") return parseObj(data);
  // The server enforces the zip limits; here a bad archive only fails this preview.
  const files = unzipSync(data, {
    filter: (file) => /^3D\/[^/]+\.model$/i.test(file.name) && file.originalSize < 400 * 1024 * 1024,
  });
  const parts = Object.values(files).map((xml) => parse3mfModel(new TextDecoder().decode(xml)));
  const positions = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    positions.set(part, at);
    at += part.length;
  }
  return positions;
}

function drawnOrLate(id: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      drawing.delete(id);
      resolve();
    };
    const timer = setTimeout(done, LONGEST_WAIT_MS);
    drawing.set(id, done);
  });
}

/**
 * The faces with walls thinner than a line or on open edges (domain/printability.ts, the server's
 * rule), loaded only now: the part is on screen and measured before this chunk is fetched.
 */
async function problemFaces(positions: Float32Array): Promise<ProblemFaces> {
  const [{ printability }, { FACE_OPEN_EDGE, FACE_THIN }] = await Promise.all([
    import("../../../domain/printability.ts"),
    import("../../../domain/printability-report.ts"),
  ]);
  // Thin walls and open edges do not depend on how the part is placed, nor on the bed's size.
  const { faceFlags } = printability(positions, { x: Infinity, y: Infinity, z: Infinity });
  const pick = (flag: number) => {
    const count = faceFlags.reduce((n, flags) => n + (flags & flag ? 1 : 0), 0);
    const picked = new Float32Array(count * 9);
    let at = 0;
    faceFlags.forEach((flags, face) => {
      if (!(flags & flag)) return;
      picked.set(positions.subarray(face * 9, face * 9 + 9), at);
      at += 9;
    });
    return picked;
  };
  return { thin: pick(FACE_THIN), open: pick(FACE_OPEN_EDGE) };
}
