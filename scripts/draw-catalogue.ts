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

/** Mirrors an absolute path (M L C Q Z with coordinate pairs only) around x = 400. */
function mirror(d: string): string {
  let i = 0;
  return d.replace(/-?\d+(\.\d+)?/g, (num) => (i++ % 2 === 0 ? n(800 - Number(num)) : num));
}
const mirrored = (s: Shape): Shape => ({ ...s, attrs: s.attrs.replace(/d="([^"]*)"/, (_, d) => `d="${mirror(d)}"`) });

/** A Canadian maple leaf centred on (cx, cy), w wide and h tall. */
function mapleLeaf(cx: number, cy: number, w: number, h: number, fill: string, o: Options = {}) {
  const half = [
    [0, -1], [0.15, -0.72], [0.32, -0.8], [0.26, -0.42], [0.5, -0.62], [0.56, -0.5], [0.82, -0.56],
    [0.72, -0.3], [0.86, -0.22], [0.46, 0.1], [0.52, 0.26], [0.07, 0.2], [0.07, 0.56],
  ];
  const all = [...half, ...half.slice(1).reverse().map(([x, y]) => [-x, y])];
  return poly(all.map(([x, y]) => [cx + (x * w) / 2, cy + (y * h) / 1.56 + h * 0.14]), fill, o);
}

// ---------------------------------------------------------------------------------------------
// Colours

function hex(c: string): number[] {
  const v = parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
function mix(a: string, b: string, t: number): string {
  const [x, y] = [hex(a), hex(b)];
  return `#${x.map((v, i) => Math.round(v + (y[i] - v) * t).toString(16).padStart(2, "0")).join("")}`;
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
};

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function render(p: Picture): string {
  const used = new Set<string>();
  let auto = 0;
  const clips = new Map<string, string>();
  const textured: string[] = [];
  const draw = (s: Shape) => {
    let id = s.o.id;
    const tex = s.o.tex !== false && s.fill !== "none";
    if (tex && !id) id = `i${auto++}`;
    if (tex) textured.push(id!);
    if (s.o.clip) clips.set(s.o.clip, `<clipPath id="c${s.o.clip}"><use href="#${s.o.clip}"/></clipPath>`);
    const attrs = [
      id ? `id="${id}"` : "",
      s.attrs,
      s.fill === "none" ? `fill="none"` : `fill="${resolveFill(s.fill, p.palette, used)}"`,
      s.o.tr ? `transform="${s.o.tr}"` : "",
      s.o.clip ? `clip-path="url(#c${s.o.clip})"` : "",
      s.o.stroke ? `stroke="${resolveFill(s.o.stroke, p.palette, used)}" stroke-width="${s.o.sw ?? 1}" stroke-linecap="round"` : "",
      s.o.x ?? "",
    ];
    return `<${s.tag} ${attrs.filter(Boolean).join(" ")}/>`;
  };
  const under = p.shapes.filter((s) => !s.o.top).map(draw).join("");
  const over = p.shapes.filter((s) => s.o.top).map(draw).join("");
  const layerLines = textured.length
    ? `<rect x="-400" y="-300" width="1600" height="1200" fill="url(#l)" clip-path="url(#L)"/>`
    : "";
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
    (textured.length ? `<clipPath id="L">${textured.map((id) => `<use href="#${id}"/>`).join("")}</clipPath>` : "");
  const scene = `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 7)}" fill="url(#sh)"/>${under}${layerLines}${over}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img">` +
    `<title>${escapeXml(p.title)}</title><defs>${defs}</defs>` +
    `<rect width="800" height="600" fill="url(#bg)"/><ellipse cx="400" cy="270" rx="420" ry="330" fill="url(#sp)"/>` +
    (p.transform ? `<g transform="${p.transform}">${scene}</g>` : scene) +
    `</svg>\n`
  );
}

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

function knights(): Shape[] {
  const one = (x: number, y: number, k: number): Shape[] => {
    const tr = `translate(${x} ${y}) scale(${k})`;
    return [
      path_("M-34-2L-34 6A34 10 0 0 0 34 6L34-2Z", "td", { tr }),
      ellipse(0, -2, 34, 10, "t", { tr }),
      path_("M-14-50h11v48h-11zM3-50h11v48h-11z", "md", { tr }),
      path_("M-24-38L-18-100L18-100L24-38Z", "m", { tr }),
      rect(20, -98, 10, 40, "md", { tr, rx: 4 }),
      path_("M-14-100L-14-128C-14-144 14-144 14-128L14-100Z", "m", { tr }),
      rect(-10, -124, 20, 3, "mx", { tr }),
      rect(24, -134, 4, 64, "sl", { tr }),
      rect(16, -72, 20, 5, "sd", { tr }),
      path_("M-42-96L-10-96L-10-70C-10-56-24-50-26-42C-28-50-42-56-42-70Z", "s", { tr }),
    ];
  };
  return [
    ...one(230, 420, 1.3),
    ...one(400, 410, 1.3),
    ...one(570, 420, 1.3),
    ...one(315, 492, 1.5),
    ...one(485, 492, 1.5),
  ];
}

function moose(): Shape[] {
  const A = [270, 300], B = [330, 250], C = [440, 262], D = [560, 280], E = [592, 330], F = [570, 382];
  const G = [450, 392], H = [330, 386], I = [282, 360], J = [380, 320], K = [500, 330];
  return [
    path_("M270 258L248 214L226 206L236 190L226 170L248 184L256 160L270 186L290 168L292 192L308 190L292 232Z", "sd", { tr: "translate(34 -8)" }),
    poly([[540, 370], [558, 372], [552, 490], [538, 490]], "md"),
    poly([[312, 372], [328, 372], [320, 490], [306, 490]], "md"),
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
    poly([[505, 365], [528, 370], [522, 490], [506, 490]], "mb"),
    poly([[288, 362], [310, 372], [300, 490], [284, 490]], "mb"),
    poly([[250, 282], [336, 256], [300, 336], [244, 356]], "mb"),
    poly([[250, 282], [244, 356], [184, 392]], "ml"),
    poly([[184, 392], [244, 356], [226, 392]], "md"),
    poly([[250, 282], [184, 392], [162, 380], [196, 328]], "mb"),
    poly([[246, 354], [262, 404], [276, 356]], "md"),
    poly([[258, 286], [286, 262], [274, 296]], "md"),
    path_("M262 282L240 236L206 222L220 206L236 210L228 184L248 196L258 172L270 198L290 178L294 204L310 200L292 244Z", "s"),
    circle(226, 326, 4, "#1d130c", { tex: false, top: true }),
  ];
}

function articulatedDragon(): Shape[] {
  const shapes: Shape[] = [];
  const segs = 14;
  const pos = (i: number) => ({ x: 250 + i * 30, y: 410 + 42 * Math.sin(i * 0.55 + 0.4), s: 46 - i * 2.4 });
  // Legs on two segments, tail tip, then the body from tail to head so that nearer segments overlap.
  for (const i of [2, 7]) {
    const { x, y, s } = pos(i);
    shapes.push(path_(`M${n(x - 6)} ${n(y)}L${n(x - 22)} 486L${n(x - 2)} 486L${n(x + 8)} ${n(y)}Z`, "md"));
    shapes.push(path_(`M${n(x + 2)} ${n(y)}L${n(x + 18)} 488L${n(x + 34)} 488L${n(x + 14)} ${n(y + s * 0.2)}Z`, "m"));
  }
  const tail = pos(segs);
  shapes.push(path_(`M${n(tail.x - 14)} ${n(tail.y - 8)}L${n(tail.x + 40)} ${n(tail.y + 4)}L${n(tail.x - 14)} ${n(tail.y + 12)}Z`, "s"));
  for (let i = segs - 1; i >= 0; i--) {
    const { x, y, s } = pos(i);
    shapes.push(poly([[x - s * 0.2, y - s * 0.55], [x + s * 0.05, y - s * 0.95], [x + s * 0.25, y - s * 0.55]], "s"));
    shapes.push(
      poly(
        [[x - s * 0.55, y], [x - s * 0.25, y - s * 0.6], [x + s * 0.25, y - s * 0.6], [x + s * 0.55, y], [x + s * 0.25, y + s * 0.6], [x - s * 0.25, y + s * 0.6]],
        "url(#g)",
      ),
    );
  }
  const h = pos(0);
  shapes.push(path_(`M${n(h.x - 10)} ${n(h.y - 40)}L${n(h.x - 30)} ${n(h.y - 84)}L${n(h.x - 4)} ${n(h.y - 52)}Z`, "s"));
  shapes.push(
    path_(
      `M${n(h.x + 10)} ${n(h.y - 30)}L${n(h.x - 40)} ${n(h.y - 50)}L${n(h.x - 92)} ${n(h.y - 20)}L${n(h.x - 96)} ${n(h.y)}L${n(h.x - 40)} ${n(h.y + 22)}L${n(h.x + 10)} ${n(h.y + 26)}Z`,
      "url(#g)",
    ),
  );
  shapes.push(path_(`M${n(h.x - 92)} ${n(h.y - 4)}L${n(h.x - 40)} ${n(h.y + 6)}L${n(h.x - 40)} ${n(h.y + 22)}L${n(h.x - 94)} ${n(h.y + 2)}Z`, "md"));
  shapes.push(ellipse(h.x - 38, h.y - 22, 7, 5, "#fff6c9", { tex: false, top: true }));
  return shapes;
}
const crystalGradient =
  `<linearGradient id="g" x1="150" x2="650" y1="300" y2="460" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#9c6cf0"/><stop offset=".5" stop-color="#6a7fe0"/><stop offset="1" stop-color="#2fc1b4"/></linearGradient>`;

function pauldron(): Shape[] {
  const leaf = (cx: number, cy: number, w: number, h: number, rot: number): Shape[] => {
    const tr = `translate(${cx} ${cy}) rotate(${rot})`;
    return [
      path_(`M0 ${-h}C${w * 0.62} ${-h * 0.6} ${w * 0.55} ${h * 0.45} 0 ${h}C${-w * 0.55} ${h * 0.45} ${-w * 0.62} ${-h * 0.6} 0 ${-h}Z`, "m", { tr }),
      line(`M0 ${-h * 0.7}L0 ${h * 0.8}`, "sb", 4, { tr }),
    ];
  };
  return [
    path_("M340 478L340 486A60 10 0 0 0 460 486L460 478Z", "td"),
    ellipse(400, 478, 60, 10, "t"),
    rect(392, 250, 16, 230, "t"),
    path_("M300 250C300 170 500 170 500 250Z", "tl"),
    ...leaf(372, 410, 54, 62, 10),
    ...leaf(428, 410, 54, 62, -10),
    ...leaf(334, 350, 62, 72, 20),
    ...leaf(400, 362, 62, 74, 0),
    ...leaf(466, 350, 62, 72, -20),
    ...leaf(318, 282, 70, 78, 32),
    ...leaf(400, 296, 70, 82, 0),
    ...leaf(482, 282, 70, 78, -32),
    path_("M286 262C290 160 510 160 514 262C470 236 330 236 286 262Z", "m"),
    line("M292 252C340 230 460 230 508 252", "sb", 7),
    path_("M400 184C412 204 412 222 400 236C388 222 388 204 400 184Z", "s"),
  ];
}

function blaster(lit: boolean): Shape[] {
  return [
    poly([[318, 318], [396, 318], [374, 462], [314, 462], [300, 446]], "t"),
    line("M314 360h60M310 390h58M306 420h56", "#000", 6, { x: `stroke-opacity=".2"` }),
    path_("M392 336L446 336C462 336 464 352 456 364L432 398L388 398ZM400 350L440 350L424 384L396 384Z", "m", { x: `fill-rule="evenodd"` }),
    path_("M410 350L424 350L416 378Z", "t"),
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
  const left: Shape[] = [
    path_("M300 234L282 104L372 192Z", "m"),
    path_("M306 214L294 136L350 192Z", "s"),
  ];
  const leftMarks: Shape[] = [
    path_("M316 270C336 242 372 242 388 264C366 256 340 260 316 270Z", "s"),
    path_("M328 292C344 276 370 276 384 292C368 302 344 304 328 292Z", "#2b2624", { tex: false }),
    line("M296 330L350 346M300 352L350 360", "#d23a2e", 6),
  ];
  return [
    path_("M352 470L448 470L470 494L330 494Z", "#2f2b2a"),
    ...left,
    ...left.map(mirrored),
    path_("M290 220C330 170 470 170 510 220L542 300C522 342 462 382 422 450L400 472L378 450C338 382 278 342 258 300Z", "m"),
    ...leftMarks,
    ...leftMarks.map(mirrored),
    path_("M400 196C412 218 416 240 400 262C384 240 388 218 400 196Z", "s"),
    path_("M386 444L414 444L400 462Z", "#2b2624", { tex: false, top: true }),
    line("M378 418Q400 432 422 418", "#2b2624", 4, { top: true }),
  ];
}

function spiralVase(): Shape[] {
  const body = "M330 490L470 490C548 430 548 320 470 260C440 230 440 170 470 125L330 125C360 170 360 230 330 260C252 320 252 430 330 490Z";
  const stripes: string[] = [];
  for (let x = 120; x <= 520; x += 48) {
    stripes.push(`M${x} 500C${x + 40} 400 ${x + 92} 250 ${x + 150} 110L${x + 174} 110C${x + 116} 250 ${x + 64} 400 ${x + 24} 500Z`);
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
  const T = [[290, 330], [345, 340], [400, 344], [455, 340], [510, 330]];
  const M = [[305, 400], [372, 412], [428, 412], [495, 400]];
  const B = [[322, 470], [400, 480], [478, 470]];
  const leaf = (rot: number, len: number, fill: string) =>
    path_(`M0 0C-20 -${len * 0.3} -14 -${len * 0.8} 0 -${len}C14 -${len * 0.8} 20 -${len * 0.3} 0 0Z`, fill, {
      tex: false,
      top: true,
      tr: `translate(400 330) rotate(${rot})`,
    });
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
  const craters = [[340, 222, 30], [452, 198, 22], [432, 312, 40], [328, 332, 18], [486, 268, 14], [372, 284, 11], [402, 150, 12]];
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
  [[470, 0], [454, 8], [438, -6], [422, 4]].forEach(([cy, dx]) => {
    shapes.push(path_(`M${250 + dx} ${cy}L${250 + dx} ${cy + 14}A150 55 0 0 0 ${550 + dx} ${cy + 14}L${550 + dx} ${cy}Z`, "md"));
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
  const books = [[336, 300, 26, "#35577d"], [362, 282, 30, "#c6903c"], [392, 312, 22, "#8b3a3a"], [414, 290, 32, "#3d6b4f"], [446, 318, 20, "#d9cdb8"]] as const;
  return [
    ...left,
    ...left.map((s) => (s.tag === "rect" ? rect(464, 470, 160, 20, "md", { rx: 4 }) : mirrored(s))),
    ...books.map(([x, y, w, c]) => rect(x, y, w, 470 - y, c, { tex: false, top: true, rx: 2 })),
    ...books.map(([x, y, w]) => rect(x + 4, y + 26, w - 8, 6, "#ffffff", { tex: false, top: true, x: `fill-opacity=".45"` })),
  ];
}

function headphoneStand(): Shape[] {
  const strata: Shape[] = [];
  for (let y = 190; y < 470; y += 46) strata.push(rect(340, y, 120, 18, "s", { clip: "c", tex: false }));
  return [
    path_("M290 475L290 488A110 16 0 0 0 510 488L510 475Z", "md"),
    ellipse(400, 475, 110, 16, "m"),
    path_("M372 475C360 400 390 330 375 260C365 210 380 180 385 165L415 165C420 180 435 210 425 260C410 330 440 400 428 475Z", "m", { id: "c" }),
    ...strata,
    path_("M336 176C336 144 464 144 464 176L464 184C450 166 350 166 336 184Z", "m"),
    line("M298 330C286 112 514 112 502 330", "#2f3237", 22, { top: true }),
    rect(262, 300, 58, 112, "#2f3237", { tex: false, top: true, rx: 24 }),
    rect(480, 300, 58, 112, "#2f3237", { tex: false, top: true, rx: 24 }),
    rect(312, 314, 14, 84, "#4a4f57", { tex: false, top: true, rx: 7 }),
    rect(474, 314, 14, 84, "#4a4f57", { tex: false, top: true, rx: 7 }),
  ];
}

function cableClips(): Shape[] {
  const shapes: Shape[] = [];
  const clip = (x: number, y: number, k: number, c: string) => {
    const tr = `translate(${x} ${y}) scale(${k})`;
    shapes.push(rect(-46, -22, 92, 22, `${c}d`, { tr, rx: 8 }));
    shapes.push(path_("M-34-22L-34-62C-34-104 34-104 34-62L34-22L20-22L20-62C20-84-20-84-20-62L-20-22Z", c, { tr }));
    shapes.push(circle(0, -52, 17, "#2b2b30", { tr, tex: false }));
    shapes.push(circle(-5, -57, 5, "#ffffff", { tr, tex: false, x: `fill-opacity=".3"` }));
  };
  clip(280, 408, 0.9, "s");
  clip(440, 408, 0.9, "t");
  clip(600, 408, 0.9, "m");
  clip(200, 492, 1.05, "m");
  clip(360, 492, 1.05, "s");
  clip(520, 492, 1.05, "t");
  return shapes;
}

function phoneStand(): Shape[] {
  return [
    rect(232, 470, 320, 20, "md", { rx: 10 }),
    path_("M500 484C566 430 570 300 476 214L496 196C604 292 600 450 532 490Z", "m"),
    rect(236, 420, 26, 60, "m", { rx: 10 }),
    rect(272, 100, 96, 210, "#1f2329", { tex: false, top: true, rx: 14, tr: "rotate(33 300 470) translate(0 160)" }),
    rect(280, 112, 80, 186, "url(#scr)", { tex: false, top: true, rx: 8, tr: "rotate(33 300 470) translate(0 160)" }),
  ];
}
const screenGradient =
  `<linearGradient id="scr" x2="1" y2="1"><stop offset="0" stop-color="#5d8fd0"/><stop offset=".55" stop-color="#3b5f9e"/><stop offset="1" stop-color="#27355f"/></linearGradient>`;

function hexOrganizer(): Shape[] {
  const shapes: Shape[] = [];
  const cup = (x: number, bottom: number, R: number, h: number, c: string, pens: [number, number, string][]) => {
    const dy = R * 0.3;
    const top = bottom - h - dy;
    const hexTop = [[x + R, top], [x + R / 2, top + dy], [x - R / 2, top + dy], [x - R, top], [x - R / 2, top - dy], [x + R / 2, top - dy]];
    shapes.push(poly([[x - R, top], [x - R / 2, top + dy], [x - R / 2, top + dy + h], [x - R, top + h]], `${c}l`));
    shapes.push(poly([[x - R / 2, top + dy], [x + R / 2, top + dy], [x + R / 2, top + dy + h], [x - R / 2, top + dy + h]], `${c}b`));
    shapes.push(poly([[x + R / 2, top + dy], [x + R, top], [x + R, top + h], [x + R / 2, top + dy + h]], `${c}d`));
    shapes.push(poly(hexTop, `${c}x`, { tex: false }));
    for (const [dx, len, colour] of pens) {
      shapes.push(rect(x + dx - 5, top - len, 10, len, colour, { tex: false, rx: 2 }));
      shapes.push(poly([[x + dx - 5, top - len], [x + dx + 5, top - len], [x + dx, top - len - 14]], "#e8cfa6", { tex: false }));
    }
    shapes.push(poly([[x - R / 2, top + dy], [x + R / 2, top + dy], [x + R, top], [x + R, top + 6], [x + R / 2, top + dy + 6], [x - R / 2, top + dy + 6], [x - R, top + 6], [x - R, top]], `${c}b`));
  };
  cup(335, 430, 62, 160, "m", [[-16, 90, "#3e7cb1"], [12, 110, "#e8b23a"], [30, 70, "#c8452f"]]);
  cup(470, 430, 62, 110, "s", [[-10, 60, "#2f3237"]]);
  cup(262, 490, 56, 86, "s", []);
  cup(400, 490, 62, 126, "m", [[-18, 80, "#3d8b5f"], [8, 96, "#2f3237"]]);
  cup(540, 490, 56, 72, "m", [[0, 50, "#7a5cd6"]]);
  return shapes;
}

function keycaps(): Shape[] {
  const shapes: Shape[] = [];
  const cap = (x: number, y: number, k: number, c: string, icon: (tr: string) => Shape) => {
    const tr = `translate(${x} ${y}) scale(${k})`;
    shapes.push(path_("M-70 0L70 0L55-80L-55-80Z", `${c}b`, { tr }));
    shapes.push(path_("M-70 0L-55-80L-46-74L-58 0Z", `${c}d`, { tr }));
    shapes.push(path_("M-55-80L55-80L44-122L-44-122Z", `${c}l`, { tr }));
    shapes.push(icon(tr));
  };
  cap(300, 400, 1, "s", (tr) => path_("M-30-88L-6-116L4-104L12-112L32-88Z", "#f4f6fa", { tr, tex: false }));
  cap(500, 400, 1, "t", (tr) => path_("M-6-118C-30-114-32-88-6-86C-24-92-24-112-6-118Z", "#fff7dc", { tr, tex: false }));
  cap(290, 494, 1.15, "m", (tr) => ({ ...mapleLeaf(0, -101, 52, 30, "#fff3ea", { tex: false }), o: { tr, tex: false } }));
  cap(510, 494, 1.15, "u", (tr) => line("M-30-98C-20-112-10-112 0-100S20-88 30-102", "#eafaf5", 6, { tr }));
  return shapes;
}

function spool(sparkles: boolean): Shape[] {
  const spokes = [0, 120, 240].map((a) => rect(-9, -166, 18, 96, "s", { tr: `translate(400 290) rotate(${a + 30})` }));
  const rings = [150, 134, 118, 102, 86].map((r) => circle(400, 290, r, "none", { stroke: "#000", sw: 2, x: `stroke-opacity=".12"` }));
  const stars = sparkles
    ? [[330, 210], [470, 230], [350, 380], [455, 370], [300, 300], [500, 300], [410, 180], [380, 410]].map(([x, y]) => circle(x, y, 2.4, "#fff", { tex: false, x: `fill-opacity=".85"` }))
    : [];
  return [
    circle(414, 290, 200, "sd"),
    circle(400, 290, 166, "mr"),
    ...rings,
    ...stars,
    path_("M200 290a200 200 0 1 0 400 0a200 200 0 1 0-400 0ZM235 290a165 165 0 1 1 330 0a165 165 0 1 1-330 0Z", "s", { x: `fill-rule="evenodd"` }),
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
  "knight-miniatures": { palette: { m: "#9ca2aa", s: "#7c838d", t: "#676d75" }, shapes: knights(), shadow: { rx: 290 } },
  "low-poly-moose": { palette: { m: "#86593a", s: "#d3b07c" }, shapes: moose(), shadow: { rx: 230, cx: 420 } },
  "articulated-dragon": { palette: { m: "#7b66d8", s: "#3ac0b4" }, shapes: articulatedDragon(), shadow: { rx: 290, cx: 410 }, defs: crystalGradient },
  "elven-pauldron": { palette: { m: "#3f7d4e", s: "#d6ae55", t: "#8a857d" }, shapes: pauldron(), shadow: { rx: 150 } },
  "elven-pauldron-silver": {
    suffix: "moonlit silver finish",
    palette: { m: "#a9b3bf", s: "#eef2f6", t: "#8a857d" },
    shapes: pauldron(),
    shadow: { rx: 150 },
  },
  "ranger-blaster": { palette: { m: "#eeedf2", s: "#f0822a", t: "#3a3f4a" }, shapes: blaster(true), shadow: { rx: 250, cx: 470, cy: 510 } },
  "ranger-blaster-raw": {
    suffix: "raw print before finishing",
    palette: { m: "#a0a6ae", s: "#a8aeb6", t: "#8d939b" },
    shapes: blaster(false),
    shadow: { rx: 250, cx: 470, cy: 510 },
  },
  "ranger-blaster-detail": {
    suffix: "close-up of the energy cell and orange tip",
    palette: { m: "#eeedf2", s: "#f0822a", t: "#3a3f4a" },
    shapes: blaster(true),
    shadow: { rx: 250, cx: 470, cy: 510 },
    transform: zoom(600, 290, 1.9),
  },
  "raider-helm": { palette: { m: "#7e8791", s: "#b07a3a", t: "#ece0c2" }, shapes: raiderHelm(), shadow: { rx: 180, cy: 432 }, transform: "translate(0 50)" },
  "arcane-staff-topper": { palette: { m: "#b5813e", s: "#7fe3ff", t: "#6b4a2e" }, shapes: staffTopper(), shadow: { rx: 110 }, defs: glow("#7fe3ff") },
  "kitsune-mask": { palette: { m: "#f6f1e7", s: "#d23a2e" }, shapes: kitsune(), shadow: { rx: 130, cy: 494 } },
  "spiral-vase": { palette: { m: "#2a9d8f" }, shapes: spiralVase(), shadow: { rx: 150 } },
  "spiral-vase-coral": { suffix: "coral", palette: { m: "#ef7a5d" }, shapes: spiralVase(), shadow: { rx: 150 } },
  "faceted-planter": { palette: { m: "#d8c3a5", s: "#6aa86f", t: "#b9a486" }, shapes: planter(), shadow: { rx: 160 } },
  "moon-lamp": { palette: { m: "#f7dfa8", s: "#7a5234" }, shapes: moonLamp(true), shadow: { rx: 120 }, defs: glow("#ffd98a") },
  "moon-lamp-off": { suffix: "switched off", palette: { m: "#dcd9d2", s: "#7a5234" }, shapes: moonLamp(false), shadow: { rx: 120 } },
  "moon-lamp-closeup": {
    suffix: "close-up of the craters",
    palette: { m: "#f7dfa8", s: "#7a5234" },
    shapes: moonLamp(true),
    shadow: { rx: 120 },
    defs: glow("#ffd98a"),
    transform: zoom(410, 260, 1.7),
  },
  "maple-coasters": { palette: { m: "#c8372d" }, shapes: coasters(), shadow: { rx: 190, cy: 494 } },
  "mountain-bookends": { palette: { m: "#6f7f96", s: "#f4f6fa" }, shapes: bookends(), shadow: { rx: 260 } },
  "headphone-stand": { palette: { m: "#c8673a", s: "#ecd0a5" }, shapes: headphoneStand(), shadow: { rx: 150 } },
  "cable-clips": { palette: { m: "#f2a541", s: "#4f9fd1", t: "#6fbf73" }, shapes: cableClips(), shadow: { rx: 270 } },
  "arc-phone-stand": { palette: { m: "#7fcfb6" }, shapes: phoneStand(), shadow: { rx: 200, cx: 410 }, defs: screenGradient },
  "hex-desk-organizer": { palette: { m: "#e9b44c", s: "#3f7fb4" }, shapes: hexOrganizer(), shadow: { rx: 230 } },
  "artisan-keycaps": { palette: { m: "#d94f3d", s: "#3b6e8f", t: "#f0b83c", u: "#2f9c84" }, shapes: keycaps(), shadow: { rx: 230 } },
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
  if (!backdrop || !sampleCategories.some((c) => c.id === item.categoryId)) throw new Error(`no category for ${item.id}`);
  for (const url of [item.images.main, ...item.images.gallery]) {
    expected.set(path.basename(url, ".svg"), { title: item.translations.en.name, backdrop });
  }
}

const missing = [...expected.keys()].filter((file) => !drawings[file]);
const unused = Object.keys(drawings).filter((file) => !expected.has(file));
if (missing.length || unused.length) {
  throw new Error(`pictures out of step with the sample data: missing ${missing.join(", ") || "none"}; unused ${unused.join(", ") || "none"}`);
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
