/**
 * Draws the public site's pictures as small SVG files: the home hero, the six portfolio projects
 * and their gallery pictures, the two team portraits, the logo in both themes and the default
 * link-preview image (public/og-image.svg; scripts/render-og-image.ts turns it into the PNG).
 * Run: node_modules/.bin/node scripts/draw-public-art.ts
 *
 * The style is the catalogue's "product shot" (scripts/draw-catalogue.ts): a soft gradient
 * backdrop with a spotlight, objects built from shaded shapes, fine horizontal layer lines over
 * the printed parts, and a soft contact shadow.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sampleProjects } from "../server/content/sample-projects.ts";
import { STARTING_TAGLINE } from "../domain/studio-identity.ts";

// ---------------------------------------------------------------------------------------------
// Colours and shapes

const n = (v: number) => String(Math.round(v * 10) / 10);
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
const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A shaded gradient of one colour (light top-left to dark bottom-right). */
const shade = (id: string, c: string) =>
  `<linearGradient id="${id}" x2="1" y2="1"><stop offset="0" stop-color="${light(c, 0.4)}"/><stop offset=".45" stop-color="${c}"/><stop offset="1" stop-color="${dark(c, 0.3)}"/></linearGradient>`;
const glowDef = (id: string, c: string, o = 0.65) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${c}" stop-opacity="${o}"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;

type Part = { d: string; fill: string; printed?: boolean; extra?: string };
/** A printed part gets layer lines; a light, a lens or a sticker does not. */
const P = (d: string, fill: string, extra = ""): Part => ({ d, fill, printed: true, extra });
const F = (d: string, fill: string, extra = ""): Part => ({ d, fill, printed: false, extra });
const rectD = (x: number, y: number, w: number, h: number) => `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}Z`;
const ellipseD = (cx: number, cy: number, rx: number, ry: number) =>
  `M${n(cx - rx)} ${n(cy)}a${n(rx)} ${n(ry)} 0 1 0 ${n(2 * rx)} 0a${n(rx)} ${n(ry)} 0 1 0 ${n(-2 * rx)} 0Z`;
const polyD = (points: number[][]) => `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}Z`;

/** A Canadian maple leaf centred on (cx, cy), about `size` wide, turned by `rot` degrees. */
function mapleD(cx: number, cy: number, size: number, rot = 0): string {
  return polyD(maplePoints(cx, cy, size, rot));
}

function maplePoints(cx: number, cy: number, size: number, rot = 0): number[][] {
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
  const a = (rot * Math.PI) / 180;
  return all.map(([x, y]) => {
    const px = (x * size) / 2;
    const py = (y * size) / 2;
    return [cx + px * Math.cos(a) - py * Math.sin(a), cy + px * Math.sin(a) + py * Math.cos(a)];
  });
}

/** The part of a polygon below the line y = level (what a printer has laid down so far). */
function below(points: number[][], level: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[(i + 1) % points.length];
    if (y1 >= level) out.push([x1, y1]);
    if (y1 >= level !== y2 >= level) out.push([x1 + ((level - y1) / (y2 - y1)) * (x2 - x1), level]);
  }
  return out;
}

type Scene = {
  width?: number;
  height?: number;
  title: string;
  backdrop: [string, string];
  parts: Part[];
  defs?: string;
  /** Drawn under the object (glows). */
  under?: string;
  shadow?: { cx?: number; cy?: number; rx: number };
  /** Applied to the object and its shadow (close-ups). */
  transform?: string;
};

function render(s: Scene): string {
  const w = s.width ?? 800;
  const h = s.height ?? 600;
  let i = 0;
  const printed: string[] = [];
  const body = s.parts
    .map((part) => {
      const id = part.printed ? `p${i++}` : "";
      if (id) printed.push(id);
      return `<path${id ? ` id="${id}"` : ""} d="${part.d}" fill="${part.fill}"${part.extra ? ` ${part.extra}` : ""}/>`;
    })
    .join("");
  const layerLines = printed.length
    ? `<rect x="-400" y="-300" width="${w * 2}" height="${h * 2}" fill="url(#l)" clip-path="url(#L)"/>`
    : "";
  const shadow = s.shadow
    ? `<ellipse cx="${s.shadow.cx ?? w / 2}" cy="${s.shadow.cy ?? 492}" rx="${s.shadow.rx}" ry="${Math.round(s.shadow.rx / 7)}" fill="url(#sh)"/>`
    : "";
  const scene = `${s.under ?? ""}${shadow}${body}${layerLines}`;
  const defs =
    `<linearGradient id="bg" x2="0" y2="1"><stop offset="0" stop-color="${s.backdrop[0]}"/><stop offset="1" stop-color="${s.backdrop[1]}"/></linearGradient>` +
    `<radialGradient id="sp" cy=".42" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="sh"><stop offset="0" stop-color="#2a2018" stop-opacity=".4"/><stop offset=".6" stop-color="#2a2018" stop-opacity=".16"/><stop offset="1" stop-color="#2a2018" stop-opacity="0"/></radialGradient>` +
    `<pattern id="l" width="8" height="5" patternUnits="userSpaceOnUse"><path d="M0 4.5h8" stroke="#000" stroke-opacity=".1"/><path d="M0 .5h8" stroke="#fff" stroke-opacity=".14"/></pattern>` +
    (s.defs ?? "") +
    (printed.length ? `<clipPath id="L">${printed.map((id) => `<use href="#${id}"/>`).join("")}</clipPath>` : "");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img">` +
    `<title>${escapeXml(s.title)}</title><defs>${defs}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/><ellipse cx="${w / 2}" cy="${h * 0.45}" rx="${w * 0.52}" ry="${h * 0.55}" fill="url(#sp)"/>` +
    (s.transform ? `<g transform="${s.transform}">${scene}</g>` : scene) +
    `</svg>\n`
  );
}

/** Zooms on (x, y) by k, keeping that point at the centre of an 800 × 600 picture. */
const zoom = (x: number, y: number, k: number) => `translate(400 300) scale(${k}) translate(${-x} ${-y})`;

const backdrops: Record<string, [string, string]> = {
  decoration: ["#eef4ee", "#d3e0d5"],
  cosplay: ["#efedf5", "#d5d1e3"],
  filmProps: ["#f6efe8", "#e0d2c6"],
  functional: ["#edf3f7", "#cfdde7"],
};

// ---------------------------------------------------------------------------------------------
// The projects

/** A twisting tower of facets: each band shows a light and a dark face whose edge turns upwards. */
function sculpture(): Scene["parts"] {
  const parts: Part[] = [P(rectD(318, 448, 164, 44), "url(#plinth)"), P(rectD(310, 440, 180, 12), "#3a3430")];
  const bands = 14;
  for (let b = 0; b < bands; b++) {
    const y0 = 440 - b * 22;
    const y1 = y0 - 22;
    const width = (y: number) => 46 + 26 * Math.sin(((440 - y) / 308) * Math.PI * 1.1);
    const edge = (y: number) => 400 + width(y) * 0.9 * Math.sin(((440 - y) / 308) * Math.PI * 2.2);
    const [w0, w1, e0, e1] = [width(y0), width(y1), edge(y0), edge(y1)];
    parts.push(
      P(
        polyD([
          [400 - w0, y0],
          [e0, y0],
          [e1, y1],
          [400 - w1, y1],
        ]),
        b % 2 ? "url(#bronzeL)" : "url(#bronze)",
      ),
    );
    parts.push(
      P(
        polyD([
          [e0, y0],
          [400 + w0, y0],
          [400 + w1, y1],
          [e1, y1],
        ]),
        b % 2 ? "url(#bronzeD)" : dark("#b07a3a", 0.35),
      ),
    );
  }
  return parts;
}
const sculptureDefs =
  shade("bronze", "#c08a46") + shade("bronzeL", "#d6a25e") + shade("bronzeD", "#8a5b2a") + shade("plinth", "#3a3430");

function pistol(state: "finished" | "raw"): Part[] {
  const raw = state === "raw";
  const body = raw ? "url(#grey)" : "url(#white)";
  const accent = raw ? "url(#grey)" : "url(#orange)";
  const grip = raw ? "url(#grey)" : "url(#gunmetal)";
  const cell = raw ? "#9aa3ab" : "#62e8ff";
  return [
    P(
      polyD([
        [318, 318],
        [396, 318],
        [380, 470],
        [318, 470],
        [302, 452],
      ]),
      grip,
    ),
    P(
      "M392 336L450 336C466 336 468 352 460 364L436 400L388 400ZM402 350L444 350L428 386L398 386Z",
      body,
      `fill-rule="evenodd"`,
    ),
    P("M248 246L566 246L592 262L592 322L286 334C262 334 246 318 246 298Z", body),
    P(rectD(300, 228, 200, 18), raw ? "url(#grey)" : "url(#gunmetal)"),
    P("M256 252L338 252L326 306L252 306Z", accent),
    P(rectD(588, 266, 118, 40), body),
    P(rectD(704, 260, 30, 52), accent),
    P(rectD(612, 263, 10, 46), raw ? "url(#grey)" : "url(#gunmetal)"),
    P(rectD(646, 263, 10, 46), raw ? "url(#grey)" : "url(#gunmetal)"),
    P(rectD(344, 278, 196, 18), raw ? "url(#grey)" : "url(#gunmetal)"),
    F(rectD(348, 282, 188, 10), cell, `rx="5"`),
    F(ellipseD(562, 298, 13, 13), cell, `stroke="#2f3440" stroke-width="4"`),
  ];
}
const pistolDefs =
  shade("white", "#eceaf0") +
  shade("orange", "#f0822a") +
  shade("gunmetal", "#3a3f4a") +
  shade("grey", "#a3a9b1") +
  glowDef("cellGlow", "#62e8ff", 0.55);
const pistolGlow = `<ellipse cx="450" cy="290" rx="190" ry="70" fill="url(#cellGlow)"/>`;

/** A cuirass: a green plate with rows of gold-edged leaves and a central ridge. */
function armor(state: "finished" | "raw"): Part[] {
  const raw = state === "raw";
  const plate = raw ? "url(#grey)" : "url(#green)";
  const leafFill = raw ? "url(#greyL)" : "url(#greenL)";
  const gold = raw ? "#9aa0a7" : "url(#gold)";
  const parts: Part[] = [
    P(
      "M300 140C340 120 460 120 500 140L548 176C560 250 548 330 520 400C490 460 440 486 400 492C360 486 310 460 280 400C252 330 240 250 252 176Z",
      plate,
    ),
    P("M324 120C350 148 450 148 476 120L486 134C460 166 340 166 314 134Z", gold),
  ];
  const leaf = (cx: number, cy: number, w: number, h: number, rot: number) => {
    const tr = `transform="translate(${n(cx)} ${n(cy)}) rotate(${rot})"`;
    parts.push(
      P(
        `M0 ${-h}C${n(w * 0.62)} ${n(-h * 0.6)} ${n(w * 0.55)} ${n(h * 0.45)} 0 ${h}C${n(-w * 0.55)} ${n(h * 0.45)} ${n(-w * 0.62)} ${n(-h * 0.6)} 0 ${-h}Z`,
        leafFill,
        tr,
      ),
    );
    parts.push(
      F(
        `M0 ${n(-h * 0.75)}L0 ${n(h * 0.85)}`,
        "none",
        `${tr} stroke="${raw ? "#8d939b" : "#d6ae55"}" stroke-width="3"`,
      ),
    );
  };
  const rows = [
    { y: 200, xs: [318, 360, 440, 482], rot: 28 },
    { y: 268, xs: [310, 352, 448, 490], rot: 20 },
    { y: 336, xs: [324, 364, 436, 476], rot: 12 },
    { y: 402, xs: [350, 386, 414, 450], rot: 6 },
  ];
  for (const row of rows) for (const x of row.xs) leaf(x, row.y, 34, 40, x < 400 ? -row.rot : row.rot);
  parts.push(P("M392 150L408 150L412 470L400 486L388 470Z", gold));
  parts.push(P(mapleD(400, 240, 46), gold));
  return parts;
}
const armorDefs =
  shade("green", "#3f7d4e") +
  shade("greenL", "#5a9a68") +
  shade("gold", "#d6ae55") +
  shade("grey", "#a3a9b1") +
  shade("greyL", "#b8bdc4");

/** A globe of maple leaves on a turned wooden base; lit, the leaves glow. */
function lamp(lit: boolean): Part[] {
  const leafFill = lit ? "url(#amber)" : "url(#pale)";
  const parts: Part[] = [
    P("M318 492C318 462 360 452 400 452S482 462 482 492Z", "url(#wood)"),
    P(rectD(390, 392, 20, 64), "url(#wood)"),
    F(ellipseD(400, 250, 158, 152), lit ? "url(#globeLit)" : "url(#globeOff)"),
  ];
  const leaves: [number, number, number, number][] = [];
  const rings = [
    { r: 0, count: 1, size: 72 },
    { r: 54, count: 7, size: 64 },
    { r: 100, count: 12, size: 56 },
    { r: 136, count: 16, size: 42 },
  ];
  rings.forEach(({ r, count, size }, ring) => {
    for (let k = 0; k < count; k++) {
      const a = (k / count) * Math.PI * 2 + ring * 0.5;
      leaves.push([400 + r * Math.cos(a), 250 + r * 0.96 * Math.sin(a), size, (a * 180) / Math.PI + 90]);
    }
  });
  // The outer ring first, so that the leaves facing us come on top.
  for (const [x, y, size, rot] of leaves.reverse()) {
    parts.push(P(mapleD(x, y, size, rot), leafFill, `stroke="${lit ? "#c8642a" : "#c9bda6"}" stroke-width="2"`));
  }
  parts.push(
    F(
      "M312 176C340 132 392 112 440 118",
      "none",
      `stroke="#fff" stroke-opacity=".45" stroke-width="8" stroke-linecap="round"`,
    ),
  );
  return parts;
}
const lampDefs =
  shade("amber", "#f6a54a") +
  shade("pale", "#efe6d4") +
  shade("wood", "#9a6b43") +
  glowDef("warm", "#ffb65c", 0.7) +
  `<radialGradient id="globeLit" cx=".42" cy=".4"><stop offset="0" stop-color="#fff3d6"/><stop offset="1" stop-color="#f2a24e"/></radialGradient>` +
  `<radialGradient id="globeOff" cx=".42" cy=".4"><stop offset="0" stop-color="#fbf7ee"/><stop offset="1" stop-color="#ddd2bd"/></radialGradient>`;
const lampGlow = `<circle cx="400" cy="250" r="250" fill="url(#warm)"/>`;

/** A lattice hydro pylon holding a phone on a charging base. */
function pylon(): Part[] {
  const parts: Part[] = [
    P("M250 466L560 466L574 492L236 492Z", "url(#base)"),
    F(ellipseD(405, 476, 120, 8), "#6f5b45", `opacity=".7"`),
  ];
  // Legs, crossbars and lattice as thick strokes, printed.
  const strokes = [
    "M330 466L382 190M480 466L428 190M382 190L428 190",
    "M340 420L470 420M350 360L460 360M362 300L448 300M372 240L438 240",
    "M340 420L460 360M470 420L350 360M350 360L448 300M460 360L362 300M362 300L438 240M448 300L372 240",
    "M300 200L510 200M318 160L492 160M382 190L392 130L418 130L428 190",
    "M300 200L318 160M510 200L492 160M300 200L300 222M510 200L510 222M318 160L318 180M492 160L492 180",
  ];
  for (const [i, d] of strokes.entries()) {
    parts.push({
      d,
      fill: "none",
      printed: false,
      extra: `stroke="${i === 2 ? "#8b949e" : "url(#steel)"}" stroke-width="${i === 2 ? 6 : 11}" stroke-linecap="round" stroke-linejoin="round"`,
    });
  }
  // The phone leans on the pylon.
  parts.push(F("M444 230L560 250L520 470L404 450Z", "#23262d"));
  parts.push(F("M452 242L548 258L512 456L416 440Z", "url(#screen)"));
  parts.push(F(ellipseD(470, 330, 14, 14), "#ffffff", `opacity=".85"`));
  parts.push(F("M465 318L478 318L470 332L480 332L462 350L468 336L458 336Z", "#2f9c84"));
  return parts;
}
const pylonDefs =
  shade("steel", "#7d8691") +
  shade("base", "#d9d2c4") +
  `<linearGradient id="screen" x2=".6" y2="1"><stop offset="0" stop-color="#4f9fd1"/><stop offset="1" stop-color="#2f9c84"/></linearGradient>`;

/** A two-legged walking mech carrying headphones on its back. */
function mech(): Part[] {
  return [
    P("M300 488L372 488L360 470L312 470Z", "url(#black)"),
    P("M430 488L502 488L490 470L442 470Z", "url(#black)"),
    P("M322 474L350 474L372 390L346 384Z", "url(#black)"),
    P("M452 474L480 474L468 384L444 390Z", "url(#black)"),
    P("M340 392L384 392L396 318L354 310Z", "url(#dark)"),
    P("M438 392L482 392L468 310L428 318Z", "url(#dark)"),
    F(ellipseD(360, 388, 12, 12), "url(#orange)"),
    F(ellipseD(460, 388, 12, 12), "url(#orange)"),
    P("M306 250L496 250L520 300L480 340L330 340L286 300Z", "url(#dark)"),
    P("M330 262L420 262L412 292L336 292Z", "url(#orange)"),
    F("M344 268L406 268L402 286L348 286Z", "#62e8ff", `opacity=".85"`),
    P(rectD(440, 270, 54, 12), "url(#orange)"),
    P(rectD(296, 310, 210, 10), "url(#black)"),
    // The headband arcs over the back; the ear cups hang on both sides.
    F("M300 236C300 110 500 110 500 236", "none", `stroke="#2b2f36" stroke-width="18" stroke-linecap="round"`),
    F(
      "M300 236C300 126 500 126 500 236",
      "none",
      `stroke="#f0822a" stroke-width="5" stroke-linecap="round" opacity=".9"`,
    ),
    F(rectD(272, 212, 46, 78), "url(#cup)", `rx="18"`),
    F(rectD(482, 212, 46, 78), "url(#cup)", `rx="18"`),
  ];
}
const mechDefs =
  shade("black", "#2e3138") + shade("dark", "#4a4f59") + shade("orange", "#f0822a") + shade("cup", "#3a3f4a");

type Drawing = Omit<Scene, "title" | "backdrop">;
const projectPictures: Record<string, Drawing> = {
  "modern-sculpture": { parts: sculpture(), defs: sculptureDefs, shadow: { rx: 150 } },
  "cosplay-pistol": {
    parts: pistol("finished"),
    defs: pistolDefs,
    under: pistolGlow,
    shadow: { rx: 250, cx: 470, cy: 510 },
  },
  "cosplay-pistol-raw": { parts: pistol("raw"), defs: pistolDefs, shadow: { rx: 250, cx: 470, cy: 510 } },
  "cosplay-pistol-detail": {
    parts: pistol("finished"),
    defs: pistolDefs,
    under: pistolGlow,
    shadow: { rx: 250, cx: 470, cy: 510 },
    transform: zoom(470, 290, 2.1),
  },
  "elven-armor": { parts: armor("finished"), defs: armorDefs, shadow: { rx: 170, cy: 498 } },
  "elven-armor-raw": { parts: armor("raw"), defs: armorDefs, shadow: { rx: 170, cy: 498 } },
  "elven-armor-detail": {
    parts: armor("finished"),
    defs: armorDefs,
    shadow: { rx: 170, cy: 498 },
    transform: zoom(400, 230, 2.2),
  },
  "leaf-lamp": { parts: lamp(true), defs: lampDefs, under: lampGlow, shadow: { rx: 110 } },
  "leaf-lamp-off": { parts: lamp(false), defs: lampDefs, shadow: { rx: 110 } },
  "leaf-lamp-detail": {
    parts: lamp(true),
    defs: lampDefs,
    under: lampGlow,
    shadow: { rx: 110 },
    transform: zoom(400, 250, 2),
  },
  "pylon-charger": { parts: pylon(), defs: pylonDefs, shadow: { rx: 190, cx: 405 } },
  "mech-stand": { parts: mech(), defs: mechDefs, shadow: { rx: 150 } },
};

// ---------------------------------------------------------------------------------------------
// The hero: a printer finishing a maple leaf, with finished prints beside it

function hero(): string {
  const parts: Part[] = [
    // Table
    F("M0 560L800 560L800 640L0 640Z", "url(#table)"),
    // Printer frame, bed, gantry and head
    F(rectD(150, 110, 26, 440), "url(#frame)"),
    F(rectD(464, 110, 26, 440), "url(#frame)"),
    F(rectD(150, 96, 340, 26), "url(#frame)"),
    F(rectD(136, 530, 368, 30), "url(#frame)"),
    F(rectD(190, 470, 260, 14), "#2b2f36"),
    F(rectD(176, 262, 288, 16), "#3a3f4a"),
    F(mapleD(320, 397, 260), "none", `stroke="#f0822a" stroke-width="2.5" stroke-dasharray="6 6" opacity=".7"`),
    F("M350 236L418 236L418 290L402 304L366 304L350 290Z", "url(#head)"),
    F("M376 304L392 304L388 318L380 318Z", "#d6ae55"),
    // Filament from the spool to the head
    F("M384 236C384 160 560 150 600 190", "none", `stroke="#f0822a" stroke-width="3"`),
    // The leaf, printed up to the nozzle; the rest is still a dotted outline
    P(polyD(below(maplePoints(320, 397, 260), 320)), "url(#print)"),
    F("M300 320L384 320", "none", `stroke="#ffd34d" stroke-width="3" stroke-linecap="round" opacity=".9"`),
    // Spool on its holder
    F(rectD(594, 200, 12, 110), "#3a3f4a"),
    F(ellipseD(600, 200, 62, 62), "url(#spool)"),
    F(ellipseD(600, 200, 40, 40), "#f0822a"),
    F(ellipseD(600, 200, 12, 12), "#2b2f36"),
    // Finished prints: a spiral vase and a small low-poly moose head
    P(
      "M560 560L650 560C688 520 684 450 650 420C636 404 636 380 650 360L560 360C574 380 574 404 560 420C526 450 522 520 560 560Z",
      "url(#teal)",
    ),
    P(
      polyD([
        [690, 560],
        [770, 560],
        [760, 500],
        [700, 500],
      ]),
      "url(#sand)",
    ),
    P(
      polyD([
        [700, 500],
        [760, 500],
        [748, 460],
        [712, 460],
      ]),
      "url(#sandL)",
    ),
    P(mapleD(730, 430, 52), "url(#red)"),
  ];
  return render({
    width: 800,
    height: 640,
    title: "A 3D printer in the studio printing a leaf-shaped piece, surrounded by finished prints",
    backdrop: ["#f6efe8", "#e6d6c8"],
    parts,
    shadow: { rx: 260, cx: 420, cy: 562 },
    defs:
      shade("frame", "#4a4f59") +
      shade("head", "#e9e6ee") +
      shade("print", "#f0822a") +
      shade("spool", "#3a3f4a") +
      shade("teal", "#2a9d8f") +
      shade("sand", "#d8c3a5") +
      shade("sandL", "#e6d6bd") +
      shade("red", "#c8372d") +
      `<linearGradient id="table" x2="0" y2="1"><stop offset="0" stop-color="#b78a62"/><stop offset="1" stop-color="#8a6443"/></linearGradient>`,
  });
}

// ---------------------------------------------------------------------------------------------
// Team portraits, logo and link preview

function portrait(o: {
  title: string;
  bg: string;
  skin: string;
  hair: string;
  shirt: string;
  long: boolean;
  beard: boolean;
  glasses: boolean;
}): string {
  const skinD = dark(o.skin, 0.12);
  const hairBack = o.long
    ? `<path d="M62 120C56 60 90 36 120 36S184 60 178 120L184 190L56 190Z" fill="${o.hair}"/>`
    : "";
  const hairTop = o.long
    ? `<path d="M76 108C74 70 96 50 120 50S168 66 166 104C150 88 120 78 96 92C88 98 82 104 76 108Z" fill="${o.hair}"/>`
    : `<path d="M78 100C76 64 98 46 122 46S166 62 164 100C156 84 138 74 120 74S88 82 78 100Z" fill="${o.hair}"/>`;
  const beard = o.beard
    ? `<path d="M84 118C88 160 104 174 120 174S152 160 156 118C150 140 138 148 120 148S90 140 84 118Z" fill="${o.hair}"/>`
    : "";
  const glasses = o.glasses
    ? `<g fill="none" stroke="#2b2f36" stroke-width="3"><circle cx="102" cy="112" r="13"/><circle cx="138" cy="112" r="13"/><path d="M115 112h10"/></g>`
    : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img"><title>${escapeXml(o.title)}</title>` +
    `<defs><linearGradient id="b" x2="0" y2="1"><stop offset="0" stop-color="${light(o.bg, 0.3)}"/><stop offset="1" stop-color="${o.bg}"/></linearGradient>` +
    `<pattern id="l" width="8" height="5" patternUnits="userSpaceOnUse"><path d="M0 4.5h8" stroke="#000" stroke-opacity=".08"/></pattern></defs>` +
    `<rect width="240" height="240" fill="url(#b)"/><rect width="240" height="240" fill="url(#l)"/>` +
    hairBack +
    `<path d="M40 240C40 188 76 170 120 170S200 188 200 240Z" fill="${o.shirt}"/>` +
    `<path d="M104 150h32v28c-8 8-24 8-32 0Z" fill="${skinD}"/>` +
    `<ellipse cx="120" cy="112" rx="44" ry="52" fill="${o.skin}"/>` +
    `<ellipse cx="76" cy="116" rx="8" ry="12" fill="${skinD}"/><ellipse cx="164" cy="116" rx="8" ry="12" fill="${skinD}"/>` +
    hairTop +
    beard +
    `<circle cx="102" cy="112" r="4" fill="#2b2420"/><circle cx="138" cy="112" r="4" fill="#2b2420"/>` +
    `<path d="M108 140q12 9 24 0" fill="none" stroke="#7a3f2c" stroke-width="3" stroke-linecap="round"/>` +
    glasses +
    `<path d="M92 206l10 -10l10 10l10 -10l10 10l10 -10l10 10" fill="none" stroke="${light(o.shirt, 0.4)}" stroke-width="4" stroke-linejoin="round"/>` +
    `</svg>\n`
  );
}

/** The studio's mark (the shell's Logo) in the colours of one theme. */
function logo(theme: "light" | "dark"): string {
  const [tile, ink] = theme === "light" ? ["#b4410f", "#ffffff"] : ["#ff8a4c", "#1a0d05"];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="96" height="96" role="img"><title>Forge &amp; Filament</title>` +
    `<rect width="40" height="40" rx="10" fill="${tile}"/>` +
    `<path d="M12 30V10h16M12 20h11" stroke="${ink}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<path d="M12 34.5h16" stroke="${ink}" stroke-opacity=".5" stroke-width="1.5"/></svg>\n`
  );
}

/** 1200 × 630: the mark, the name, both taglines and the lit leaf lamp. */
function ogImage(): string {
  const lampParts = lamp(true)
    .map((p) => `<path d="${p.d}" fill="${p.fill}"${p.extra ? ` ${p.extra}` : ""}/>`)
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img"><title>Forge &amp; Filament</title>` +
    `<defs>${lampDefs}</defs>` +
    `<rect width="1200" height="630" fill="#171a21"/>` +
    `<g transform="translate(640 70) scale(.95)"><circle cx="400" cy="250" r="250" fill="url(#warm)"/>${lampParts}</g>` +
    `<g transform="translate(90 150) scale(2.4)"><rect width="40" height="40" rx="10" fill="#ff8a4c"/><path d="M12 30V10h16M12 20h11" stroke="#1a0d05" stroke-width="4" fill="none" stroke-linecap="round"/></g>` +
    `<g font-family="ui-sans-serif, system-ui, 'DejaVu Sans', Arial, sans-serif">` +
    `<text x="90" y="340" font-size="76" font-weight="800" fill="#f1ede7">Forge &amp; Filament</text>` +
    `<text x="92" y="404" font-size="32" fill="#ffa775">${escapeXml(STARTING_TAGLINE.en)}</text>` +
    `<text x="92" y="450" font-size="28" fill="#b8b2a9">Impression 3D, numérisation et matériaux</text>` +
    `</g>` +
    `</svg>\n`
  );
}

// ---------------------------------------------------------------------------------------------

const publicDir = path.resolve("public");
const write = (file: string, svg: string) => {
  const target = path.join(publicDir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, svg);
  console.log(`${file} ${(svg.length / 1024).toFixed(1)} KB`);
};

write("images/hero.svg", hero());

const expected = new Set<string>();
for (const project of sampleProjects) {
  const backdrop = backdrops[project.category];
  [project.image, ...project.gallery].forEach(({ src: url, alt }) => {
    const file = path.basename(url, ".svg");
    expected.add(file);
    const drawing = projectPictures[file];
    if (!drawing) throw new Error(`no drawing for ${url}`);
    write(url.replace(/^\//, ""), render({ ...drawing, title: alt.en, backdrop }));
  });
}
const unused = Object.keys(projectPictures).filter((file) => !expected.has(file));
if (unused.length) throw new Error(`drawings no project uses: ${unused.join(", ")}`);

// The sample team of server/content/sample-pages.ts.
write(
  "images/team/camille-tremblay.svg",
  portrait({
    title: "Illustrated portrait of Camille Tremblay",
    bg: "#f2c9a8",
    skin: "#f1c7a5",
    hair: "#6b3f26",
    shirt: "#2a9d8f",
    long: true,
    beard: false,
    glasses: true,
  }),
);
write(
  "images/team/samir-haddad.svg",
  portrait({
    title: "Illustrated portrait of Samir Haddad",
    bg: "#c9d8ef",
    skin: "#c68b62",
    hair: "#2b211c",
    shirt: "#b4410f",
    long: false,
    beard: true,
    glasses: false,
  }),
);
write("images/brand/logo-light.svg", logo("light"));
write("images/brand/logo-dark.svg", logo("dark"));
write("og-image.svg", ogImage());
