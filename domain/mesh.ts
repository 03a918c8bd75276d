// Mesh reading and measuring for custom-print quotes, shared by the browser (viewer, instant estimate)
// and the server (file checks, stored figures). Pure TypeScript: no browser or server imports.
// A mesh is a flat list of triangles: 9 numbers (three x,y,z corners) per triangle, in millimetres.

export type MeshFormat = "stl" | "obj" | "3mf";
/** What a buyer may upload: a mesh, or a STEP (CAD) file that the server turns into one. */
export type ModelFormat = MeshFormat | "step";

export const MAX_TRIANGLES = 2_000_000;

export type MeshProblemCode =
  "unknown-format" | "empty-mesh" | "too-many-triangles" | "degenerate-mesh" | "not-a-number" | "bad-3mf";

/** A file that cannot be read as a mesh; `code` is stable and maps to a message in each language. */
export class MeshError extends Error {
  readonly code: MeshProblemCode;
  constructor(code: MeshProblemCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type MeshStats = {
  triangles: number;
  /** Width, depth, height of the bounding box in millimetres. */
  size: [number, number, number];
  min: [number, number, number];
  max: [number, number, number];
  volumeMm3: number;
  areaMm2: number;
  /** Every edge shared by exactly two triangles (a closed surface a slicer can fill). */
  manifold: boolean;
  /** Triangles with (near) zero area. */
  degenerate: number;
};

const decoder = new TextDecoder();

/** The format told by the bytes themselves, never by the file's name. */
export function detectFormat(bytes: Uint8Array): ModelFormat | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return "3mf";
  if (bytes.length >= 84) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = view.getUint32(80, true);
    if (84 + count * 50 === bytes.length && count > 0) return "stl";
  }
  if (isStep(bytes)) return "step";
  const head = decoder.decode(bytes.subarray(0, Math.min(bytes.length, 4096)));
  if (/[\u0000-\u0008\u000e-\u001f]/.test(head.replace(/\r/g, ""))) return null; // binary, and not an STL
  if (
    /^\s*solid\b/.test(head) &&
    /facet\s+normal|endsolid/.test(head + decoder.decode(bytes.subarray(Math.max(0, bytes.length - 512))))
  )
    return "stl";
  if (
    /^\s*(v|f|vn|vt|o|g|#|mtllib|usemtl|s)\s/m.test(head) &&
    /^\s*v\s/m.test(decoder.decode(bytes.subarray(0, Math.min(bytes.length, 65536))))
  )
    return "obj";
  return null;
}

/** A STEP file (ISO 10303-21) opens with its standard's name, after an optional byte-order mark and blanks. */
export function isStep(bytes: Uint8Array): boolean {
  return /^\uFEFF?\s*ISO-10303-21\s*;/.test(decoder.decode(bytes.subarray(0, 256)));
}

/** Binary or ASCII STL. */
export function parseStl(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 84 && 84 + view.getUint32(80, true) * 50 === bytes.length) {
    const count = view.getUint32(80, true);
    if (count > MAX_TRIANGLES) throw tooMany(count);
    const out = new Float32Array(count * 9);
    for (let t = 0; t < count; t++) {
      const base = 84 + t * 50 + 12; // skip the normal
      for (let k = 0; k < 9; k++) out[t * 9 + k] = view.getFloat32(base + k * 4, true);
    }
    return checkNumbers(out);
  }
  const text = decoder.decode(bytes);
  const values: number[] = [];
  const vertex = /vertex\s+(\S+)\s+(\S+)\s+(\S+)/g;
  for (let m = vertex.exec(text); m; m = vertex.exec(text)) {
    values.push(Number(m[1]), Number(m[2]), Number(m[3]));
    if (values.length > MAX_TRIANGLES * 9) throw tooMany(values.length / 9);
  }
  if (values.length % 9 !== 0)
    throw new MeshError("degenerate-mesh", "A facet of this STL file does not have three corners.");
  return checkNumbers(Float32Array.from(values));
}

/** Wavefront OBJ: vertices and faces (polygons are fanned into triangles; negative indices count back). */
export function parseObj(bytes: Uint8Array): Float32Array {
  const text = decoder.decode(bytes);
  const vertices: number[] = [];
  const out: number[] = [];
  for (const rawLine of text.split("\n")) {
    const line = rawLine.trim();
    if (line.startsWith("v ")) {
      const [, x, y, z] = line.split(/\s+/);
      vertices.push(Number(x), Number(y), Number(z));
    } else if (line.startsWith("f ")) {
      const refs = line
        .split(/\s+/)
        .slice(1)
        .map((part) => {
          const index = Number.parseInt(part.split("/")[0] ?? "", 10);
          const resolved = index < 0 ? vertices.length / 3 + index : index - 1;
          if (!Number.isInteger(resolved) || resolved < 0 || resolved >= vertices.length / 3) {
            throw new MeshError("degenerate-mesh", "A face of this OBJ file points to a vertex that does not exist.");
          }
          return resolved;
        });
      for (let i = 1; i + 1 < refs.length; i++) {
        for (const r of [refs[0]!, refs[i]!, refs[i + 1]!])
          out.push(vertices[r * 3]!, vertices[r * 3 + 1]!, vertices[r * 3 + 2]!);
      }
      if (out.length > MAX_TRIANGLES * 9) throw tooMany(out.length / 9);
    }
  }
  return checkNumbers(Float32Array.from(out));
}

/** The mesh of a 3MF's model part (3D/3dmodel.model), already unzipped; units as the file says. */
export function parse3mfModel(xml: string): Float32Array {
  const unit = /<model[^>]*\bunit="([a-z]+)"/.exec(xml)?.[1] ?? "millimeter";
  const factor = (
    { micron: 0.001, millimeter: 1, centimeter: 10, inch: 25.4, foot: 304.8, meter: 1000 } as Record<string, number>
  )[unit];
  if (!factor) throw new MeshError("bad-3mf", "This 3MF file uses a unit we do not know.");
  const out: number[] = [];
  const meshes = xml.match(/<mesh\b[\s\S]*?<\/mesh>/g) ?? [];
  for (const mesh of meshes) {
    const vertices: number[] = [];
    const vertexTag = /<vertex\b([^>]*)\/?>/g;
    for (let m = vertexTag.exec(mesh); m; m = vertexTag.exec(mesh)) {
      const attrs = m[1]!;
      vertices.push(attr(attrs, "x") * factor, attr(attrs, "y") * factor, attr(attrs, "z") * factor);
    }
    const triangleTag = /<triangle\b([^>]*)\/?>/g;
    for (let m = triangleTag.exec(mesh); m; m = triangleTag.exec(mesh)) {
      const attrs = m[1]!;
      for (const name of ["v1", "v2", "v3"]) {
        const r = attr(attrs, name);
        if (!Number.isInteger(r) || r < 0 || r >= vertices.length / 3) {
          throw new MeshError("bad-3mf", "A triangle of this 3MF file points to a vertex that does not exist.");
        }
        out.push(vertices[r * 3]!, vertices[r * 3 + 1]!, vertices[r * 3 + 2]!);
      }
      if (out.length > MAX_TRIANGLES * 9) throw tooMany(out.length / 9);
    }
  }
  return checkNumbers(Float32Array.from(out));
}

function attr(attrs: string, name: string): number {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs);
  return m ? Number(m[1]) : Number.NaN;
}

function tooMany(count: number): MeshError {
  return new MeshError(
    "too-many-triangles",
    `This model has ${Math.round(count).toLocaleString("en")} triangles; the limit is ${MAX_TRIANGLES.toLocaleString("en")}. Please simplify it.`,
  );
}

function checkNumbers(positions: Float32Array): Float32Array {
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i]))
      throw new MeshError("not-a-number", "This file has coordinates that are not numbers.");
  }
  return positions;
}

/** What one pass over the triangles measures: what the price's estimate and the dimensions need. */
export type MeshMeasures = Pick<MeshStats, "triangles" | "size" | "min" | "max" | "volumeMm3" | "areaMm2">;

/** Bounding box, volume (sum of signed tetrahedra from the origin: exact for a closed surface) and surface area. */
export function meshMeasures(positions: Float32Array): MeshMeasures {
  const triangles = Math.floor(positions.length / 9);
  if (triangles === 0) throw new MeshError("empty-mesh", "This file has no triangles: there is nothing to print.");
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let volume = 0;
  let area = 0;
  for (let t = 0; t < triangles; t++) {
    const o = t * 9;
    const ax = positions[o]!,
      ay = positions[o + 1]!,
      az = positions[o + 2]!;
    const bx = positions[o + 3]!,
      by = positions[o + 4]!,
      bz = positions[o + 5]!;
    const cx = positions[o + 6]!,
      cy = positions[o + 7]!,
      cz = positions[o + 8]!;
    volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
    area += triangleArea(positions, o);
    for (let k = 0; k < 9; k++) {
      const v = positions[o + k]!;
      if (v < min[k % 3]!) min[k % 3] = v;
      if (v > max[k % 3]!) max[k % 3] = v;
    }
  }
  return {
    triangles,
    size: [max[0] - min[0], max[1] - min[1], max[2] - min[2]],
    min,
    max,
    volumeMm3: Math.abs(volume),
    areaMm2: area,
  };
}

function triangleArea(positions: Float32Array, o: number): number {
  const ux = positions[o + 3]! - positions[o]!,
    uy = positions[o + 4]! - positions[o + 1]!,
    uz = positions[o + 5]! - positions[o + 2]!;
  const wx = positions[o + 6]! - positions[o]!,
    wy = positions[o + 7]! - positions[o + 1]!,
    wz = positions[o + 8]! - positions[o + 2]!;
  const x = uy * wz - uz * wy,
    y = uz * wx - ux * wz,
    z = ux * wy - uy * wx;
  return Math.sqrt(x * x + y * y + z * z) / 2;
}

/** The measures, and a manifold check by counting how many triangles share each edge. */
export function meshStats(positions: Float32Array): MeshStats {
  const measures = meshMeasures(positions);
  const { triangles, min } = measures;
  const diagonal = Math.hypot(...measures.size);
  const vertices = weldedCorners(positions, min, diagonal);
  let degenerate = 0;
  const minArea = (diagonal * 1e-9) ** 2;
  for (let t = 0; t < triangles; t++) {
    const a = vertices[t * 3]!,
      b = vertices[t * 3 + 1]!,
      c = vertices[t * 3 + 2]!;
    if (a === b || b === c || a === c || triangleArea(positions, t * 9) <= minArea) degenerate++;
  }
  const manifold = degenerate === 0 && edgeUses(vertices).every((uses) => uses === 2);
  return { ...measures, manifold, degenerate };
}

/**
 * The welded vertex of each corner. Vertices are welded on a grid of 1/100,000 of the part's
 * diagonal (microns for a printable part), so that the three grid indices pack into one exact number.
 */
export function weldedCorners(positions: Float32Array, min: readonly number[], diagonal: number): Int32Array {
  // The upload's check, the orientation search and the printability report weld the same
  // triangles: once is enough (the answer is shared: callers only read it).
  const known = welded.get(positions);
  if (known && known.diagonal === diagonal && known.min.every((v, k) => v === min[k])) return known.corners;
  const corners = weldCorners(positions, min, diagonal);
  welded.set(positions, { min: [...min], diagonal, corners });
  return corners;
}

const welded = new WeakMap<Float32Array, { min: number[]; diagonal: number; corners: Int32Array }>();

function weldCorners(positions: Float32Array, min: readonly number[], diagonal: number): Int32Array {
  const corners = Math.floor(positions.length / 9) * 3;
  const cell = Math.max(diagonal * 1e-5, 1e-9);
  const ids = new DenseIds(corners / 6);
  const vertices = new Int32Array(corners);
  for (let corner = 0; corner < corners; corner++) {
    const i = corner * 3;
    vertices[corner] = ids.idOf(
      (Math.round((positions[i]! - min[0]!) / cell) * 100_003 + Math.round((positions[i + 1]! - min[1]!) / cell)) *
        100_003 +
        Math.round((positions[i + 2]! - min[2]!) / cell),
    );
  }
  return vertices;
}

/**
 * For each triangle's three edges (a→b, b→c, c→a), how many triangles share that edge: 2 everywhere
 * on a closed surface, 1 on a hole's rim, 3 or more where surfaces meet badly. A collapsed triangle
 * (two corners welded together) counts for none and reads 0.
 */
export function edgeUses(vertices: Int32Array): Int32Array {
  const triangles = vertices.length / 3;
  const edgeIds = new DenseIds(triangles * 2);
  let uses = new Int32Array(triangles * 2);
  const edgeOf = new Int32Array(triangles * 3).fill(-1);
  for (let t = 0; t < triangles; t++) {
    const a = vertices[t * 3]!,
      b = vertices[t * 3 + 1]!,
      c = vertices[t * 3 + 2]!;
    if (a === b || b === c || a === c) continue;
    for (let k = 0; k < 3; k++) {
      const p = vertices[t * 3 + k]!;
      const q = vertices[t * 3 + ((k + 1) % 3)]!;
      const edge = edgeIds.idOf(p < q ? p * 16_777_216 + q : q * 16_777_216 + p); // unique while ids < 2^24
      if (edge >= uses.length) uses = grown(uses);
      uses[edge]!++;
      edgeOf[t * 3 + k] = edge;
    }
  }
  return edgeOf.map((edge) => (edge < 0 ? 0 : uses[edge]!));
}

function grown(counts: Int32Array): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(counts.length * 2);
  bigger.set(counts);
  return bigger;
}

/**
 * Numbers each distinct key (an integer below 2^53) 0, 1, 2… in order of first sight: an
 * open-addressing table in typed arrays, several times faster than a Map on a million corners.
 */
class DenseIds {
  size = 0;
  private keys: Float64Array;
  private ids: Int32Array;

  constructor(expected: number) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Float64Array(capacity);
    this.ids = new Int32Array(capacity).fill(-1);
  }

  idOf(key: number): number {
    const mask = this.ids.length - 1;
    let slot = DenseIds.hash(key) & mask;
    for (;;) {
      const id = this.ids[slot]!;
      if (id === -1) break;
      if (this.keys[slot] === key) return id;
      slot = (slot + 1) & mask;
    }
    this.keys[slot] = key;
    this.ids[slot] = this.size;
    if (++this.size * 2 > this.ids.length) this.grow();
    return this.size - 1;
  }

  private static hash(key: number): number {
    let h = Math.imul((key % 4_294_967_296) ^ Math.imul(Math.floor(key / 4_294_967_296), 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 13;
    return Math.imul(h, 0xc2b2ae35) ^ (h >>> 16);
  }

  private grow(): void {
    const { keys, ids } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.ids = new Int32Array(ids.length * 2).fill(-1);
    const mask = this.ids.length - 1;
    for (let old = 0; old < ids.length; old++) {
      if (ids[old] === -1) continue;
      let slot = DenseIds.hash(keys[old]!) & mask;
      while (this.ids[slot] !== -1) slot = (slot + 1) & mask;
      this.keys[slot] = keys[old]!;
      this.ids[slot] = ids[old]!;
    }
  }
}

/** Refuses what no printer can make: a flat or empty mesh, or one made mostly of zero-area triangles. */
export function assertPrintable(stats: MeshStats): void {
  if (stats.degenerate > stats.triangles / 2 || Math.min(...stats.size) <= 0 || stats.volumeMm3 <= 0) {
    throw new MeshError(
      "degenerate-mesh",
      "This model is flat or made of triangles without area: there is no solid to print. Please check the export.",
    );
  }
}

export type ScaleSuggestion = { factor: 25.4 | 0.001 | 1000; reason: "inches" | "metres" };

/**
 * A model drawn in inches comes out 25.4 times too small, one drawn in metres 1000 times: suggest
 * the factor when the largest side is implausible in millimetres and plausible in the other unit.
 */
export function suggestScale(size: readonly number[]): ScaleSuggestion | null {
  const largest = Math.max(...size);
  if (largest > 0 && largest < 0.5) return { factor: 1000, reason: "metres" };
  if (largest >= 0.5 && largest < 10) return { factor: 25.4, reason: "inches" };
  if (largest > 5000) return { factor: 0.001, reason: "metres" };
  return null;
}

export function scalePositions(positions: Float32Array, factor: number): Float32Array {
  const out = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i++) out[i] = positions[i]! * factor;
  return out;
}

export type Orientation = "as-drawn" | "turned-on-z" | "on-its-side-x" | "on-its-side-y";

/**
 * How a part of this size fits the build volume: as drawn, or turned a quarter turn about one axis
 * (the slicer is told the same turn). Null when it fits in none of them.
 */
export function fittingOrientation(
  size: readonly number[],
  volume: { x: number; y: number; z: number },
): Orientation | null {
  const [a, b, c] = size as [number, number, number];
  const candidates: [Orientation, number, number, number][] = [
    ["as-drawn", a, b, c],
    ["turned-on-z", b, a, c],
    ["on-its-side-x", a, c, b],
    ["on-its-side-y", c, b, a],
  ];
  return candidates.find(([, x, y, z]) => x <= volume.x && y <= volume.y && z <= volume.z)?.[0] ?? null;
}

export function fitsBuildVolume(size: readonly number[], volume: { x: number; y: number; z: number }): boolean {
  return fittingOrientation(size, volume) !== null;
}

export const MM_PER_INCH = 25.4;
