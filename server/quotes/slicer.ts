import { spawn, spawnSync } from "node:child_process";
import { availableParallelism, tmpdir } from "node:os";
import { mkdtemp, readdir, rm, writeFile, open } from "node:fs/promises";
import path from "node:path";
import type { MeshFormat } from "../../domain/mesh.ts";
import { isIdentity, type Rotation } from "../../domain/orientation.ts";
import { turnedPart } from "./turned-part.ts";
import { FILAMENT_TYPES, type FilamentType } from "../../domain/quote-pricing.ts";

/** PrusaSlicer's command; QUOTE_SLICER overrides it ("off" runs without a slicer: estimates and reviews only). */
function slicerCommand(): string | null {
  const configured = process.env.QUOTE_SLICER;
  if (configured === "off") return null;
  return configured || "prusa-slicer";
}

let availability: { command: string; version: string } | null | undefined;

/** Whether the slicer runs on this machine (checked once; `--help` prints its version). */
export function slicerAvailability(): { command: string; version: string } | null {
  if (availability !== undefined) return availability;
  const command = slicerCommand();
  if (!command) return (availability = null);
  const probe = spawnSync(command, ["--help"], { encoding: "utf8", timeout: 10_000, env: slicerEnv(tmpdir()) });
  const version = /PrusaSlicer-([\w.+-]+)/.exec(probe.stdout ?? "")?.[1];
  availability = probe.status === 0 && version ? { command, version } : null;
  return availability;
}

/** Tests switch the slicer off and on. */
export function resetSlicerAvailability(): void {
  availability = undefined;
}

// From the project's folder, as the migrations are (the server bundle lives elsewhere in production).
const PROFILES = path.resolve(process.env.QUOTE_SLICER_PROFILES ?? "server/quotes/profiles");
export const PROFILE = path.join(PROFILES, "studio-printer.ini");

/** The filament profile of an allow-listed type (temperatures, volumetric speed, cooling); anything else is refused. */
export function filamentProfile(type: FilamentType): string {
  if (!FILAMENT_TYPES.includes(type)) throw new SliceError("slicer-failed", "Unknown filament type.");
  return path.join(PROFILES, `filament-${type}.ini`);
}

export type SliceOptions = {
  format: MeshFormat;
  scale: number;
  /** How the part is placed on the bed (domain/orientation.ts): the slicer is given the mesh so turned. */
  rotation: Rotation;
  layerHeightMm: number;
  infillPercent: number;
  densityGPerCm3: number;
  filamentType: FilamentType;
};

export type SliceInfo = { size: [number, number, number]; volumeMm3: number; manifold: boolean; facets: number };
export type SliceResult = { info: SliceInfo; filamentMm: number; filamentCm3: number; grams: number; seconds: number };

export type SliceFailure = "not-manifold" | "too-big" | "no-layers" | "slicer-failed" | "slicer-timeout";

export class SliceError extends Error {
  readonly code: SliceFailure;
  constructor(code: SliceFailure, message: string) {
    super(message);
    this.code = code;
  }
}

const MEMORY_LIMIT_BYTES = Number(process.env.QUOTE_SLICER_MEMORY_MB ?? 2048) * 1024 * 1024;

/** How many slices may run at once in this process. */
export const SLICE_CONCURRENCY = Math.max(1, availableParallelism());

/** A slice's temporary folder names the process that made it: `studio-slice-<pid>-<random>`. */
const SLICE_FOLDER = "studio-slice-";

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * At start, before any slice: removes the slice folders a crashed server left (a slice's files,
 * tens of MB, stay when the process is killed mid-slice). A folder of a process still running
 * (another server on this machine) is kept; this process's own id is a former life's, as a
 * restarted container often gets the same one.
 */
export async function removeLeftSliceFolders(root = tmpdir()): Promise<number> {
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(SLICE_FOLDER)) continue;
    const pid = Number(/^studio-slice-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && processAlive(pid)) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Slices a model with the studio's profile. The file is copied into a fresh temporary folder under a
 * name of ours; the command line holds only that name, the profile and numbers we format. The slicer
 * runs at low priority with a memory cap, and is killed at the time limit or when `signal` aborts.
 */
export async function slice(
  model: Uint8Array,
  options: SliceOptions,
  limits: { timeoutMs: number; signal?: AbortSignal },
): Promise<SliceResult> {
  const command = slicerCommand();
  if (!command) throw new SliceError("slicer-failed", "The slicer is switched off.");
  const folder = await mkdtemp(path.join(tmpdir(), `${SLICE_FOLDER}${process.pid}-`));
  try {
    // A turned part is written as the turned mesh (a binary STL): exact for any direction, where
    // PrusaSlicer's --rotate flags only turn about one axis each.
    const turned = !isIdentity(options.rotation);
    const format = turned ? "stl" : options.format;
    const input = path.join(folder, `part.${format}`);
    // PrusaSlicer drops an OBJ's last face when the file does not end with a newline.
    const needsNewline = format === "obj" && model[model.length - 1] !== 0x0a;
    const bytes = turned
      ? await turnedPart(model, options.format, options.rotation, "turned by the studio's quote")
      : model;
    await writeFile(
      input,
      needsNewline ? Buffer.concat([bytes, Buffer.from("\n")]) : format === "stl" ? markedBinaryStl(bytes) : bytes,
    );
    const transform = options.scale !== 1 ? ["--scale", number(options.scale)] : [];
    const deadline = Date.now() + limits.timeoutMs;
    const output = path.join(folder, "part.gcode");
    // --info (0.6 s on 200,000 triangles) runs beside the slice instead of before it: the slice is
    // stopped if --info finds the model unusable, and otherwise nobody waits for --info.
    const stopSlice = new AbortController();
    const forwardAbort = () => stopSlice.abort();
    limits.signal?.addEventListener("abort", forwardAbort, { once: true });
    const slicing = run(
      command,
      [
        ...base(folder, "slice"),
        "--load",
        PROFILE,
        "--load",
        filamentProfile(options.filamentType),
        "--layer-height",
        number(options.layerHeightMm),
        "--first-layer-height",
        number(Math.max(options.layerHeightMm, 0.2)),
        "--fill-density",
        `${Math.round(options.infillPercent)}%`,
        // Gyroid does not work at 100 %: solid parts are filled line by line.
        ...(options.infillPercent >= 100 ? ["--fill-pattern", "rectilinear"] : []),
        "--filament-density",
        number(options.densityGPerCm3),
        ...transform,
        "--export-gcode",
        "--output",
        output,
        input,
      ],
      folder,
      deadline,
      stopSlice.signal,
    );
    slicing.catch(() => undefined); // awaited below; a failure while --info runs is not unhandled
    let info: SliceInfo;
    let sliceRun: RunResult;
    try {
      const infoRun = await run(
        command,
        [...base(folder, "info"), ...transform, "--info", input],
        folder,
        deadline,
        limits.signal,
      );
      const parsed = parseInfo(infoRun.stdout);
      if (!parsed)
        throw new SliceError("slicer-failed", `The slicer could not read the model: ${tail(infoRun.stderr)}`);
      if (!parsed.manifold)
        throw new SliceError("not-manifold", "The model has holes or loose edges (it is not a closed, manifold mesh).");
      info = parsed;
      sliceRun = await slicing;
    } finally {
      limits.signal?.removeEventListener("abort", forwardAbort);
      stopSlice.abort();
      await slicing.catch(() => undefined); // the process has exited before its folder is removed
    }
    const failure = sliceRun.stderr + sliceRun.stdout;
    if (/could not fit on the bed|outside of the print volume/i.test(failure))
      throw new SliceError("too-big", "The part does not fit on the printer's bed.");
    if (/No layers were detected/i.test(failure))
      throw new SliceError("no-layers", "The slicer found nothing to print: the model is too thin or broken.");
    if (sliceRun.code !== 0)
      throw new SliceError("slicer-failed", `The slicer stopped (exit ${sliceRun.code}): ${tail(failure)}`);
    const figures = parseGcodeFooter(await readTail(output, 64 * 1024));
    if (!figures) throw new SliceError("slicer-failed", "The slicer's output had no filament or time figures.");
    return { info, ...figures };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * PrusaSlicer (admesh) takes a binary STL for ASCII when the 128 bytes after its header are all
 * below 128, as in a small cube with round coordinates, and then fails to load it. The first
 * facet's attribute bytes, which nobody reads, get a high bit so that it is seen as binary.
 */
export function markedBinaryStl(model: Uint8Array): Uint8Array {
  if (model.length < 134) return model;
  const count = new DataView(model.buffer, model.byteOffset, model.byteLength).getUint32(80, true);
  if (84 + count * 50 !== model.length || model.subarray(80, 208).some((byte) => byte > 127)) return model;
  const copy = Uint8Array.from(model);
  copy[84 + 49] = 0x80;
  return copy;
}

/** Each run gets its own settings folder: two runs side by side never share one. */
function base(folder: string, purpose: string): string[] {
  return ["--loglevel", "1", "--datadir", path.join(folder, `config-${purpose}`)];
}

function number(value: number): string {
  if (!Number.isFinite(value)) throw new Error("not a number");
  return String(Math.round(value * 10_000) / 10_000);
}

function tail(text: string): string {
  return text
    .trim()
    .split("\n")
    .filter((l) => !/\[trace\]/.test(l))
    .slice(-3)
    .join(" ")
    .slice(0, 500);
}

function slicerEnv(home: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, LANG: "C.UTF-8", LC_ALL: "C.UTF-8" };
}

type RunResult = { code: number | null; stdout: string; stderr: string };

function run(command: string, args: string[], cwd: string, deadline: number, signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0 || signal?.aborted) return reject(new SliceError("slicer-timeout", "The slicer took too long."));
    // nice: low priority; prlimit: the memory cap (address space) and a CPU-time cap as a backstop.
    // Both replace themselves with the next command: the child is the slicer. It stays in the
    // server's session: Linux weighs each session (autogroup) as a whole first, so a slicer in a
    // session of its own took half the cores from the server whatever its nice value (issue 50).
    const child = spawn(
      "nice",
      [
        "-n",
        "15",
        "prlimit",
        `--as=${MEMORY_LIMIT_BYTES}`,
        `--cpu=${Math.ceil(remaining / 1000) + 5}`,
        "--",
        command,
        ...args,
      ],
      { cwd, env: slicerEnv(cwd), stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    const cap = (text: string, chunk: Buffer) => (text.length < 200_000 ? text + chunk.toString("utf8") : text);
    child.stdout.on("data", (chunk: Buffer) => (stdout = cap(stdout, chunk)));
    child.stderr.on("data", (chunk: Buffer) => (stderr = cap(stderr, chunk)));
    let timedOut = false;
    const kill = () => {
      timedOut = true;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(kill, remaining);
    signal?.addEventListener("abort", kill, { once: true });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new SliceError("slicer-failed", `The slicer could not start: ${error.message}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", kill);
      if (timedOut) reject(new SliceError("slicer-timeout", "The slicer took too long."));
      else resolve({ code, stdout, stderr });
    });
  });
}

async function readTail(file: string, bytes: number): Promise<string> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    return buffer.toString("utf8");
  } finally {
    await handle.close();
  }
}

/** `--info` prints `key = value` lines per file. */
export function parseInfo(stdout: string): SliceInfo | null {
  const get = (key: string) => new RegExp(`^${key}\\s*=\\s*(.+)$`, "m").exec(stdout)?.[1]?.trim();
  const x = Number(get("size_x")),
    y = Number(get("size_y")),
    z = Number(get("size_z"));
  const volume = Number(get("volume"));
  const manifold = get("manifold");
  if (![x, y, z, volume].every(Number.isFinite) || !manifold) return null;
  return {
    size: [x, y, z],
    volumeMm3: volume,
    manifold: manifold === "yes",
    facets: Number(get("number_of_facets")) || 0,
  };
}

/** The closing comments of PrusaSlicer's G-code: filament used and the estimated printing time. */
export function parseGcodeFooter(text: string): Omit<SliceResult, "info"> | null {
  const get = (label: string) =>
    new RegExp(`^; ${label.replace(/[[\]()]/g, "\\$&")} = (.+)$`, "m").exec(text)?.[1]?.trim();
  const filamentMm = Number(get("filament used [mm]"));
  const filamentCm3 = Number(get("filament used [cm3]"));
  const grams = Number(get("filament used [g]"));
  const time = get("estimated printing time (normal mode)");
  if (![filamentMm, filamentCm3, grams].every(Number.isFinite) || !time) return null;
  return { filamentMm, filamentCm3, grams, seconds: parseDuration(time) };
}

/** "1d 2h 3m 4s" → seconds. */
export function parseDuration(text: string): number {
  const units: Record<string, number> = { d: 86_400, h: 3600, m: 60, s: 1 };
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)\s*([dhms])/g)) seconds += Number(amount) * units[unit!]!;
  return seconds;
}
