// Closed test parts of about 40,000 to 60,000 triangles, generated in code, for the test that the
// slicer's resolution does not move the price (server/quotes/slice-resolution.test.ts).
import { torus, type Triangles } from "./mesh-fixtures.ts";

type Point = [number, number, number];

/**
 * A solid made of closed loops stacked from bottom to top (each counter-clockwise seen from above,
 * with the same number of points), joined side to side and capped at both ends.
 */
export function stackedLoops(loops: Point[][]): Triangles {
  const out: number[] = [];
  const centre = (loop: Point[]): Point => {
    const sum = loop.reduce((acc, p) => [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2]] as Point, [0, 0, 0] as Point);
    return [sum[0] / loop.length, sum[1] / loop.length, sum[2] / loop.length];
  };
  const first = loops[0]!;
  const last = loops[loops.length - 1]!;
  const n = first.length;
  const bottom = centre(first);
  const top = centre(last);
  for (let i = 0; i < n; i++) {
    const next = (i + 1) % n;
    out.push(...bottom, ...first[next]!, ...first[i]!);
    out.push(...top, ...last[i]!, ...last[next]!);
    for (let level = 0; level + 1 < loops.length; level++) {
      const a = loops[level]!;
      const b = loops[level + 1]!;
      out.push(...a[i]!, ...a[next]!, ...b[next]!);
      out.push(...a[i]!, ...b[next]!, ...b[i]!);
    }
  }
  return out;
}

/** A solid of revolution: radius(z, angle) for z from 0 to height. */
function revolved(
  height: number,
  levels: number,
  points: number,
  radius: (z: number, angle: number) => number,
): Triangles {
  const loops: Point[][] = [];
  for (let level = 0; level <= levels; level++) {
    const z = (level / levels) * height;
    const loop: Point[] = [];
    for (let i = 0; i < points; i++) {
      const angle = (i / points) * Math.PI * 2;
      const r = radius(z, angle);
      loop.push([r * Math.cos(angle), r * Math.sin(angle), z]);
    }
    loops.push(loop);
  }
  return stackedLoops(loops);
}

/** A prism of a star, turned a quarter around its height. */
function twistedStar(
  arms: number,
  outer: number,
  inner: number,
  height: number,
  levels: number,
  pointsPerArm: number,
): Triangles {
  const loops: Point[][] = [];
  const points = arms * pointsPerArm;
  for (let level = 0; level <= levels; level++) {
    const z = (level / levels) * height;
    const twist = (z / height) * (Math.PI / 2);
    const loop: Point[] = [];
    for (let i = 0; i < points; i++) {
      const angle = (i / points) * Math.PI * 2;
      const r = inner + (outer - inner) * (0.5 + 0.5 * Math.cos(angle * arms));
      loop.push([r * Math.cos(angle + twist), r * Math.sin(angle + twist), z]);
    }
    loops.push(loop);
  }
  return stackedLoops(loops);
}

/** A dome: the upper half of an ellipsoid, flat side down. */
function dome(
  rx: number,
  ry: number,
  rz: number,
  levels: number,
  points: number,
  bump?: (lat: number, angle: number) => number,
): Triangles {
  const loops: Point[][] = [];
  for (let level = 0; level <= levels; level++) {
    const lat = (level / (levels + 0.5)) * (Math.PI / 2);
    const loop: Point[] = [];
    for (let i = 0; i < points; i++) {
      const angle = (i / points) * Math.PI * 2;
      const k = bump?.(lat, angle) ?? 1;
      loop.push([
        rx * k * Math.cos(lat) * Math.cos(angle),
        ry * k * Math.cos(lat) * Math.sin(angle),
        rz * Math.sin(lat),
      ]);
    }
    loops.push(loop);
  }
  return stackedLoops(loops);
}

/** A ball of radius r, flattened a little at the bottom so that it stands. */
function ball(r: number, levels: number, points: number): Triangles {
  const loops: Point[][] = [];
  for (let level = 0; level <= levels; level++) {
    const lat = -Math.PI / 2 + 0.2 + (level / levels) * (Math.PI - 0.4);
    const loop: Point[] = [];
    for (let i = 0; i < points; i++) {
      const angle = (i / points) * Math.PI * 2;
      loop.push([r * Math.cos(lat) * Math.cos(angle), r * Math.cos(lat) * Math.sin(angle), r + r * Math.sin(lat)]);
    }
    loops.push(loop);
  }
  return stackedLoops(loops);
}

/** A tube with a thin wall (`wall` mm thick, thinner than two lines of plastic), standing on its rim. */
function tube(radius: number, wall: number, height: number, levels: number, points: number): Triangles {
  const out: number[] = [];
  const at = (r: number, i: number, z: number) => [
    r * Math.cos((i / points) * Math.PI * 2),
    r * Math.sin((i / points) * Math.PI * 2),
    z,
  ];
  const inner = radius - wall;
  for (let i = 0; i < points; i++) {
    const j = (i + 1) % points;
    for (let level = 0; level < levels; level++) {
      const z0 = (level / levels) * height,
        z1 = ((level + 1) / levels) * height;
      out.push(
        ...at(radius, i, z0),
        ...at(radius, j, z0),
        ...at(radius, j, z1),
        ...at(radius, i, z0),
        ...at(radius, j, z1),
        ...at(radius, i, z1),
      );
      out.push(
        ...at(inner, i, z0),
        ...at(inner, j, z1),
        ...at(inner, j, z0),
        ...at(inner, i, z0),
        ...at(inner, i, z1),
        ...at(inner, j, z1),
      );
    }
    out.push(
      ...at(radius, i, height),
      ...at(radius, j, height),
      ...at(inner, j, height),
      ...at(radius, i, height),
      ...at(inner, j, height),
      ...at(inner, i, height),
    );
    out.push(
      ...at(radius, i, 0),
      ...at(inner, j, 0),
      ...at(radius, j, 0),
      ...at(radius, i, 0),
      ...at(inner, i, 0),
      ...at(inner, j, 0),
    );
  }
  return out;
}

/**
 * Eleven parts that stand on the bed without supports (no face hangs more than 45°): curved, ribbed,
 * twisted, faceted, thin-walled and tapered.
 */
export const variedModels: { name: string; triangles: Triangles }[] = [
  { name: "dome", triangles: dome(25, 25, 25, 110, 220) },
  {
    name: "ribbed dome",
    triangles: dome(25, 25, 20, 110, 220, (lat, angle) => 1 + 0.04 * Math.sin(12 * angle) * Math.cos(lat)),
  },
  { name: "flat dome", triangles: dome(40, 25, 10, 100, 240) },
  { name: "vase", triangles: revolved(80, 150, 160, (z) => 18 + 6 * Math.sin(z / 9)) },
  { name: "cone", triangles: revolved(50, 100, 200, (z) => 30 - 0.55 * z) },
  { name: "bell", triangles: revolved(45, 120, 200, (z) => 5 + 25 * Math.sqrt(1 - z / 46)) },
  { name: "twisted star", triangles: twistedStar(5, 25, 12, 40, 100, 40) },
  { name: "gear", triangles: revolved(12, 40, 480, (_z, angle) => 30 + 2.5 * Math.tanh(4 * Math.sin(angle * 24))) },
  {
    name: "wavy column",
    triangles: revolved(60, 150, 160, (z, angle) => 15 + 1.5 * Math.sin(8 * angle) * Math.sin(z / 6)),
  },
  { name: "thin-walled tube", triangles: tube(20, 0.8, 40, 10, 2000) },
  {
    name: "tapered tower",
    triangles: revolved(
      70,
      140,
      160,
      (z, angle) => (22 - 0.2 * z) / (Math.abs(Math.cos(angle)) ** 6 + Math.abs(Math.sin(angle)) ** 6) ** (1 / 6),
    ),
  },
];

/** Parts that need supports as they lie: a ring, a ball and a mushroom's overhanging cap. */
export const modelsOnSupports: { name: string; triangles: Triangles }[] = [
  { name: "torus", triangles: torus(40, 15, 300, 100) },
  { name: "ball", triangles: ball(25, 120, 200) },
  {
    name: "mushroom",
    triangles: revolved(40, 120, 200, (z) => (z < 28 ? 8 : 8 + 22 * Math.sin(((z - 28) / 12) * (Math.PI / 2)))),
  },
];
