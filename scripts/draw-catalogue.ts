/**
 * Draws the sample catalogue's product pictures as small SVG files in public/images/catalogue.
 * Run: node_modules/.bin/node scripts/draw-catalogue.ts
 *
 * One studio "product shot" style for every picture: a soft gradient backdrop with a spotlight, the
 * object built from simple shaded shapes, fine horizontal layer lines (FDM printing) over the printed
 * parts only, and a soft contact shadow. Every picture the sample data references must be drawn
 * here, and nothing else; the script checks both ways.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SAMPLE_IMAGE_DIR, sampleCategories, sampleItems } from "../server/catalogue/sample-data.ts";

// ---------------------------------------------------------------------------------------------
// A tiny shape language

type Options = {
  /** Part of the print: layer lines are drawn over it (default true). */
  tex?: boolean;
  /** Drawn after the layer lines, so that they never cross it (eyes, lights, plants, pens). */
  top?: boolean;
  tr?: string;
  id?: string;
  /** Id of another shape to clip this one to. */
  clip?: string;
  rx?: number;
  /** Raw extra attributes. */
  x?: string;
  /** Stroke colour (a fill key or a colour) and width. */
  stroke?: string;
  sw?: number;
};
type Shape = { tag: string; attrs: string; fill: string; o: Options };

const n = (v: number) => String(Math.round(v * 10) / 10);

const path_ = (d: string, fill: string, o: Options = {}): Shape => ({ tag: "path", attrs: `d="${d}"`, fill, o });
const circle = (cx: number, cy: number, r: number, fill: string, o: Options = {}): Shape => ({
  tag: "circle",
  attrs: `cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"`,
  fill,
  o,
});
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, o: Options = {}): Shape => ({
  tag: "ellipse",
  attrs: `cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"`,
  fill,
  o,
});
const rect = (x: number, y: number, w: number, h: number, fill: string, o: Options = {}): Shape => ({
  tag: "rect",
  attrs: `x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${o.rx ? ` rx="${n(o.rx)}"` : ""}`,
  fill,
  o,
});
const poly = (points: number[][], fill: string, o: Options = {}) =>
  path_(`M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}Z`, fill, o);
/** A stroked line (never textured). */
const line = (d: string, colour: string, width: number, o: Options = {}) =>
  path_(d, "none", { tex: false, ...o, stroke: colour, sw: width });

/** Rotates (x, y) by deg degrees around (cx, cy) after scaling it by k around the origin of the shape. */
function turn(cx: number, cy: number, deg: number) {
  const r = (deg * Math.PI) / 180;
  return (x: number, y: number) =>
    `${n(cx + x * Math.cos(r) - y * Math.sin(r))} ${n(cy + x * Math.sin(r) + y * Math.cos(r))}`;
}

/** A pointed leaf (tip down when len > 0), its base at (cx, cy), rotated by deg, with absolute coordinates. */
function leafPath(cx: number, cy: number, w: number, len: number, deg: number): string {
  const t = turn(cx, cy, deg);
  return `M${t(0, 0)}C${t(w * 0.55, len * 0.25)} ${t(w * 0.45, len * 0.75)} ${t(0, len)}C${t(-w * 0.45, len * 0.75)} ${t(-w * 0.55, len * 0.25)} ${t(0, 0)}Z`;
}

/** An instance of a group defined in Picture.groups. Fill is inherited where the group leaves it open. */
const use = (group: string, tr: string, fill = ""): Shape => ({
  tag: "use",
  attrs: `href="#${group}"`,
  fill,
  o: { tex: false, tr },
});

/** Mirrors an absolute path (M L C Q Z with coordinate pairs only) around x = 400. */
function mirror(d: string): string {
  let i = 0;
  return d.replace(/-?\d+(\.\d+)?/g, (num) => (i++ % 2 === 0 ? n(800 - Number(num)) : num));
}
const mirrored = (s: Shape): Shape => ({ ...s, attrs: s.attrs.replace(/d="([^"]*)"/, (_, d) => `d="${mirror(d)}"`) });

/** A Canadian maple leaf centred on (cx, cy), w wide and h tall. */
function mapleLeaf(cx: number, cy: number, w: number, h: number, fill: string, o: Options = {}) {
  const half = [
    [0, -1],
    [0.15, -0.72],
    [0.32, -0.8],
    [0.26, -0.42],
    [0.5, -0.62],
    [0.56, -0.5],
    [0.82, -0.56],
    [0.72, -0.3],
    [0.86, -0.22],
    [0.46, 0.1],
    [0.52, 0.26],
    [0.07, 0.2],
    [0.07, 0.56],
  ];
  const all = [
    ...half,
    ...half
      .slice(1)
      .reverse()
      .map(([x, y]) => [-x, y]),
  ];
  return poly(
    all.map(([x, y]) => [cx + (x * w) / 2, cy + (y * h) / 1.56 + h * 0.14]),
    fill,
    o,
  );
}

// ---------------------------------------------------------------------------------------------
// Colours

function hex(c: string): number[] {
  const v = parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
function mix(a: string, b: string, t: number): string {
  const [x, y] = [hex(a), hex(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v + (y[i] - v) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
const light = (c: string, t = 0.35) => mix(c, "#ffffff", t);
const dark = (c: string, t = 0.28) => mix(c, "#000000", t);

type Palette = Partial<Record<"m" | "s" | "t" | "u", string>>;

/**
 * Fill keys: "m" (main), "s" (second), "t" (third), "u" (fourth) are shaded gradients of the
 * palette colour; a suffix picks a flat tone: b base, l light, d dark, x darkest, r radial sphere.
 * Anything else is used as is.
 */
function resolveFill(key: string, palette: Palette, used: Set<string>): string {
  const m = /^([mstu])([bldxr]?)$/.exec(key);
  if (!m) return key;
  const base = palette[m[1] as keyof Palette];
  if (!base) throw new Error(`palette has no "${m[1]}"`);
  switch (m[2]) {
    case "b":
      return base;
    case "l":
      return light(base);
    case "d":
      return dark(base);
    case "x":
      return dark(base, 0.55);
    default:
      used.add(key);
      return `url(#${key})`;
  }
}

function gradientDefs(used: Set<string>, palette: Palette): string {
  let out = "";
  for (const key of used) {
    const base = palette[key[0] as keyof Palette]!;
    if (key.length === 1) {
      out += `<linearGradient id="${key}" x2="1" y2="1"><stop offset="0" stop-color="${light(base, 0.4)}"/><stop offset=".45" stop-color="${base}"/><stop offset="1" stop-color="${dark(base, 0.3)}"/></linearGradient>`;
    } else {
      out += `<radialGradient id="${key}" cx=".38" cy=".34" r=".75"><stop offset="0" stop-color="${light(base, 0.55)}"/><stop offset=".55" stop-color="${base}"/><stop offset="1" stop-color="${dark(base, 0.3)}"/></radialGradient>`;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Backdrops, one per category

const backdrops: Record<string, [string, string]> = {
  "cat-figurines": ["#f6efe8", "#e0d2c6"],
  "cat-cosplay": ["#efedf5", "#d5d1e3"],
  "cat-home-decor": ["#eef4ee", "#d3e0d5"],
  "cat-desk-tech": ["#edf3f7", "#cfdde7"],
  "cat-materials": ["#f5f2ea", "#ded7c8"],
};

// ---------------------------------------------------------------------------------------------
// Rendering

type Picture = {
  file: string;
  title: string;
  backdrop: [string, string];
  palette: Palette;
  shapes: Shape[];
  /** Contact shadow: half-width and centre. */
  shadow: { rx: number; cx?: number; cy?: number };
  /** Applied to the object and its shadow (close-ups). */
  transform?: string;
  /** Extra definitions (custom gradients). */
  defs?: string;
  /** Reusable groups, each with its own layer lines, drawn with use(). */
  groups?: Record<string, Shape[]>;
};

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function render(p: Picture): string {
  const used = new Set<string>();
  let auto = 0;
  const clips = new Map<string, string>();
  let textured: string[] = [];
  const draw = (s: Shape) => {
    let id = s.o.id;
    const tex = s.o.tex !== false && s.fill !== "none" && s.fill !== "";
    if (tex && !id) id = `i${auto++}`;
    if (tex) textured.push(id!);
    if (s.o.clip) clips.set(s.o.clip, `<clipPath id="c${s.o.clip}"><use href="#${s.o.clip}"/></clipPath>`);
    const attrs = [
      id ? `id="${id}"` : "",
      s.attrs,
      s.fill === "" ? "" : s.fill === "none" ? `fill="none"` : `fill="${resolveFill(s.fill, p.palette, used)}"`,
      s.o.tr ? `transform="${s.o.tr}"` : "",
      s.o.clip ? `clip-path="url(#c${s.o.clip})"` : "",
      s.o.stroke
        ? `stroke="${resolveFill(s.o.stroke, p.palette, used)}" stroke-width="${s.o.sw ?? 1}" stroke-linecap="round"`
        : "",
      s.o.x ?? "",
    ];
    return `<${s.tag} ${attrs.filter(Boolean).join(" ")}/>`;
  };
  /** Shapes, then layer lines over the textured ones (clipped to their union), then the "top" shapes. */
  const layer = (shapes: Shape[], clipId: string) => {
    textured = [];
    const under = shapes
      .filter((s) => !s.o.top)
      .map(draw)
      .join("");
    const over = shapes
      .filter((s) => s.o.top)
      .map(draw)
      .join("");
    if (!textured.length) return { body: under + over, clip: "" };
    return {
      body: `${under}<rect x="-400" y="-300" width="1600" height="1200" fill="url(#l)" clip-path="url(#${clipId})"/>${over}`,
      clip: `<clipPath id="${clipId}">${textured.map((id) => `<use href="#${id}"/>`).join("")}</clipPath>`,
    };
  };
  let groupDefs = "";
  for (const [id, shapes] of Object.entries(p.groups ?? {})) {
    const g = layer(shapes, `L${id}`);
    groupDefs += `${g.clip}<g id="${id}">${g.body}</g>`;
  }
  const main = layer(p.shapes, "L");
  const [top, bottom] = p.backdrop;
  const { rx, cx = 400, cy = 492 } = p.shadow;
  const defs =
    `<linearGradient id="bg" x2="0" y2="600" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<radialGradient id="sp" cy=".42" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="sh"><stop offset="0" stop-color="#2a2018" stop-opacity=".4"/><stop offset=".6" stop-color="#2a2018" stop-opacity=".16"/><stop offset="1" stop-color="#2a2018" stop-opacity="0"/></radialGradient>` +
    `<pattern id="l" width="8" height="5" patternUnits="userSpaceOnUse"><path d="M0 4.5h8" stroke="#000" stroke-opacity=".1"/><path d="M0 .5h8" stroke="#fff" stroke-opacity=".14"/></pattern>` +
    gradientDefs(used, p.palette) +
    (p.defs ?? "") +
    [...clips.values()].join("") +
    groupDefs +
    main.clip;
  const scene = `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 7)}" fill="url(#sh)"/>${main.body}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img">` +
    `<title>${escapeXml(p.title)}</title><defs>${defs}</defs>` +
    `<rect width="800" height="600" fill="url(#bg)"/><ellipse cx="400" cy="270" rx="420" ry="330" fill="url(#sp)"/>` +
    (p.transform ? `<g transform="${p.transform}">${scene}</g>` : scene) +
    `</svg>\n`
  );
}

/** Enlarges the scene by k, keeping the floor where it is. */
const grow = (k: number) => `translate(400 492) scale(${k}) translate(-400 -492)`;

/** Zooms on (x, y) by k, keeping that point at the centre of the picture. */
const zoom = (x: number, y: number, k: number) => `translate(400 300) scale(${k}) translate(${-x} ${-y})`;

// ---------------------------------------------------------------------------------------------
// The objects

function dragonBust(): Shape[] {
  return [
    path_("M280 452L280 482A120 18 0 0 0 520 482L520 452Z", "t"),
    ellipse(400, 452, 120, 18, "tl"),
    path_("M318 430L278 410L322 398ZM314 372L274 348L322 340ZM330 314L298 282L344 290ZM356 268L336 228L376 250Z", "s"),
    path_("M320 455C300 380 320 300 380 240L450 262C420 320 430 400 470 455Z", "m"),
    path_("M430 455C405 400 405 330 440 275L452 268C425 330 430 400 470 455Z", "sd"),
    path_("M400 200C370 170 330 160 296 172C330 148 384 150 422 188Z", "s"),
    path_("M432 184C412 140 382 118 344 112C392 104 434 128 456 180Z", "s"),
    path_("M360 250C360 200 400 175 450 178L560 196C590 202 598 222 584 236L520 250C500 282 440 292 400 280Z", "m"),
    path_("M478 264L580 240L574 254C544 270 512 278 480 280Z", "md"),
    path_("M455 194L522 200L500 212L460 208Z", "md"),
    path_("M500 266l6 12l6-13zM532 259l6 12l6-13z", "#f3ead6", { tex: false, top: true }),
    ellipse(485, 214, 10, 6, "#ffd34d", { tex: false, top: true }),
    ellipse(488, 214, 3, 5, "#2a1a10", { tex: false, top: true }),
    ellipse(572, 214, 5, 3, "mx", { tex: false, top: true }),
  ];
}

function knight(): Shape[] {
  return [
    path_("M-34-2L-34 6A34 10 0 0 0 34 6L34-2Z", "td"),
    ellipse(0, -2, 34, 10, "t"),
    path_("M-14-50h11v48h-11zM3-50h11v48h-11z", "md"),
    path_("M-24-38L-18-100L18-100L24-38Z", "m"),
    rect(20, -98, 10, 40, "md", { rx: 4 }),
    path_("M-14-100L-14-128C-14-144 14-144 14-128L14-100Z", "m"),
    rect(-10, -124, 20, 3, "mx"),
    rect(24, -134, 4, 64, "sl"),
    rect(16, -72, 20, 5, "sd"),
    path_("M-42-96L-10-96L-10-70C-10-56-24-50-26-42C-28-50-42-56-42-70Z", "s"),
  ];
}
function knights(): Shape[] {
  return [
    [230, 420, 1.3],
    [400, 410, 1.3],
    [570, 420, 1.3],
    [315, 492, 1.5],
    [485, 492, 1.5],
  ].map(([x, y, k]) => use("k", `translate(${x} ${y}) scale(${k})`));
}

function moose(): Shape[] {
  const A = [270, 300],
    B = [330, 250],
    C = [440, 262],
    D = [560, 280],
    E = [592, 330],
    F = [570, 382];
  const G = [450, 392],
    H = [330, 386],
    I = [282, 360],
    J = [380, 320],
    K = [500, 330];
  return [
    path_("M270 258L248 214L226 206L236 190L226 170L248 184L256 160L270 186L290 168L292 192L308 190L292 232Z", "sd", {
      tr: "translate(44 -14)",
    }),
    poly(
      [
        [540, 370],
        [558, 372],
        [552, 490],
        [538, 490],
      ],
      "md",
    ),
    poly(
      [
        [312, 372],
        [328, 372],
        [320, 490],
        [306, 490],
      ],
      "md",
    ),
    poly([A, B, J], "ml"),
    poly([B, C, J], "mb"),
    poly([C, D, K], "ml"),
    poly([C, K, J], "mb"),
    poly([D, E, K], "mb"),
    poly([E, F, K], "md"),
    poly([F, G, K], "md"),
    poly([G, J, K], "mb"),
    poly([G, H, J], "md"),
    poly([H, I, J], "mb"),
    poly([I, A, J], "mb"),
    poly(
      [
        [505, 365],
        [528, 370],
        [522, 490],
        [506, 490],
      ],
      "mb",
    ),
    poly(
      [
        [288, 362],
        [310, 372],
        [300, 490],
        [284, 490],
      ],
      "mb",
    ),
    poly(
      [
        [250, 282],
        [336, 256],
        [300, 336],
        [244, 356],
      ],
      "mb",
    ),
    poly(
      [
        [250, 282],
        [244, 356],
        [184, 392],
      ],
      "ml",
    ),
    poly(
      [
        [184, 392],
        [244, 356],
        [226, 392],
      ],
      "md",
    ),
    poly(
      [
        [250, 282],
        [184, 392],
        [162, 380],
        [196, 328],
      ],
      "mb",
    ),
    poly(
      [
        [246, 354],
        [262, 404],
        [276, 356],
      ],
      "md",
    ),
    poly(
      [
        [258, 286],
        [286, 262],
        [274, 296],
      ],
      "md",
    ),
    path_(
      "M262 282L240 236L206 222L220 206L236 210L228 184L248 196L258 172L270 198L290 178L294 204L310 200L292 244Z",
      "s",
    ),
    circle(226, 326, 4, "#1d130c", { tex: false, top: true }),
  ];
}

function articulatedDragon(): Shape[] {
  const shapes: Shape[] = [];
  const segs = 12;
  const i2 = (v: number) => String(Math.round(v));
  const pos = (i: number) => ({
    x: 250 + i * 35,
    y: 450 + 12 * Math.sin(i * 0.7 + 0.4) - Math.max(0, 3 - i) ** 1.4 * 22,
    s: 70 - i * 3.8,
  });
  const hue = (i: number) => mix("#9c6cf0", "#2fc1b4", i / segs);
  // Spines first (they stick out above), feet, the tail tip, then the body from tail to head.
  let spines = "";
  for (let i = 0; i < segs; i++) {
    const { x, y, s } = pos(i);
    spines += `M${i2(x - s * 0.22)} ${i2(y - s * 0.45)}L${i2(x + s * 0.1)} ${i2(y - s * 0.85)}L${i2(x + s * 0.26)} ${i2(y - s * 0.45)}Z`;
  }
  // Wings from the shoulders: the far one darker, behind.
  const w = pos(3);
  const wing = (dx: number, dy: number) =>
    `M${i2(w.x - 14 + dx)} ${i2(w.y - 24 + dy)}L${i2(w.x - 40 + dx)} ${i2(w.y - 190 + dy)}L${i2(w.x + 40 + dx)} ${i2(w.y - 160 + dy)}L${i2(w.x + 150 + dx)} ${i2(w.y - 96 + dy)}Q${i2(w.x + 100 + dx)} ${i2(w.y - 90 + dy)} ${i2(w.x + 88 + dx)} ${i2(w.y - 54 + dy)}Q${i2(w.x + 60 + dx)} ${i2(w.y - 70 + dy)} ${i2(w.x + 40 + dx)} ${i2(w.y - 30 + dy)}Z`;
  shapes.push(path_(wing(34, 6), "sd"));
  shapes.push(path_(wing(0, 0), "s"));
  shapes.push(
    line(
      `M${i2(w.x - 14)} ${i2(w.y - 24)}L${i2(w.x - 40)} ${i2(w.y - 190)}M${i2(w.x - 14)} ${i2(w.y - 24)}L${i2(w.x + 40)} ${i2(w.y - 160)}M${i2(w.x - 14)} ${i2(w.y - 24)}L${i2(w.x + 150)} ${i2(w.y - 96)}`,
      "#ffffff",
      3,
      { x: `stroke-opacity=".5"` },
    ),
  );
  shapes.push(path_(spines, "s"));
  for (const i of [2, 7]) {
    const { x, y, s } = pos(i);
    const top = i2(y + s * 0.2);
    shapes.push(
      path_(
        `M${i2(x - 20)} ${top}L${i2(x - 34)} 490L${i2(x - 2)} 490L${i2(x)} ${top}ZM${i2(x + 6)} ${top}L${i2(x + 12)} 490L${i2(x + 40)} 490L${i2(x + 24)} ${top}Z`,
        dark(hue(i), 0.3),
      ),
    );
  }
  const tail = pos(segs);
  shapes.push(
    path_(
      `M${i2(tail.x - 16)} ${i2(tail.y - 10)}L${i2(tail.x + 46)} ${i2(tail.y + 2)}L${i2(tail.x - 16)} ${i2(tail.y + 12)}Z`,
      "s",
    ),
  );
  for (let i = segs - 1; i >= 0; i--) {
    const { x, y, s } = pos(i);
    const [a, b, c] = [s * 0.55, s * 0.28, s * 0.5];
    shapes.push(
      path_(
        `M${i2(x - a)} ${i2(y)}L${i2(x - b)} ${i2(y - c)}H${i2(x + b)}L${i2(x + a)} ${i2(y)}Z`,
        light(hue(i), 0.15),
      ),
    );
    shapes.push(
      path_(`M${i2(x - a)} ${i2(y)}H${i2(x + a)}L${i2(x + b)} ${i2(y + c)}H${i2(x - b)}Z`, dark(hue(i), 0.22)),
    );
  }
  const { x, y } = pos(0);
  shapes.push(
    poly(
      [
        [x - 24, y - 30],
        [x - 56, y - 92],
        [x - 8, y - 40],
      ],
      "s",
    ),
  );
  shapes.push(
    poly(
      [
        [x + 8, y - 36],
        [x - 46, y - 58],
        [x - 112, y - 24],
        [x - 118, y + 2],
        [x - 46, y + 6],
        [x + 12, y + 6],
      ],
      light("#9c6cf0", 0.15),
    ),
  );
  shapes.push(
    poly(
      [
        [x - 118, y + 2],
        [x - 46, y + 6],
        [x + 12, y + 6],
        [x + 10, y + 32],
        [x - 46, y + 28],
      ],
      dark("#9c6cf0", 0.22),
    ),
  );
  shapes.push(ellipse(x - 44, y - 24, 9, 6, "#fff6c9", { tex: false, top: true }));
  return shapes;
}
function pauldron(): Shape[] {
  /** One lame: an arched top edge and a lower edge of leaf tips that sags over the arm, trimmed in gold. */
  const lame = (xl: number, xr: number, top: number, depth: number, tips: number) => {
    const hw = (xr - xl) / tips / 2;
    const edge = (x: number) => top + depth + 26 * (1 - ((x - 400) / ((xr - xl) / 2)) ** 2);
    let d = `M${xl + 12} ${top}C${xl + 70} ${top - 20} ${xr - 70} ${top - 20} ${xr - 12} ${top}L${xr} ${n(edge(xr))}`;
    for (let i = tips - 1; i >= 0; i--) {
      const cx = xl + hw * (2 * i + 1);
      const tip = edge(cx) + 30;
      d += `C${n(cx + hw * 0.9)} ${n(tip - 14)} ${n(cx + hw * 0.3)} ${n(tip - 8)} ${n(cx)} ${n(tip)}C${n(cx - hw * 0.3)} ${n(tip - 8)} ${n(cx - hw * 0.9)} ${n(tip - 14)} ${n(cx - hw)} ${n(edge(cx - hw))}`;
    }
    return path_(`${d}Z`, "m", { stroke: "sb", sw: 3 });
  };
  return [
    path_("M340 478L340 486A60 10 0 0 0 460 486L460 478Z", "td"),
    ellipse(400, 478, 60, 10, "t"),
    rect(392, 300, 16, 180, "t"),
    lame(246, 554, 352, 40, 7),
    lame(264, 536, 306, 40, 6),
    lame(282, 518, 262, 38, 5),
    path_("M286 276C286 152 514 152 514 276C456 256 344 256 286 276Z", "m"),
    line("M292 268C344 248 456 248 508 268", "sb", 7),
    path_("M400 176C420 198 420 222 400 240C380 222 380 198 400 176Z", "s"),
    line("M400 190L400 230M400 208L388 198M400 220L412 210", "md", 2.5),
  ];
}

function blaster(lit: boolean): Shape[] {
  return [
    poly(
      [
        [318, 318],
        [396, 318],
        [374, 462],
        [314, 462],
        [300, 446],
      ],
      "t",
    ),
    line("M314 360h60M310 390h58M306 420h56", "#000", 6, { x: `stroke-opacity=".2"` }),
    path_(
      "M392 336L446 336C462 336 464 352 456 364L432 398L388 398ZM400 348L438 348C446 348 446 354 442 360L424 384L398 384Z",
      "m",
      { x: `fill-rule="evenodd"` },
    ),
    path_("M406 348C416 360 418 372 410 384L418 384C428 372 426 358 418 348Z", "t"),
    path_("M260 250L560 250L582 264L582 320L290 332C270 332 255 318 255 300Z", "m"),
    rect(300, 236, 190, 16, "md", { rx: 4 }),
    rect(288, 224, 26, 18, "t", { rx: 3 }),
    rect(520, 228, 14, 22, "t", { rx: 3 }),
    path_("M266 256L334 256L322 304L262 304Z", "s"),
    rect(580, 268, 112, 38, "m", { rx: 6 }),
    rect(608, 265, 9, 44, "md", { rx: 2 }),
    rect(640, 265, 9, 44, "md", { rx: 2 }),
    rect(690, 261, 28, 52, "s", { rx: 7 }),
    rect(344, 282, 190, 12, "t", { rx: 6 }),
    rect(347, 285, 184, 6, lit ? "#62e8ff" : "#8fa3ad", { tex: false, top: true, rx: 3 }),
    circle(556, 300, 11, lit ? "#62e8ff" : "#8fa3ad", { tex: false, top: true, stroke: "#2f3440", sw: 4 }),
  ];
}

function raiderHelm(): Shape[] {
  const shapes: Shape[] = [
    path_("M268 280C216 270 176 226 170 150C198 202 232 226 272 232Z", "t"),
    path_("M262 284L282 226L296 236L278 292Z", "s"),
    path_("M260 340L260 410C280 432 312 432 322 420L330 340Z", "md"),
    path_("M260 340C260 150 540 150 540 340Z", "m"),
    path_("M386 200C394 188 406 188 414 200L416 322L384 322Z", "s"),
    path_("M254 322C330 298 470 298 546 322L546 354C470 330 330 330 254 354Z", "s"),
    path_("M300 352C322 342 368 342 384 354L380 392C350 402 320 396 304 382Z", "#2b2420", { tex: false }),
    path_("M384 330L416 330L412 420L400 432L388 420Z", "s"),
  ];
  const rivets = [272, 308, 344, 456, 492, 528].map((x) =>
    circle(x, 336 - 20 * Math.cos(((x - 400) / 146) * 1.2) + 6, 5, "sl", { tex: false, top: true }),
  );
  const right = shapes.filter((_, i) => [0, 1, 2, 6].includes(i)).map(mirrored);
  return [...shapes.slice(0, 3), ...right.slice(0, 3), ...shapes.slice(3, 7), right[3], shapes[7], ...rivets];
}

function staffTopper(): Shape[] {
  return [
    circle(400, 230, 170, "url(#h)", { tex: false }),
    path_("M340 478L340 488A60 10 0 0 0 460 488L460 478Z", "td"),
    ellipse(400, 478, 60, 10, "t"),
    rect(386, 360, 28, 120, "tb"),
    path_("M394 336C384 262 394 200 404 168C414 208 416 280 408 336Z", "md"),
    path_("M400 138L360 190L360 290L400 322Z", "s", { tex: false }),
    path_("M400 138L440 190L440 290L400 322Z", "sd", { tex: false }),
    path_("M400 156L414 198L414 282L400 300L386 282L386 198Z", "sl", { tex: false, x: `opacity=".8"` }),
    path_("M376 334C326 300 318 232 348 182C350 232 362 282 394 322Z", "m"),
    path_("M424 334C474 300 482 232 452 182C450 232 438 282 406 322Z", "m"),
    path_("M370 326L430 326L422 376L378 376Z", "m"),
    rect(372, 344, 56, 8, "md"),
  ];
}
const glow = (c: string) =>
  `<radialGradient id="h"><stop offset="0" stop-color="${c}" stop-opacity=".6"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;

function kitsune(): Shape[] {
  const left: Shape[] = [path_("M300 234L282 104L372 192Z", "m"), path_("M306 214L294 136L350 192Z", "s")];
  const leftMarks: Shape[] = [
    path_("M316 270C336 242 372 242 388 264C366 256 340 260 316 270Z", "s"),
    path_("M328 292C344 276 370 276 384 292C368 302 344 304 328 292Z", "#2b2624", { tex: false }),
    line("M296 330L350 346M300 352L350 360", "#d23a2e", 6),
  ];
  return [
    path_("M352 470L448 470L470 494L330 494Z", "#2f2b2a"),
    ...left,
    ...left.map(mirrored),
    path_(
      "M290 220C330 170 470 170 510 220L542 300C522 342 462 382 422 450L400 472L378 450C338 382 278 342 258 300Z",
      "m",
    ),
    ...leftMarks,
    ...leftMarks.map(mirrored),
    path_("M400 196C412 218 416 240 400 262C384 240 388 218 400 196Z", "s"),
    path_("M386 444L414 444L400 462Z", "#2b2624", { tex: false, top: true }),
    line("M378 418Q400 432 422 418", "#2b2624", 4, { top: true }),
  ];
}

function spiralVase(): Shape[] {
  const body =
    "M330 490L470 490C548 430 548 320 470 260C440 230 440 170 470 125L330 125C360 170 360 230 330 260C252 320 252 430 330 490Z";
  const stripes: string[] = [];
  for (let x = 120; x <= 520; x += 48) {
    stripes.push(
      `M${x} 500C${x + 40} 400 ${x + 92} 250 ${x + 150} 110L${x + 174} 110C${x + 116} 250 ${x + 64} 400 ${x + 24} 500Z`,
    );
  }
  return [
    path_(body, "m", { id: "v" }),
    path_(stripes.join(""), "#000", { tex: false, clip: "v", x: `fill-opacity=".13"` }),
    ellipse(400, 125, 70, 11, "md"),
    ellipse(400, 126, 60, 8, "mx", { tex: false }),
    line("M340 470C296 420 296 330 348 282", "#fff", 10, { x: `stroke-opacity=".22"` }),
  ];
}

function planter(): Shape[] {
  const T = [
    [290, 330],
    [345, 340],
    [400, 344],
    [455, 340],
    [510, 330],
  ];
  const M = [
    [305, 400],
    [372, 412],
    [428, 412],
    [495, 400],
  ];
  const B = [
    [322, 470],
    [400, 480],
    [478, 470],
  ];
  const leaf = (rot: number, len: number, fill: string) =>
    path_(leafPath(400, 332, 40, -len, rot), fill, { tex: false, top: true });
  return [
    path_("M270 470L530 470L515 492L285 492Z", "t"),
    ellipse(400, 470, 130, 14, "tl"),
    poly([T[0], T[1], M[0]], "ml"),
    poly([T[1], M[1], M[0]], "mb"),
    poly([T[1], T[2], M[1]], "ml"),
    poly([T[2], M[2], M[1]], "mb"),
    poly([T[2], T[3], M[2]], "mb"),
    poly([T[3], M[3], M[2]], "md"),
    poly([T[3], T[4], M[3]], "md"),
    poly([M[0], M[1], B[0]], "mb"),
    poly([M[1], B[1], B[0]], "md"),
    poly([M[1], M[2], B[1]], "ml"),
    poly([M[2], B[2], B[1]], "mb"),
    poly([M[2], M[3], B[2]], "md"),
    ellipse(400, 332, 110, 14, "#5b4636", { tex: false }),
    ...[-78, -54, -30, 30, 54, 78].map((a) => leaf(a, 120, "sd")),
    ...[-42, -16, 16, 42].map((a) => leaf(a, 104, "s")),
    ...[-14, 14, 0].map((a) => leaf(a, 70, "sl")),
  ];
}

function moonLamp(lit: boolean): Shape[] {
  const craters = [
    [340, 222, 30],
    [452, 198, 22],
    [432, 312, 40],
    [328, 332, 18],
    [486, 268, 14],
    [372, 284, 11],
    [402, 150, 12],
  ];
  return [
    ...(lit ? [circle(400, 270, 250, "url(#h)", { tex: false })] : []),
    path_("M320 470L320 485A80 12 0 0 0 480 485L480 470Z", "sd"),
    ellipse(400, 470, 80, 12, "s"),
    path_("M356 436L444 436L428 470L372 470Z", "s"),
    circle(400, 270, 170, "mr"),
    ...craters.map(([x, y, r]) => circle(x, y, r, "md", { x: `fill-opacity=".45"` })),
  ];
}

function coasters(): Shape[] {
  const shapes: Shape[] = [];
  [
    [470, 0],
    [454, 8],
    [438, -6],
    [422, 4],
  ].forEach(([cy, dx]) => {
    shapes.push(
      path_(`M${250 + dx} ${cy}L${250 + dx} ${cy + 14}A150 55 0 0 0 ${550 + dx} ${cy + 14}L${550 + dx} ${cy}Z`, "md"),
    );
    shapes.push(ellipse(400 + dx, cy, 150, 55, "m"));
  });
  shapes.push(mapleLeaf(404, 424, 170, 82, "mx"));
  shapes.push(mapleLeaf(404, 418, 170, 82, "ml"));
  return shapes;
}

function bookends(): Shape[] {
  const left: Shape[] = [
    rect(176, 470, 160, 20, "md", { rx: 4 }),
    path_("M180 480L216 378L250 330L276 352L312 246L334 270L334 480Z", "m"),
    path_("M312 246L334 270L334 480L300 480L298 330Z", "md"),
    path_("M296 286L312 246L334 270L326 282L314 272L306 292Z", "sb"),
    path_("M236 352L250 330L266 344L258 352L250 346Z", "sb"),
  ];
  const books = [
    [336, 300, 26, "#35577d"],
    [362, 282, 30, "#c6903c"],
    [392, 312, 22, "#8b3a3a"],
    [414, 290, 32, "#3d6b4f"],
    [446, 318, 20, "#d9cdb8"],
  ] as const;
  return [
    ...left,
    ...left.map((s) => (s.tag === "rect" ? rect(464, 470, 160, 20, "md", { rx: 4 }) : mirrored(s))),
    ...books.map(([x, y, w, c]) => rect(x, y, w, 470 - y, c, { tex: false, top: true, rx: 2 })),
    ...books.map(([x, y, w]) =>
      rect(x + 4, y + 26, w - 8, 6, "#ffffff", { tex: false, top: true, x: `fill-opacity=".45"` }),
    ),
  ];
}

function headphoneStand(): Shape[] {
  let strata = "";
  [
    [196, 10],
    [238, 16],
    [288, 8],
    [326, 18],
    [376, 10],
    [416, 16],
    [452, 8],
  ].forEach(([y, h]) => {
    strata += `M340 ${y}C370 ${y - 6} 430 ${y + 6} 460 ${y}V${y + h}C430 ${y + h + 6} 370 ${y + h - 6} 340 ${y + h}Z`;
  });
  return [
    path_("M290 475L290 488A110 16 0 0 0 510 488L510 475Z", "md"),
    ellipse(400, 475, 110, 16, "m"),
    path_(
      "M362 475C348 400 386 330 372 262C362 212 378 182 384 166L416 166C422 182 438 212 428 262C414 330 452 400 438 475Z",
      "m",
      { id: "c" },
    ),
    path_(strata, "s", { clip: "c", tex: false, x: `fill-opacity=".6"` }),
    path_("M336 176C336 144 464 144 464 176L464 184C450 166 350 166 336 184Z", "m"),
    line("M298 330C286 112 514 112 502 330", "#2f3237", 22, { top: true }),
    rect(262, 300, 58, 112, "#2f3237", { tex: false, top: true, rx: 24 }),
    rect(480, 300, 58, 112, "#2f3237", { tex: false, top: true, rx: 24 }),
    rect(312, 314, 14, 84, "#4a4f57", { tex: false, top: true, rx: 7 }),
    rect(474, 314, 14, 84, "#4a4f57", { tex: false, top: true, rx: 7 }),
  ];
}

/** One clip; its colour comes from the use() that draws it. */
function cableClip(): Shape[] {
  return [
    rect(-46, -22, 92, 22, "", { rx: 8 }),
    rect(-46, -22, 92, 22, "#000", { rx: 8, tex: false, x: `fill-opacity=".18"` }),
    path_("M-34-22L-34-62C-34-104 34-104 34-62L34-22L20-22L20-62C20-84-20-84-20-62L-20-22Z", ""),
    circle(0, -54, 15, "#34373d", { tex: false, top: true }),
    circle(0, -54, 9, "none", { top: true, stroke: "#5b6068", sw: 3 }),
  ];
}
function cableClips(): Shape[] {
  return [
    use("c", "translate(250 396) scale(1.15)", "s"),
    use("c", "translate(400 396) scale(1.15)", "t"),
    use("c", "translate(550 396) scale(1.15)", "m"),
    use("c", "translate(175 492) scale(1.3)", "m"),
    use("c", "translate(325 492) scale(1.3)", "s"),
    use("c", "translate(475 492) scale(1.3)", "t"),
    use("c", "translate(625 492) scale(1.3)", "m"),
  ].filter((_, i) => i !== 6);
}

function phoneStand(): Shape[] {
  const lean = "translate(310 466) skewX(-20) translate(-310 -466)";
  return [
    path_("M560 478C584 372 520 282 424 244L418 276C498 312 544 392 524 478Z", "m"),
    rect(230, 464, 340, 24, "md", { rx: 10 }),
    rect(240, 424, 24, 54, "m", { rx: 9 }),
    rect(262, 236, 100, 230, "#1f2329", { tex: false, top: true, rx: 14, tr: lean }),
    rect(270, 246, 84, 204, "url(#scr)", { tex: false, top: true, rx: 8, tr: lean }),
  ];
}
const screenGradient = `<linearGradient id="scr" x2="1" y2="1"><stop offset="0" stop-color="#5d8fd0"/><stop offset=".55" stop-color="#3b5f9e"/><stop offset="1" stop-color="#27355f"/></linearGradient>`;

function hexOrganizer(): Shape[] {
  const shapes: Shape[] = [];
  const cup = (x: number, bottom: number, R: number, h: number, c: string, pens: [number, number, string][]) => {
    const dy = R * 0.3;
    const top = bottom - h - dy;
    const hexTop = [
      [x + R, top],
      [x + R / 2, top + dy],
      [x - R / 2, top + dy],
      [x - R, top],
      [x - R / 2, top - dy],
      [x + R / 2, top - dy],
    ];
    shapes.push(
      poly(
        [
          [x - R, top],
          [x - R / 2, top + dy],
          [x - R / 2, top + dy + h],
          [x - R, top + h],
        ],
        `${c}l`,
      ),
    );
    shapes.push(
      poly(
        [
          [x - R / 2, top + dy],
          [x + R / 2, top + dy],
          [x + R / 2, top + dy + h],
          [x - R / 2, top + dy + h],
        ],
        `${c}b`,
      ),
    );
    shapes.push(
      poly(
        [
          [x + R / 2, top + dy],
          [x + R, top],
          [x + R, top + h],
          [x + R / 2, top + dy + h],
        ],
        `${c}d`,
      ),
    );
    shapes.push(poly(hexTop, `${c}x`, { tex: false }));
    for (const [dx, len, colour] of pens) {
      shapes.push(rect(x + dx - 5, top - len, 10, len, colour, { tex: false, rx: 2 }));
      shapes.push(
        poly(
          [
            [x + dx - 5, top - len],
            [x + dx + 5, top - len],
            [x + dx, top - len - 14],
          ],
          "#e8cfa6",
          { tex: false },
        ),
      );
    }
    shapes.push(
      poly(
        [
          [x - R / 2, top + dy],
          [x + R / 2, top + dy],
          [x + R, top],
          [x + R, top + 6],
          [x + R / 2, top + dy + 6],
          [x - R / 2, top + dy + 6],
          [x - R, top + 6],
          [x - R, top],
        ],
        `${c}b`,
      ),
    );
  };
  cup(335, 430, 62, 160, "m", [
    [-16, 90, "#3e7cb1"],
    [12, 110, "#e8b23a"],
    [30, 70, "#c8452f"],
  ]);
  cup(470, 430, 62, 110, "s", [[-10, 60, "#2f3237"]]);
  cup(262, 490, 56, 86, "s", []);
  cup(400, 490, 62, 126, "m", [
    [-18, 80, "#3d8b5f"],
    [8, 96, "#2f3237"],
  ]);
  cup(540, 490, 56, 72, "m", [[0, 50, "#7a5cd6"]]);
  return shapes;
}

function keycaps(): Shape[] {
  const shapes: Shape[] = [];
  const cap = (x: number, c: string, icon: (tr: string) => Shape) => {
    const tr = `translate(${x} 480)`;
    shapes.push(path_("M-66 0L66 0L52-80L-52-80Z", `${c}b`, { tr }));
    shapes.push(path_("M-66 0L-52-80L-44-74L-55 0Z", `${c}d`, { tr }));
    shapes.push(path_("M-52-80L52-80L42-120L-42-120Z", `${c}l`, { tr }));
    shapes.push(icon(tr));
  };
  const ink = { tex: false, top: true };
  cap(172, "m", (tr) => ({ ...mapleLeaf(0, -101, 50, 30, "#fff3ea"), o: { tr, ...ink } }));
  cap(324, "s", (tr) => path_("M-30-88L-6-114L4-102L12-110L32-88Z", "#f4f6fa", { tr, ...ink }));
  cap(476, "t", (tr) => path_("M-4-117C-28-114-30-90-4-86C-22-92-22-112-4-117Z", "#fff7dc", { tr, ...ink }));
  cap(628, "u", (tr) => line("M-30-98C-20-112-10-112 0-100S20-88 30-102", "#eafaf5", 6, { tr, ...ink }));
  return shapes;
}

function spool(sparkles: boolean): Shape[] {
  const spokes = [0, 120, 240].map((a) => rect(-9, -166, 18, 96, "s", { tr: `translate(400 290) rotate(${a + 30})` }));
  const rings = [150, 134, 118, 102, 86].map((r) =>
    circle(400, 290, r, "none", { stroke: "#000", sw: 2, x: `stroke-opacity=".12"` }),
  );
  const stars = sparkles
    ? [
        [330, 210],
        [470, 230],
        [350, 380],
        [455, 370],
        [300, 300],
        [500, 300],
        [410, 180],
        [380, 410],
      ].map(([x, y]) => circle(x, y, 2.4, "#fff", { tex: false, x: `fill-opacity=".85"` }))
    : [];
  return [
    circle(414, 290, 200, "sd"),
    circle(400, 290, 166, "mr"),
    ...rings,
    ...stars,
    path_("M200 290a200 200 0 1 0 400 0a200 200 0 1 0-400 0ZM235 290a165 165 0 1 1 330 0a165 165 0 1 1-330 0Z", "s", {
      x: `fill-rule="evenodd"`,
    }),
    ...spokes,
    circle(400, 290, 72, "s"),
    circle(400, 290, 56, "sd"),
    circle(400, 290, 30, "url(#bg)", { tex: false }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Pictures: the catalogue's file names, titles (English item names) and drawings

type Drawing = Omit<Picture, "file" | "title" | "backdrop"> & { suffix?: string };

const drawings: Record<string, Drawing> = {
  "dragon-bust": { palette: { m: "#b4372b", s: "#e2a93b", t: "#5b5450" }, shapes: dragonBust(), shadow: { rx: 170 } },
  "dragon-bust-unpainted": {
    suffix: "unpainted grey print",
    palette: { m: "#8f9296", s: "#a3a6aa", t: "#6d7075" },
    shapes: dragonBust(),
    shadow: { rx: 170 },
  },
  "dragon-bust-closeup": {
    suffix: "close-up of the head",
    palette: { m: "#b4372b", s: "#e2a93b", t: "#5b5450" },
    shapes: dragonBust(),
    shadow: { rx: 170 },
    transform: zoom(460, 230, 1.8),
  },
  "knight-miniatures": {
    palette: { m: "#9ca2aa", s: "#7c838d", t: "#676d75" },
    shapes: knights(),
    groups: { k: knight() },
    shadow: { rx: 290 },
  },
  "low-poly-moose": { palette: { m: "#86593a", s: "#d3b07c" }, shapes: moose(), shadow: { rx: 230, cx: 420 } },
  "articulated-dragon": {
    palette: { m: "#7b66d8", s: "#3ac0b4" },
    shapes: articulatedDragon(),
    shadow: { rx: 290, cx: 420 },
    transform: grow(1.1),
  },
  "elven-pauldron": { palette: { m: "#3f7d4e", s: "#d6ae55", t: "#8a857d" }, shapes: pauldron(), shadow: { rx: 150 } },
  "elven-pauldron-silver": {
    suffix: "moonlit silver finish",
    palette: { m: "#a9b3bf", s: "#eef2f6", t: "#8a857d" },
    shapes: pauldron(),
    shadow: { rx: 150 },
  },
  "ranger-blaster": {
    palette: { m: "#eeedf2", s: "#f0822a", t: "#3a3f4a" },
    shapes: blaster(true),
    shadow: { rx: 250, cx: 470, cy: 510 },
    transform: "translate(-86 0)",
  },
  "ranger-blaster-raw": {
    suffix: "raw print before finishing",
    palette: { m: "#a0a6ae", s: "#a8aeb6", t: "#8d939b" },
    shapes: blaster(false),
    shadow: { rx: 250, cx: 470, cy: 510 },
    transform: "translate(-86 0)",
  },
  "ranger-blaster-detail": {
    suffix: "close-up of the energy cell and orange tip",
    palette: { m: "#eeedf2", s: "#f0822a", t: "#3a3f4a" },
    shapes: blaster(true),
    shadow: { rx: 250, cx: 470, cy: 510 },
    transform: zoom(600, 290, 1.9),
  },
  "raider-helm": {
    palette: { m: "#7e8791", s: "#b07a3a", t: "#ece0c2" },
    shapes: raiderHelm(),
    shadow: { rx: 180, cy: 432 },
    transform: "translate(0 50)",
  },
  "arcane-staff-topper": {
    palette: { m: "#b5813e", s: "#7fe3ff", t: "#6b4a2e" },
    shapes: staffTopper(),
    shadow: { rx: 110 },
    defs: glow("#7fe3ff"),
  },
  "kitsune-mask": { palette: { m: "#f6f1e7", s: "#d23a2e" }, shapes: kitsune(), shadow: { rx: 130, cy: 494 } },
  "spiral-vase": { palette: { m: "#2a9d8f" }, shapes: spiralVase(), shadow: { rx: 150 } },
  "spiral-vase-coral": { suffix: "coral", palette: { m: "#ef7a5d" }, shapes: spiralVase(), shadow: { rx: 150 } },
  "faceted-planter": { palette: { m: "#d8c3a5", s: "#6aa86f", t: "#b9a486" }, shapes: planter(), shadow: { rx: 160 } },
  "moon-lamp": {
    palette: { m: "#f7dfa8", s: "#7a5234" },
    shapes: moonLamp(true),
    shadow: { rx: 120 },
    defs: glow("#ffd98a"),
  },
  "moon-lamp-off": {
    suffix: "switched off",
    palette: { m: "#dcd9d2", s: "#7a5234" },
    shapes: moonLamp(false),
    shadow: { rx: 120 },
  },
  "moon-lamp-closeup": {
    suffix: "close-up of the craters",
    palette: { m: "#f7dfa8", s: "#7a5234" },
    shapes: moonLamp(true),
    shadow: { rx: 120 },
    defs: glow("#ffd98a"),
    transform: zoom(410, 260, 1.7),
  },
  "maple-coasters": {
    palette: { m: "#c8372d" },
    shapes: coasters(),
    shadow: { rx: 190, cy: 494 },
    transform: grow(1.3),
  },
  "mountain-bookends": { palette: { m: "#6f7f96", s: "#f4f6fa" }, shapes: bookends(), shadow: { rx: 260 } },
  "headphone-stand": { palette: { m: "#c8673a", s: "#ecd0a5" }, shapes: headphoneStand(), shadow: { rx: 150 } },
  "cable-clips": {
    palette: { m: "#f2a541", s: "#4f9fd1", t: "#6fbf73" },
    shapes: cableClips(),
    groups: { c: cableClip() },
    shadow: { rx: 250 },
  },
  "arc-phone-stand": {
    palette: { m: "#7fcfb6" },
    shapes: phoneStand(),
    shadow: { rx: 200, cx: 410 },
    defs: screenGradient,
  },
  "hex-desk-organizer": { palette: { m: "#e9b44c", s: "#3f7fb4" }, shapes: hexOrganizer(), shadow: { rx: 230 } },
  "artisan-keycaps": {
    palette: { m: "#d94f3d", s: "#3b6e8f", t: "#f0b83c", u: "#2f9c84" },
    shapes: keycaps(),
    shadow: { rx: 290, cy: 482 },
    transform: grow(1.15),
  },
  "filament-pla-galaxy-black": { palette: { m: "#33354a", s: "#c9ced6" }, shapes: spool(true), shadow: { rx: 200 } },
  "filament-petg-glacier-blue": { palette: { m: "#6cc3e8", s: "#3a3f47" }, shapes: spool(false), shadow: { rx: 200 } },
  "filament-silk-pla-copper": { palette: { m: "#c7733d", s: "#3a3f47" }, shapes: spool(false), shadow: { rx: 200 } },
};

// ---------------------------------------------------------------------------------------------

const outDir = path.resolve("public", SAMPLE_IMAGE_DIR.replace(/^\//, ""));
mkdirSync(outDir, { recursive: true });

const expected = new Map<string, { title: string; backdrop: [string, string] }>();
for (const item of sampleItems) {
  const backdrop = backdrops[item.categoryId];
  if (!backdrop || !sampleCategories.some((c) => c.id === item.categoryId))
    throw new Error(`no category for ${item.id}`);
  for (const url of [item.images.main, ...item.images.gallery]) {
    expected.set(path.basename(url, ".svg"), { title: item.translations.en.name, backdrop });
  }
}

const missing = [...expected.keys()].filter((file) => !drawings[file]);
const unused = Object.keys(drawings).filter((file) => !expected.has(file));
if (missing.length || unused.length) {
  throw new Error(
    `pictures out of step with the sample data: missing ${missing.join(", ") || "none"}; unused ${unused.join(", ") || "none"}`,
  );
}

for (const old of readdirSync(outDir)) if (old.endsWith(".svg")) rmSync(path.join(outDir, old));
let total = 0;
for (const [file, { title, backdrop }] of expected) {
  const { suffix, ...drawing } = drawings[file];
  const svg = render({ ...drawing, file, title: suffix ? `${title}, ${suffix}` : title, backdrop });
  writeFileSync(path.join(outDir, `${file}.svg`), svg);
  total += svg.length;
  console.log(`${file}.svg ${(svg.length / 1024).toFixed(1)} KB`);
}
console.log(`${expected.size} pictures, ${(total / 1024).toFixed(1)} KB in all`);
