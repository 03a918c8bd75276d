import { assertPrintable, detectFormat, meshStats, MeshError, parse3mfModel, parseObj, parseStl, type MeshFormat, type MeshStats } from "../../domain/mesh.ts";
import { readZipEntries, ZipError } from "./zip.ts";

export type CheckedMesh = { format: MeshFormat; positions: Float32Array; stats: MeshStats };

/** Reasons a file is refused; the browser shows each in the buyer's language (quote catalogue). */
export type FileProblem = MeshError["code"] | "unsafe-archive" | "too-large";

export class QuoteFileError extends Error {
  readonly code: FileProblem;
  constructor(code: FileProblem, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Checks an uploaded file by its content (never its name), reads its mesh and measures it.
 * Throws QuoteFileError with a message a buyer can act on.
 */
export function checkQuoteFile(bytes: Uint8Array): CheckedMesh {
  const format = detectFormat(bytes);
  if (!format) throw new QuoteFileError("unknown-format", "This file is not an STL, OBJ or 3MF model.");
  try {
    const positions = format === "stl" ? parseStl(bytes) : format === "obj" ? parseObj(bytes) : read3mf(bytes);
    const stats = meshStats(positions);
    assertPrintable(stats);
    return { format, positions, stats };
  } catch (error) {
    if (error instanceof MeshError) throw new QuoteFileError(error.code, error.message);
    throw error;
  }
}

function read3mf(bytes: Uint8Array): Float32Array {
  let models: Map<string, Uint8Array>;
  try {
    models = readZipEntries(bytes, (name) => /^3D\/[^/]+\.model$/i.test(name));
  } catch (error) {
    if (error instanceof ZipError) throw new QuoteFileError("unsafe-archive", `This 3MF file was refused: ${error.message}.`);
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
