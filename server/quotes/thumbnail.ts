/**
 * A small SVG picture of a model for the cart line and the admin: triangles seen from an isometric
 * corner, flat-shaded, drawn back to front. At most MAX_TRIANGLES of them (evenly sampled), so the
 * picture stays a few dozen kilobytes whatever the model.
 */
const MAX_TRIANGLES = 1500;

export function thumbnailSvg(positions: Float32Array, size = 160): string {
  const total = Math.floor(positions.length / 9);
  const step = Math.max(1, Math.ceil(total / MAX_TRIANGLES));
  // Isometric view: rotate 45° about Z, then tilt ~35° about X.
  const cz = Math.SQRT1_2,
    sz = Math.SQRT1_2,
    cx = Math.cos(0.6155),
    sx = Math.sin(0.6155);
  const project = (x: number, y: number, z: number) => {
    const rx = x * cz - y * sz;
    const ry = x * sz + y * cz;
    return [rx, ry * sx + z * cx, ry * cx - z * sx] as const; // screen x, screen y (up), depth
  };
  const faces: { points: number[]; depth: number; light: number }[] = [];
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (let t = 0; t < total; t += step) {
    const o = t * 9;
    const a = project(positions[o]!, positions[o + 1]!, positions[o + 2]!);
    const b = project(positions[o + 3]!, positions[o + 4]!, positions[o + 5]!);
    const c = project(positions[o + 6]!, positions[o + 7]!, positions[o + 8]!);
    // Normal in view space; faces turned away are not drawn (with sampling, fewer holes show).
    const ux = b[0] - a[0],
      uy = b[1] - a[1],
      uz = b[2] - a[2],
      vx = c[0] - a[0],
      vy = c[1] - a[1],
      vz = c[2] - a[2];
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz) || 1;
    const facing = -nz / length;
    if (facing < -0.05 && step === 1) continue;
    const light = Math.max(0.15, Math.abs((nx * -0.3 + ny * 0.8 - nz * 0.5) / length));
    faces.push({ points: [a[0], a[1], b[0], b[1], c[0], c[1]], depth: (a[2] + b[2] + c[2]) / 3, light });
    for (const [x, y] of [a, b, c]) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const scale = (size * 0.9) / span;
  const offsetX = (size - (maxX - minX) * scale) / 2;
  const offsetY = (size - (maxY - minY) * scale) / 2;
  faces.sort((p, q) => q.depth - p.depth);
  const polygons = faces.map(({ points, light }) => {
    const coords = [];
    for (let i = 0; i < 6; i += 2) {
      coords.push(
        ((points[i]! - minX) * scale + offsetX).toFixed(1),
        (size - ((points[i + 1]! - minY) * scale + offsetY)).toFixed(1),
      );
    }
    const shade = Math.round(90 + light * 140);
    return `<path d="M${coords[0]} ${coords[1]}L${coords[2]} ${coords[3]}L${coords[4]} ${coords[5]}Z" fill="rgb(${shade},${Math.round(shade * 0.93)},${Math.round(shade * 0.85)})"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="Model preview">${polygons.join("")}</svg>`;
}
