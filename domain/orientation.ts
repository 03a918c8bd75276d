// Which way up a part prints best: the face that goes down on the bed. The server works it out once
// per file (quotes: on upload) and the buyer may keep the file's own orientation instead. Pure
// TypeScript: no browser or server imports.
//
// In the spirit of Tweaker-3: candidate "down" directions are the six axis directions and the normals
// of the part's largest groups of faces; each is scored by the area that would need support (faces
// pointing down more steeply than 45°, not on the bed), less a share of the area resting on the bed,
// plus a light penalty for height. Orientations standing on an edge or a point are not offered.
import { fittingOrientation, weldedCorners, type Orientation } from "./mesh.ts";
import { facesDown, NEEDS_SUPPORT, ON_BED, underside } from "./printability-report.ts";

export type Vec3 = [number, number, number];
/** A rotation as a 3×3 matrix, row-major: a point p of the file goes to R·p. */
export type Rotation = number[];

/** What the buyer chooses: the studio's best orientation, or the file's own. */
export const ORIENTATION_CHOICES = ["best", "as-file"] as const;
export type OrientationChoice = (typeof ORIENTATION_CHOICES)[number];

/** Share of the bed-contact area that counts against the support area (more contact: steadier, better adhesion). */
const CONTACT_WEIGHT = 0.5;
/** A light penalty for height (taller prints take longer and wobble), as a share of the part's area at its full diagonal. */
const HEIGHT_WEIGHT = 0.02;
/** Less contact than this share of the part's area is an edge or a point: not a stable way to stand. */
const MIN_CONTACT_SHARE = 0.01;
/** A near tie keeps the file's own orientation: the designer may have meant it. */
const FILE_PREFERENCE_SHARE = 0.01;
/** How many of the largest face groups become candidates besides the six axis directions. */
const FACE_GROUPS = 24;
/** The best few are kept (a later scale or bed may rule the first ones out). */
const KEPT_CANDIDATES = 8;

/** One way to place the part: its rotation, its bounds once rotated (unscaled), and its score's parts. */
export type Placement = {
  rotation: Rotation;
  min: Vec3;
  max: Vec3;
  /** Area of the faces that need support (mm², unscaled). */
  overhangMm2: number;
  /** Area of the faces resting on the bed (mm², unscaled). */
  contactMm2: number;
  /** Lower is better. */
  score: number;
};

/** What the server keeps per file: the file's own orientation and its quarter turns, and the stable candidates, best first. */
export type PartOrientations = { asFile: Record<Orientation, Placement>; candidates: Placement[] };

export const IDENTITY: Rotation = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** The quarter turns PrusaSlicer's --rotate, --rotate-x and --rotate-y 90 make (fittingOrientation's). */
export const QUARTER_TURNS: Record<Orientation, Rotation> = {
  "as-drawn": IDENTITY,
  "turned-on-z": [0, -1, 0, 1, 0, 0, 0, 0, 1],
  "on-its-side-x": [1, 0, 0, 0, 0, -1, 0, 1, 0],
  "on-its-side-y": [0, 0, 1, 0, 1, 0, -1, 0, 0],
};

/** A rotation as a short exact text (rounded past float noise), to key what depends on it. */
export function rotationKey(rotation: Rotation): string {
  return JSON.stringify(rotation.map((v) => Math.round(v * 1e9) / 1e9 || 0));
}

export function isIdentity(rotation: Rotation): boolean {
  return rotation.every((v, i) => Math.abs(v - IDENTITY[i]!) < 1e-12);
}

function multiply(a: Rotation, b: Rotation): Rotation {
  const out = new Array<number>(9);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      out[r * 3 + c] = a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
  return out;
}

/** The smallest rotation taking the unit vector `down` to straight down (0, 0, −1). */
export function rotationPuttingDown(down: Vec3): Rotation {
  const [x, y, z] = down;
  const c = -z; // cos of the angle between down and (0, 0, −1)
  if (c > 1 - 1e-12) return IDENTITY;
  if (c < -1 + 1e-12) return [1, 0, 0, 0, -1, 0, 0, 0, -1]; // upside down: half a turn about x
  // Rodrigues' formula with axis k = down × (0,0,−1) = (−y, x, 0), |k| = sin.
  const kx = -y,
    ky = x;
  const f = 1 / (1 + c);
  return [c + kx * kx * f, kx * ky * f, ky, kx * ky * f, c + ky * ky * f, -kx, -ky, kx, c];
}

/**
 * The file's triangles measured once for every candidate: its distinct vertices (a triangle soup
 * repeats each about six times) and each corner's vertex, unit normals and areas.
 */
type Faces = {
  vertices: Float32Array;
  corners: Int32Array;
  normals: Float64Array;
  areas: Float64Array;
  totalArea: number;
  diagonal: number;
  /** Scratch for scoreOnce(): each vertex's height under the candidate rotation. */
  heights: Float64Array;
};

function facesOf(positions: Float32Array): Faces {
  const count = Math.floor(positions.length / 9);
  const normals = new Float64Array(count * 3);
  const areas = new Float64Array(count);
  let totalArea = 0;
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity];
  for (let t = 0; t < count; t++) {
    const o = t * 9;
    const ax = positions[o]!,
      ay = positions[o + 1]!,
      az = positions[o + 2]!;
    const ux = positions[o + 3]! - ax,
      uy = positions[o + 4]! - ay,
      uz = positions[o + 5]! - az;
    const wx = positions[o + 6]! - ax,
      wy = positions[o + 7]! - ay,
      wz = positions[o + 8]! - az;
    const nx = uy * wz - uz * wy,
      ny = uz * wx - ux * wz,
      nz = ux * wy - uy * wx;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    areas[t] = length / 2;
    totalArea += length / 2;
    if (length > 0) {
      normals[t * 3] = nx / length;
      normals[t * 3 + 1] = ny / length;
      normals[t * 3 + 2] = nz / length;
    }
    for (let k = 0; k < 9; k++) {
      const v = positions[o + k]!;
      if (v < lo[k % 3]!) lo[k % 3] = v;
      if (v > hi[k % 3]!) hi[k % 3] = v;
    }
  }
  const diagonal = Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
  const corners = weldedCorners(positions, lo, diagonal);
  let vertexCount = 0;
  for (let corner = 0; corner < corners.length; corner++)
    if (corners[corner]! >= vertexCount) vertexCount = corners[corner]! + 1;
  const vertices = new Float32Array(vertexCount * 3);
  for (let corner = 0; corner < corners.length; corner++) {
    const v = corners[corner]! * 3;
    vertices[v] = positions[corner * 3]!;
    vertices[v + 1] = positions[corner * 3 + 1]!;
    vertices[v + 2] = positions[corner * 3 + 2]!;
  }
  return { vertices, corners, normals, areas, totalArea, diagonal, heights: new Float64Array(vertexCount) };
}

/** The part placed with this rotation: the area needing support, the area on the bed, and its height's penalty. */
function scoreOnce(faces: Faces, rotation: Rotation): Omit<Placement, "min" | "max"> {
  const { vertices, corners, normals, areas, heights } = faces;
  const [, , , , , , r6, r7, r8] = rotation as [number, number, number, number, number, number, number, number, number];
  let low = Infinity,
    high = -Infinity;
  for (let v = 0; v < heights.length; v++) {
    const z = r6 * vertices[v * 3]! + r7 * vertices[v * 3 + 1]! + r8 * vertices[v * 3 + 2]!;
    heights[v] = z;
    if (z < low) low = z;
    if (z > high) high = z;
  }
  let overhangMm2 = 0;
  let contactMm2 = 0;
  for (let t = 0; t < areas.length; t++) {
    const nz = r6 * normals[t * 3]! + r7 * normals[t * 3 + 1]! + r8 * normals[t * 3 + 2]!;
    if (!facesDown(nz)) continue;
    const highest = Math.max(heights[corners[t * 3]!]!, heights[corners[t * 3 + 1]!]!, heights[corners[t * 3 + 2]!]!);
    const side = underside(nz, highest, low);
    if (side === ON_BED) contactMm2 += areas[t]!;
    else if (side === NEEDS_SUPPORT) overhangMm2 += areas[t]!;
  }
  const penalty = (HEIGHT_WEIGHT * faces.totalArea * (high - low)) / Math.max(faces.diagonal, 1e-9);
  return { rotation, overhangMm2, contactMm2, score: overhangMm2 - CONTACT_WEIGHT * contactMm2 + penalty };
}

/** The bounds of the part once rotated (only for the placements kept). */
function placed(faces: Faces, scored: Omit<Placement, "min" | "max">): Placement {
  const { vertices } = faces;
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = scored.rotation as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < vertices.length; i += 3) {
    const x = vertices[i]!,
      y = vertices[i + 1]!,
      z = vertices[i + 2]!;
    const rx = r0 * x + r1 * y + r2 * z,
      ry = r3 * x + r4 * y + r5 * z,
      rz = r6 * x + r7 * y + r8 * z;
    if (rx < min[0]) min[0] = rx;
    if (rx > max[0]) max[0] = rx;
    if (ry < min[1]) min[1] = ry;
    if (ry > max[1]) max[1] = ry;
    if (rz < min[2]) min[2] = rz;
    if (rz > max[2]) max[2] = rz;
  }
  return { ...scored, min, max };
}

/** The six axis directions, then the mean normals of the largest groups of faces (grouped on a coarse grid of directions). */
function candidateDowns(faces: Faces): Vec3[] {
  const { normals, areas } = faces;
  const steps = 8; // a cell is about 7° wide
  const side = 2 * steps + 1;
  const groupArea = new Float64Array(side ** 3);
  const groupSum = new Float64Array(side ** 3 * 3);
  for (let t = 0; t < areas.length; t++) {
    const nx = normals[t * 3]!,
      ny = normals[t * 3 + 1]!,
      nz = normals[t * 3 + 2]!;
    const cell =
      (Math.round(nx * steps) + steps) * side * side +
      (Math.round(ny * steps) + steps) * side +
      Math.round(nz * steps) +
      steps;
    groupArea[cell]! += areas[t]!;
    groupSum[cell * 3]! += nx * areas[t]!;
    groupSum[cell * 3 + 1]! += ny * areas[t]!;
    groupSum[cell * 3 + 2]! += nz * areas[t]!;
  }
  const largest = [...groupArea.keys()]
    .filter((cell) => groupArea[cell]! > 0)
    .sort((a, b) => groupArea[b]! - groupArea[a]!)
    .slice(0, FACE_GROUPS);
  const downs: Vec3[] = [
    [0, 0, -1],
    [0, 0, 1],
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
  ];
  for (const cell of largest) {
    const x = groupSum[cell * 3]!,
      y = groupSum[cell * 3 + 1]!,
      z = groupSum[cell * 3 + 2]!;
    const length = Math.hypot(x, y, z);
    if (length === 0) continue;
    const down: Vec3 = [x / length, y / length, z / length];
    // Within about 2.5° of one already there: the same candidate.
    if (!downs.some((d) => d[0] * down[0] + d[1] * down[1] + d[2] * down[2] > 0.999)) downs.push(down);
  }
  return downs;
}

/**
 * Every way the server may place the part: the file's own orientation and its quarter turns (what
 * "as in my file" prints), and the stable candidates sorted best first.
 */
export function partOrientations(positions: Float32Array): PartOrientations {
  const faces = facesOf(positions);
  // A score depends only on which way is down (a rotation's last row): turns about z share theirs.
  const scores = new Map<string, Omit<Placement, "min" | "max">>();
  const score = (rotation: Rotation) => {
    const down = rotationKey(rotation.slice(6));
    const known = scores.get(down) ?? scoreOnce(faces, rotation);
    scores.set(down, known);
    return { ...known, rotation };
  };
  const asFile = Object.fromEntries(
    Object.entries(QUARTER_TURNS).map(([name, rotation]) => [name, placed(faces, score(rotation))]),
  ) as Record<Orientation, Placement>;
  const minContact = MIN_CONTACT_SHARE * faces.totalArea;
  const preference = FILE_PREFERENCE_SHARE * faces.totalArea;
  const candidates = candidateDowns(faces)
    .map((down) => score(rotationPuttingDown(down)))
    .filter((scored) => scored.contactMm2 >= minContact || isIdentity(scored.rotation))
    .map((scored) => (isIdentity(scored.rotation) ? { ...scored, score: scored.score - preference } : scored))
    .sort((a, b) => a.score - b.score)
    .slice(0, KEPT_CANDIDATES)
    .map((scored) => placed(faces, scored));
  return { asFile, candidates };
}

export type BuildVolume = { x: number; y: number; z: number };

/** The placement on a bed of this size at this scale: as it is, or turned a quarter turn on the bed; null when neither fits. */
export function onTheBed(placement: Placement, scale: number, bed: BuildVolume): Placement | null {
  const [x, y, z] = [0, 1, 2].map((k) => (placement.max[k]! - placement.min[k]!) * scale) as Vec3;
  if (z > bed.z) return null;
  if (x <= bed.x && y <= bed.y) return placement;
  if (y > bed.x || x > bed.y) return null;
  const { min, max } = placement;
  return {
    ...placement,
    rotation: multiply(QUARTER_TURNS["turned-on-z"], placement.rotation),
    min: [-max[1], min[0], min[2]],
    max: [-min[1], max[0], max[2]],
  };
}

/**
 * How the part is printed for the buyer's choice: the best candidate that fits the bed, or the file's
 * own orientation (turned a quarter turn when that is the only way to fit, as before). Null when nothing fits.
 */
export function chosenPlacement(
  orientations: PartOrientations,
  choice: OrientationChoice,
  size: readonly number[],
  scale: number,
  bed: BuildVolume,
): Placement | null {
  const fitting = fittingOrientation(
    size.map((v) => v * scale),
    bed,
  );
  const asFile = fitting ? orientations.asFile[fitting] : null;
  if (choice === "as-file") return asFile;
  for (const candidate of orientations.candidates) {
    const placed = onTheBed(candidate, scale, bed);
    if (placed) return placed;
  }
  return asFile;
}

/** The triangles turned by the rotation and moved to rest on the bed at the origin (what the slicer is given). */
export function rotatedOntoBed(positions: Float32Array, rotation: Rotation): Float32Array {
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = rotation as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const out = new Float32Array(positions.length);
  const min = [Infinity, Infinity, Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i]!,
      y = positions[i + 1]!,
      z = positions[i + 2]!;
    out[i] = r0 * x + r1 * y + r2 * z;
    out[i + 1] = r3 * x + r4 * y + r5 * z;
    out[i + 2] = r6 * x + r7 * y + r8 * z;
    for (let k = 0; k < 3; k++) if (out[i + k]! < min[k]!) min[k] = out[i + k]!;
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! - min[i % 3]!;
  return out;
}
