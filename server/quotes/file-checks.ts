import {
  assertPrintable,
  detectFormat,
  meshStats,
  MeshError,
  parse3mfModel,
  parseObj,
  parseStl,
  type MeshFormat,
  type MeshStats,
} from "../../domain/mesh.ts";
import { DomainError } from "../errors.ts";
import { tessellateStep, type StepProblem } from "./step.ts";
import { readZipEntries, ZipError } from "./zip.ts";

export type CheckedMesh = { format: MeshFormat; positions: Float32Array; stats: MeshStats };

/** Reasons a file is refused; the browser shows each in the buyer's language (quote catalogue). */
export type FileProblem = MeshError["code"] | StepProblem | "unsafe-archive" | "too-large";

/**
 * A refused file: `quote.file_invalid`, with its problem as the `file` field's (the quote catalogue's
 * fileProblems word it), `count` the number those words say (a limit in MB), `detail` for the logs.
 */
export function fileRefused(problem: FileProblem, detail: string, count?: number): DomainError {
  return new DomainError("quote.file_invalid", { fields: { file: problem }, count, detail });
}

export type FileRefusal = { code: FileProblem; count?: number; detail: string };

/** What refused a file (fileRefused), as plain data that crosses to another thread; null for any other error. */
export function fileRefusal(error: unknown): FileRefusal | null {
  if (!(error instanceof DomainError) || error.code !== "quote.file_invalid") return null;
  const code = (error.fields?.file ?? "unknown-format") as FileProblem;
  return { code, count: error.count, detail: error.message.replace(/^quote\.file_invalid: /, "") };
}

/**
 * Checks an uploaded file by its content (never its name), reads its mesh and measures it.
 * Refuses it (fileRefused) with the problem a buyer can act on.
 */
export function checkQuoteFile(bytes: Uint8Array): CheckedMesh {
  const format = detectFormat(bytes);
  if (!format) throw fileRefused("unknown-format", "This file is not an STL, OBJ, 3MF or STEP model.");
  if (format === "step") throw fileRefused("unknown-format", "A STEP file is read by checkUpload.");
  try {
    const positions = readMesh(bytes, format);
    const stats = meshStats(positions);
    assertPrintable(stats);
    return { format, positions, stats };
  } catch (error) {
    if (error instanceof MeshError) throw fileRefused(error.code, error.message);
    throw error;
  }
}

/** The triangles of a mesh file already checked (a stored quote file). */
export function readMesh(bytes: Uint8Array, format: MeshFormat): Float32Array {
  return format === "stl" ? parseStl(bytes) : format === "obj" ? parseObj(bytes) : read3mf(bytes);
}

/**
 * An upload as the mesh the quote keeps: a mesh file as it came (checkQuoteFile), or a STEP file's
 * solids tessellated on the server (step.ts) and kept as a binary STL (`stored`), which the slicer,
 * the viewer and the measures read like any other. Refuses a file as checkQuoteFile does (a STEP
 * file's own problems come from step.ts, refused the same way).
 */
export async function checkUpload(bytes: Uint8Array): Promise<CheckedMesh & { stored: Uint8Array }> {
  if (detectFormat(bytes) !== "step") return { ...checkQuoteFile(bytes), stored: bytes };
  const positions = await tessellateStep(bytes);
  try {
    const stats = meshStats(positions);
    assertPrintable(stats);
    return { format: "stl", positions, stats, stored: binaryStl(positions) };
  } catch (error) {
    if (error instanceof MeshError) throw fileRefused(error.code, error.message);
    throw error;
  }
}

/** Triangles as a binary STL (normals left zero: readers work them out from the corners). */
export function binaryStl(positions: Float32Array, header = "binary STL from a STEP file"): Uint8Array {
  const count = Math.floor(positions.length / 9);
  const out = new Uint8Array(84 + count * 50);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(header.slice(0, 80)), 0);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++) {
    const base = 84 + t * 50 + 12;
    for (let k = 0; k < 9; k++) view.setFloat32(base + k * 4, positions[t * 9 + k]!, true);
  }
  return out;
}

function read3mf(bytes: Uint8Array): Float32Array {
  let models: Map<string, Uint8Array>;
  try {
    models = readZipEntries(bytes, (name) => /^3D\/[^/]+\.model$/i.test(name));
  } catch (error) {
    if (error instanceof ZipError) throw fileRefused("unsafe-archive", `This 3MF file was refused: ${error.message}.`);
    throw error;
  }
  if (models.size === 0) throw new MeshError("bad-3mf", "This 3MF file has no 3D model inside.");
  const parts = [...models.values()].map((xml) => parse3mfModel(new TextDecoder().decode(xml)));
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
