import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IDENTITY, partOrientations } from "../../domain/orientation.ts";
import { defaultOptions, DEFAULT_PRICE_TERMS, price } from "../../domain/quote-pricing.ts";
import { binaryStl } from "../../tests/support/mesh-fixtures.ts";
import { modelsOnSupports, variedModels } from "../../tests/support/varied-models.ts";
import { PROFILE, slice } from "./slicer.ts";

const standard = {
  scale: 1,
  rotation: IDENTITY,
  layerHeightMm: 0.2,
  infillPercent: 20,
  densityGPerCm3: 1.24,
  filamentType: "pla",
  format: "stl",
} as const;
const limits = { timeoutMs: 120_000 };
// No setup fee and no minimum: they would hide a difference in what the part costs to print.
const printOnly = { ...DEFAULT_PRICE_TERMS, setupCentsPerPart: 0, minimumCentsPerPart: 0 };
const unitCents = (figures: { grams: number; seconds: number }) =>
  price(printOnly, defaultOptions(printOnly), figures).unitCents;

let referenceFolder: string;
let sliceAsReference: typeof slice;

beforeAll(async () => {
  // The same profiles with PrusaSlicer's default resolution: every segment of the buyer's mesh kept.
  referenceFolder = await mkdtemp(path.join(tmpdir(), "slicing-reference-"));
  await cp(path.dirname(PROFILE), referenceFolder, { recursive: true });
  const studio = await readFile(PROFILE, "utf8");
  expect(studio).toMatch(/^resolution = 0\.0125$/m);
  await writeFile(
    path.join(referenceFolder, path.basename(PROFILE)),
    studio.replace(/^resolution = .*$/m, "resolution = 0"),
  );
  vi.resetModules();
  vi.stubEnv("QUOTE_SLICER_PROFILES", referenceFolder);
  sliceAsReference = (await import("./slicer.ts")).slice;
  vi.unstubAllEnvs();
});

afterAll(() => rm(referenceFolder, { recursive: true, force: true }));

describe("the slicer's resolution (0.0125 mm, studio-printer.ini)", () => {
  const cases = [
    ...variedModels.map((model) => ({ ...model, onSupports: false })),
    ...modelsOnSupports.map((model) => ({ ...model, onSupports: true })),
  ];

  it(
    "prices eleven varied parts and three on supports within 1 % of slicing every segment",
    { timeout: 900_000 },
    async () => {
      expect(cases.length).toBeGreaterThanOrEqual(14);
      for (const model of cases) {
        const overhang = partOrientations(Float32Array.from(model.triangles)).asFile["as-drawn"].overhangMm2;
        expect(overhang > 0, `${model.name} on supports`).toBe(model.onSupports);
        const stl = binaryStl(model.triangles);
        const exact = await sliceAsReference(stl, standard, limits);
        const started = performance.now();
        const studio = await slice(stl, standard, limits);
        const difference = Math.abs(unitCents(studio) - unitCents(exact)) / unitCents(exact);
        // Printed for docs/performance.md.
        const line = `${model.name} (${model.triangles.length / 9} triangles${model.onSupports ? ", on supports" : ""}): ${unitCents(exact)} ¢ → ${unitCents(studio)} ¢ (${(difference * 100).toFixed(2)} %), ${exact.grams} g → ${studio.grams} g, ${exact.seconds} s → ${studio.seconds} s, sliced in ${Math.round(performance.now() - started)} ms`;
        console.log(line);
        expect(difference, line).toBeLessThan(0.01);
      }
    },
  );
});
