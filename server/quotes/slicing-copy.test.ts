import { describe, expect, it } from "vitest";
import { defaultOptions, DEFAULT_PRICE_TERMS, price } from "../../domain/quote-pricing.ts";
import { binaryStl, cube, obj, threeMf, torus } from "../../tests/support/mesh-fixtures.ts";
import { variedModels } from "../../tests/support/varied-models.ts";
import { IDENTITY, partOrientations } from "../../domain/orientation.ts";
import { slice } from "./slicer.ts";
import { slicingCopy } from "./slicing-copy.ts";

const standard = { scale: 1, rotation: IDENTITY, layerHeightMm: 0.2, infillPercent: 20, densityGPerCm3: 1.24, filamentType: "pla", format: "stl" } as const;
const limits = { timeoutMs: 120_000 };
// No setup fee and no minimum: they would hide a difference in what the part costs to print.
const printOnly = { ...DEFAULT_PRICE_TERMS, setupCentsPerPart: 0, minimumCentsPerPart: 0 };
const unitCents = (figures: { grams: number; seconds: number }) => price(printOnly, defaultOptions(printOnly), figures).unitCents;

describe("the simplified copy the slicer reads", () => {
  it("prices each of ten varied models within 1 % of the buyer's own model, with far fewer triangles", { timeout: 600_000 }, async () => {
    for (const model of variedModels) {
      const triangles = model.triangles.length / 9;
      // The copy is for parts that stand without supports; these do, as the file lies.
      expect(partOrientations(Float32Array.from(model.triangles)).asFile["as-drawn"].overhangMm2, model.name).toBe(0);
      const original = binaryStl(model.triangles);
      const copy = await slicingCopy(original, "stl", triangles, false);
      expect(copy, model.name).not.toBeNull();
      const copyTriangles = new DataView(copy!.buffer, copy!.byteOffset).getUint32(80, true);
      expect(copyTriangles, model.name).toBeLessThanOrEqual(triangles * 0.75);

      const exact = await slice(original, standard, limits);
      const fast = await slice(copy!, standard, limits);
      const difference = Math.abs(unitCents(fast) - unitCents(exact)) / unitCents(exact);
      // Printed for docs/performance.md.
      const line = `${model.name}: ${triangles} → ${copyTriangles} triangles, ${unitCents(exact)} ¢ → ${unitCents(fast)} ¢ (${(difference * 100).toFixed(2)} %), ${exact.grams} g → ${fast.grams} g, ${exact.seconds} s → ${fast.seconds} s`;
      console.log(line);
      expect(difference, line).toBeLessThan(0.01);
    }
  });

  it("is not made for a part on supports: their price moved by up to 3.4 % with a copy", async () => {
    const bigTorus = torus(40, 15, 300, 100);
    expect(partOrientations(Float32Array.from(bigTorus)).candidates[0]!.overhangMm2).toBeGreaterThan(0);
    expect(await slicingCopy(binaryStl(bigTorus), "stl", bigTorus.length / 9, true)).toBeNull();
  });

  it("leaves small models and 3MF files as they came", async () => {
    expect(await slicingCopy(binaryStl(cube(20)), "stl", 12, false)).toBeNull();
    const bigTorus = torus(40, 15, 200, 100);
    expect(await slicingCopy(threeMf(bigTorus), "3mf", bigTorus.length / 9, false)).toBeNull();
  });

  it("simplifies an OBJ as well as an STL", async () => {
    const bigTorus = torus(40, 15, 300, 100);
    const copy = await slicingCopy(obj(bigTorus), "obj", bigTorus.length / 9, false);
    expect(copy).not.toBeNull();
    expect(new DataView(copy!.buffer, copy!.byteOffset).getUint32(80, true)).toBeLessThanOrEqual((bigTorus.length / 9) * 0.75);
  });

  it("slices the original when the copy cannot be made (a file that is not what its format says)", async () => {
    expect(await slicingCopy(new TextEncoder().encode("not a mesh at all"), "obj", 50_000, false)).toBeNull();
  });
});
