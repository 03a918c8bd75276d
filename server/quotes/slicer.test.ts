import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  asciiStl,
  binaryStl,
  box,
  cube,
  obj,
  openBox,
  tBeam,
  threeMf,
  torus,
} from "../../tests/support/mesh-fixtures.ts";
import { IDENTITY, QUARTER_TURNS, rotationPuttingDown } from "../../domain/orientation.ts";
import { FILAMENT_TYPES, LAYER_HEIGHT_MM } from "../../domain/quote-pricing.ts";
import {
  filamentProfile,
  parseDuration,
  PROFILE,
  slice,
  SliceError,
  slicerAvailability,
  type SliceOptions,
} from "./slicer.ts";
import { SLICING_TEST_TIMEOUT_MS } from "../../tests/support/production.ts";

// PrusaSlicer is installed by .ci/run (Debian's prusa-slicer); these tests run the real thing.
const standard: Omit<SliceOptions, "format"> = {
  scale: 1,
  rotation: IDENTITY,
  layerHeightMm: 0.2,
  infillPercent: 20,
  densityGPerCm3: 1.24,
  filamentType: "pla",
};
const limits = { timeoutMs: 60_000 };

async function failure(promise: Promise<unknown>): Promise<SliceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SliceError) return error;
    throw error;
  }
  throw new Error("the slice succeeded");
}

describe("PrusaSlicer on generated models", { timeout: SLICING_TEST_TIMEOUT_MS }, () => {
  it("is installed and says its version", () => {
    expect(slicerAvailability()?.version).toMatch(/^2\./);
  });

  it("slices a 20 mm cube: about 3.3 cm³, 4 g of PLA, under half an hour", async () => {
    const result = await slice(binaryStl(cube(20)), { ...standard, format: "stl" }, limits);
    expect(result.info).toMatchObject({ size: [20, 20, 20], manifold: true, facets: 12 });
    expect(result.info.volumeMm3).toBeCloseTo(8000, 0);
    expect(result.filamentCm3).toBeGreaterThan(2.5);
    expect(result.filamentCm3).toBeLessThan(4.5);
    expect(result.grams).toBeCloseTo(result.filamentCm3 * 1.24, 1);
    expect(result.seconds).toBeGreaterThan(10 * 60);
    expect(result.seconds).toBeLessThan(30 * 60);
  });

  it("reads ASCII STL, OBJ and 3MF the same way", async () => {
    for (const [format, bytes] of [
      ["stl", asciiStl(cube(20))],
      ["obj", obj(cube(20))],
      ["3mf", threeMf(cube(20))],
    ] as const) {
      const result = await slice(bytes, { ...standard, format }, limits);
      expect(result.info.volumeMm3, format).toBeCloseTo(8000, 0);
    }
  });

  it("slices a torus, and more infill takes more plastic", async () => {
    const model = binaryStl(torus(30, 10, 60, 30));
    const light = await slice(model, { ...standard, format: "stl", infillPercent: 10 }, limits);
    const heavy = await slice(model, { ...standard, format: "stl", infillPercent: 100 }, limits);
    expect(heavy.grams).toBeGreaterThan(light.grams * 1.5);
  });

  it("scales a part drawn in inches by 25.4", async () => {
    const result = await slice(binaryStl(box(2, 1, 0.5)), { ...standard, format: "stl", scale: 25.4 }, limits);
    expect(result.info.size[0]).toBeCloseTo(50.8, 1);
  });

  it("prints a big overhang on supports: more plastic and time than the same part turned over, which needs none", async () => {
    const model = binaryStl(tBeam());
    const overhanging = await slice(model, { ...standard, format: "stl" }, limits);
    const upsideDown = await slice(
      model,
      { ...standard, format: "stl", rotation: rotationPuttingDown([0, 0, 1]) },
      limits,
    );
    console.log(
      `T beam: ${overhanging.grams} g, ${overhanging.seconds} s on its stem (supported); ${upsideDown.grams} g, ${upsideDown.seconds} s on its cap`,
    );
    expect(upsideDown.info.volumeMm3).toBeCloseTo(overhanging.info.volumeMm3, 0);
    expect(overhanging.grams).toBeGreaterThan(upsideDown.grams * 1.1);
    expect(overhanging.seconds).toBeGreaterThan(upsideDown.seconds);
  });

  it("turns a long part on its side to fit the bed", async () => {
    const result = await slice(
      binaryStl(box(20, 20, 240)),
      { ...standard, format: "stl", rotation: QUARTER_TURNS["on-its-side-y"] },
      limits,
    );
    expect(result.info.size[2]).toBeCloseTo(20, 1);
  });

  it("refuses a non-manifold mesh and a part too big for the bed, with their reasons", async () => {
    expect((await failure(slice(binaryStl(openBox()), { ...standard, format: "stl" }, limits))).code).toBe(
      "not-manifold",
    );
    expect((await failure(slice(binaryStl(cube(300)), { ...standard, format: "stl" }, limits))).code).toBe("too-big");
  });

  it("kills a slice that runs past its time limit", async () => {
    const model = binaryStl(torus(40, 15, 300, 150));
    const started = Date.now();
    const error = await failure(slice(model, { ...standard, format: "stl" }, { timeoutMs: 150 }));
    expect(error.code).toBe("slicer-timeout");
    expect(Date.now() - started).toBeLessThan(5000); // killed, not left to finish its few seconds of work
  });

  it("reads PrusaSlicer's durations", () => {
    expect(parseDuration("3h 50m 55s")).toBe(13_855);
    expect(parseDuration("1d 0h 1m 0s")).toBe(86_460);
    expect(parseDuration("19m 11s")).toBe(1151);
  });

  it("slices a small binary STL whose first bytes all look like text (a 10 mm cube)", async () => {
    const result = await slice(binaryStl(cube(10)), { ...standard, format: "stl" }, limits);
    expect(result.info.size).toEqual([10, 10, 10]);
    expect(result.grams).toBeGreaterThan(0.3);
  });

  it("has a filament profile for each allow-listed type and refuses any other", async () => {
    for (const type of FILAMENT_TYPES) {
      const profile = await readFile(filamentProfile(type), "utf8");
      expect(profile).toMatch(/^temperature = \d{3}$/m);
      expect(profile).toMatch(/^filament_max_volumetric_speed = [\d.]+$/m);
    }
    expect(() => filamentProfile("pla.ini --post-process x" as never)).toThrow(SliceError);
  });

  it("bounds the qualities' layer heights to what the printer profile supports", async () => {
    const printer = await readFile(PROFILE, "utf8");
    expect(Number(/^min_layer_height = ([\d.]+)$/m.exec(printer)?.[1])).toBe(LAYER_HEIGHT_MM.min);
    expect(Number(/^max_layer_height = ([\d.]+)$/m.exec(printer)?.[1])).toBe(LAYER_HEIGHT_MM.max);
    expect(printer).not.toMatch(/^temperature/m); // the filament's profile says it
  });
});
