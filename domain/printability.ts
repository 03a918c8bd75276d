// What a printer would make badly of a part, found on the mesh: walls thinner than one extrusion
// line, surfaces hanging more than 45° that need support, edges that do not close the surface, and a
// part larger than the bed. Shared by the server (the report kept with a quote, shown to the owner)
// and the browser (the faces the viewer colours). Pure TypeScript and three.js's maths.
import { BufferAttribute, BufferGeometry, DoubleSide, Ray, Vector3 } from "three";
import { MeshBVH } from "three-mesh-bvh";
import { edgeUses, fitsBuildVolume, meshStats, weldedCorners } from "./mesh.ts";
import {
  FACE_OPEN_EDGE,
  FACE_OVERHANG,
  FACE_THIN,
  MIN_WALL_MM,
  NEEDS_SUPPORT,
  underside,
  type PrintabilityReport,
} from "./printability-report.ts";
/** Thin walls are sought from at most this many faces (the largest first), to bound the time. */
const THICKNESS_SAMPLES = 60_000;

export type Printability = { report: PrintabilityReport; faceFlags: Uint8Array };

export function printability(positions: Float32Array, bed: { x: number; y: number; z: number }): Printability {
  const stats = meshStats(positions);
  const triangles = stats.triangles;
  const flags = new Uint8Array(triangles);
  const areas = new Float64Array(triangles);
  const normals = new Float32Array(triangles * 3);
  const report: PrintabilityReport = {
    thinWalls: { faces: 0, areaMm2: 0, thinnestMm: null },
    overhangs: { faces: 0, areaMm2: 0 },
    openEdges: { faces: 0 },
    fitsBed: fitsBuildVolume(stats.size, bed),
  };
  for (let t = 0; t < triangles; t++) {
    const o = t * 9;
    const ux = positions[o + 3]! - positions[o]!,
      uy = positions[o + 4]! - positions[o + 1]!,
      uz = positions[o + 5]! - positions[o + 2]!;
    const wx = positions[o + 6]! - positions[o]!,
      wy = positions[o + 7]! - positions[o + 1]!,
      wz = positions[o + 8]! - positions[o + 2]!;
    const nx = uy * wz - uz * wy,
      ny = uz * wx - ux * wz,
      nz = ux * wy - uy * wx;
    const length = Math.hypot(nx, ny, nz);
    areas[t] = length / 2;
    if (length === 0) continue;
    normals.set([nx / length, ny / length, nz / length], t * 3);
    const highest = Math.max(positions[o + 2]!, positions[o + 5]!, positions[o + 8]!);
    if (underside(nz / length, highest, stats.min[2]) === NEEDS_SUPPORT) {
      flags[t]! |= FACE_OVERHANG;
      report.overhangs.faces++;
      report.overhangs.areaMm2 += areas[t]!;
    }
  }

  const uses = edgeUses(weldedCorners(positions, stats.min, Math.hypot(...stats.size)));
  for (let t = 0; t < triangles; t++) {
    if (uses[t * 3] !== 2 || uses[t * 3 + 1] !== 2 || uses[t * 3 + 2] !== 2) {
      flags[t]! |= FACE_OPEN_EDGE;
      report.openEdges.faces++;
    }
  }

  // Thickness under a face: a ray from just inside it, against its normal, to the surface opposite.
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(positions, 3));
  const bvh = new MeshBVH(geometry);
  const order = Array.from({ length: triangles }, (_, t) => t);
  if (triangles > THICKNESS_SAMPLES) order.sort((a, b) => areas[b]! - areas[a]!).length = THICKNESS_SAMPLES;
  const ray = new Ray();
  const inward = new Vector3();
  for (const t of order) {
    if (areas[t] === 0) continue;
    const o = t * 9;
    inward.set(-normals[t * 3]!, -normals[t * 3 + 1]!, -normals[t * 3 + 2]!);
    ray.origin.set(
      (positions[o]! + positions[o + 3]! + positions[o + 6]!) / 3,
      (positions[o + 1]! + positions[o + 4]! + positions[o + 7]!) / 3,
      (positions[o + 2]! + positions[o + 5]! + positions[o + 8]!) / 3,
    );
    ray.direction.copy(inward);
    ray.origin.addScaledVector(inward, 1e-4);
    const hit = bvh.raycastFirst(ray, DoubleSide, 0, MIN_WALL_MM);
    if (!hit) continue;
    const thickness = hit.distance + 1e-4;
    flags[t]! |= FACE_THIN;
    report.thinWalls.faces++;
    report.thinWalls.areaMm2 += areas[t]!;
    report.thinWalls.thinnestMm = Math.min(report.thinWalls.thinnestMm ?? Infinity, Math.round(thickness * 100) / 100);
  }
  report.overhangs.areaMm2 = Math.round(report.overhangs.areaMm2);
  report.thinWalls.areaMm2 = Math.round(report.thinWalls.areaMm2);
  return { report, faceFlags: flags };
}
