import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRICE_TERMS,
  defaultOptions,
  estimateFigures,
  offeredChoices,
  optionsProblem,
  price,
  priceBreaks,
  priceTermsSchema,
  withDefaults,
  type PriceTerms,
} from "./quote-pricing.ts";

const terms: PriceTerms = {
  ...DEFAULT_PRICE_TERMS,
  setupCentsPerPart: 500,
  machineCentsPerHour: 300,
  minimumCentsPerPart: 1000,
  discountTiers: [
    { minQuantity: 10, percentOff: 10 },
    { minQuantity: 5, percentOff: 5 },
  ],
};
const pla = { ...defaultOptions(terms), materialId: "pla" };

describe("custom print pricing", () => {
  it("adds setup, material by weight and machine time, in whole cents", () => {
    // 100 g of PLA at $60/kg = 600 ¢, 2 h at $3/h = 600 ¢, setup 500 ¢
    expect(price(terms, pla, { grams: 100, seconds: 7200 })).toEqual({
      unitCents: 1700,
      quantity: 1,
      subtotalCents: 1700,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 1700,
      minimumApplies: false,
    });
    expect(price(terms, pla, { grams: 4.49, seconds: 1151 }).unitCents).toBe(1000); // the minimum
    expect(price(terms, pla, { grams: 100, seconds: 3333 }).unitCents).toBe(1378); // 500 + 600 + 277.75, rounded once
  });

  it("applies the highest quantity tier reached", () => {
    const at = (quantity: number) => price(terms, { ...pla, quantity }, { grams: 100, seconds: 7200 });
    expect(at(4).discountPercent).toBe(0);
    expect(at(5)).toMatchObject({ discountPercent: 5, subtotalCents: 8500, discountCents: 425, totalCents: 8075 });
    expect(at(12)).toMatchObject({ discountPercent: 10, subtotalCents: 20400, discountCents: 2040, totalCents: 18360 });
  });

  it("says when the minimum per part sets the price", () => {
    const small = { grams: 4.49, seconds: 1151 };
    expect(price(terms, pla, small)).toMatchObject({ unitCents: 1000, totalCents: 1000, minimumApplies: true });
    expect(price(terms, pla, { grams: 100, seconds: 7200 }).minimumApplies).toBe(false);
  });

  it("never takes a discount below the minimum per part", () => {
    // 10 parts at the minimum: 10 % off would make them $9.00 each.
    expect(price(terms, { ...pla, quantity: 10 }, { grams: 4.49, seconds: 1151 })).toMatchObject({
      subtotalCents: 10_000,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 10_000,
      minimumApplies: true,
    });
    // $10.50 a part: 10 % off stops at $10.00 a part.
    const justOver = { grams: 0, seconds: 6600 }; // 500 + 550 = 1050
    expect(price(terms, { ...pla, quantity: 10 }, justOver)).toMatchObject({
      subtotalCents: 10_500,
      discountPercent: 10,
      discountCents: 500,
      totalCents: 10_000,
      minimumApplies: true,
    });
  });

  it("estimates a 20 mm cube at 20 % infill close to the slicer's 3.62 cm³ and 19 min", () => {
    const figures = estimateFigures(
      terms,
      { ...pla, qualityId: "standard", infillPercent: 20 },
      { volumeMm3: 8000, areaMm2: 2400 },
    );
    expect(figures.grams / 1.24).toBeGreaterThan(3.62 * 0.8);
    expect(figures.grams / 1.24).toBeLessThan(3.62 * 1.2);
    expect(figures.seconds / 60).toBeGreaterThan(19 * 0.7);
    expect(figures.seconds / 60).toBeLessThan(19 * 1.3);
  });

  it("refuses options the studio does not offer", () => {
    expect(optionsProblem(terms, pla)).toBeNull();
    expect(optionsProblem(terms, { ...pla, materialId: "gold" })).toBe("material");
    expect(optionsProblem(terms, { ...pla, colourId: "clear" })).toBe("colour");
    expect(optionsProblem(terms, { ...pla, infillPercent: 33 })).toBe("infill");
    expect(optionsProblem(terms, { ...pla, quantity: 501 })).toBe("quantity");
    const retired: PriceTerms = {
      ...terms,
      materials: terms.materials.map((m) =>
        m.id === "pla" ? { ...m, colours: m.colours.map((c) => ({ ...c, available: c.id !== "red" })) } : m,
      ),
      qualities: terms.qualities.map((q) => ({ ...q, available: q.id !== "fine" })),
    };
    expect(optionsProblem(retired, { ...pla, colourId: "red" })).toBe("colour");
    expect(optionsProblem(retired, { ...pla, qualityId: "fine" })).toBe("quality");
    expect(offeredChoices(retired).materials[0]!.colours.map((c) => c.id)).toEqual(["black", "white", "blue"]);
    expect(offeredChoices(retired).qualities.map((q) => q.id)).toEqual(["draft", "standard"]);
  });

  it("reads terms stored before filament types and retiring: types from the ids, everything offered", () => {
    const old = JSON.parse(JSON.stringify(DEFAULT_PRICE_TERMS)) as Record<string, unknown> & PriceTerms;
    for (const m of old.materials) {
      delete (m as Partial<typeof m>).filamentType;
      for (const c of m.colours) delete (c as Partial<typeof c>).available;
    }
    for (const q of old.qualities) delete (q as Partial<typeof q>).available;
    expect(withDefaults(old)).toEqual(DEFAULT_PRICE_TERMS);
  });

  it("validates the admin's terms: integers for money, no duplicate ids", () => {
    expect(priceTermsSchema.safeParse(DEFAULT_PRICE_TERMS).success).toBe(true);
    expect(priceTermsSchema.safeParse({ ...DEFAULT_PRICE_TERMS, setupCentsPerPart: 4.5 }).success).toBe(false);
    expect(priceTermsSchema.safeParse({ ...DEFAULT_PRICE_TERMS, infills: [20, 20] }).success).toBe(false);
    expect(priceTermsSchema.safeParse({ ...DEFAULT_PRICE_TERMS, materials: [] }).success).toBe(false);
    const issues = (terms: PriceTerms) =>
      priceTermsSchema.safeParse(terms).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(
      issues({
        ...DEFAULT_PRICE_TERMS,
        materials: DEFAULT_PRICE_TERMS.materials.map((m) => ({ ...m, available: false })),
      }),
    ).toEqual([["materials", "none-offered"]]);
    expect(
      issues({
        ...DEFAULT_PRICE_TERMS,
        qualities: DEFAULT_PRICE_TERMS.qualities.map((q) => ({ ...q, available: false })),
      }),
    ).toEqual([["qualities", "none-offered"]]);
    const petgRetired = DEFAULT_PRICE_TERMS.materials.map((m) =>
      m.id === "petg" ? { ...m, colours: m.colours.map((c) => ({ ...c, available: false })) } : m,
    );
    expect(issues({ ...DEFAULT_PRICE_TERMS, materials: petgRetired })).toEqual([
      ["materials.1.colours", "none-offered"],
    ]);
    // A material no longer offered may keep no colour on offer.
    expect(
      issues({
        ...DEFAULT_PRICE_TERMS,
        materials: petgRetired.map((m) => (m.id === "petg" ? { ...m, available: false } : m)),
      }),
    ).toBeUndefined();
    const twoBlacks = DEFAULT_PRICE_TERMS.materials.map((m) => ({ ...m, colours: [...m.colours, m.colours[0]!] }));
    expect(issues({ ...DEFAULT_PRICE_TERMS, materials: twoBlacks })?.[0]).toEqual(["materials.0.colours", "duplicate"]);
    expect(
      priceTermsSchema.safeParse({
        ...DEFAULT_PRICE_TERMS,
        qualities: [{ ...DEFAULT_PRICE_TERMS.qualities[0]!, layerHeightMm: 0.4 }],
      }).success,
    ).toBe(false);
    expect(
      priceTermsSchema.safeParse({
        ...DEFAULT_PRICE_TERMS,
        materials: [{ ...DEFAULT_PRICE_TERMS.materials[0]!, filamentType: "nylon" }],
      }).success,
    ).toBe(false);
  });
});

describe("price breaks", () => {
  const terms = DEFAULT_PRICE_TERMS;
  const options = defaultOptions(terms);
  const figures = { grams: 42, seconds: 5_400 };

  it("lists one part and each tier, each as price() charges it", () => {
    const rows = priceBreaks(terms, options, figures);
    expect(rows.map((row) => row.quantity)).toEqual([1, 5, 10, 50]);
    for (const row of rows) {
      const charged = price(terms, { ...options, quantity: row.quantity }, figures);
      expect(row.totalCents).toBe(charged.totalCents);
      expect(row.percentOff).toBe(charged.discountPercent);
    }
  });

  it("shows a lower unit price at 10 than at 1", () => {
    const [one, , ten] = priceBreaks(terms, options, figures);
    expect(ten!.unitCents).toBeLessThan(one!.unitCents);
    expect(ten!.unitCents).toBe(Math.round(ten!.totalCents / 10));
  });

  it("starts the breaks where they change the price: none for a part at the minimum", () => {
    const small = { grams: 4.49, seconds: 1151 };
    expect(priceBreaks(terms, options, small).map((row) => row.quantity)).toEqual([1]);
    // $10.50 a part: 5 % off stops at the minimum ($10.00), the same as 10 % off; 15 % off too.
    const justOver = { grams: 0, seconds: 6600 };
    expect(priceBreaks(terms, options, justOver).map((row) => [row.quantity, row.unitCents])).toEqual([
      [1, 1050],
      [5, 1000],
    ]);
  });

  it("leaves out tiers above what the studio takes online", () => {
    expect(priceBreaks({ ...terms, maxQuantity: 20 }, options, figures).map((row) => row.quantity)).toEqual([1, 5, 10]);
  });
});
