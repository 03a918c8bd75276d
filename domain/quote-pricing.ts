// The price of a custom print: one formula, used by the browser's instant estimate and by the
// server's exact price. Money is integer cents; rates are integers too (cents per hour, cents per kg).
import { z } from "zod";

const name = z.object({ en: z.string().trim().min(1).max(60), fr: z.string().trim().min(1).max(60) });
const slug = z.string().regex(/^[a-z0-9-]{1,32}$/);

/**
 * The filament types the studio's slicer profiles cover (server/quotes/profiles/filament-<type>.ini):
 * a material is one of them, so the slicer gets its temperatures and speeds, never the admin's text.
 */
export const FILAMENT_TYPES = ["pla", "petg", "tpu", "abs", "asa"] as const;
export type FilamentType = (typeof FILAMENT_TYPES)[number];

/** What the printer's profile allows (min_layer_height / max_layer_height, 75 % of its 0.4 mm nozzle). */
export const LAYER_HEIGHT_MM = { min: 0.05, max: 0.3 } as const;

// Nothing is ever deleted: an item no longer offered keeps its id (quotes and slices refer to it) and its names.
const offered = z.boolean().default(true);

export const colourSchema = z.object({
  id: slug,
  name,
  hex: z.string().regex(/^#[0-9a-f]{6}$/i),
  inStock: z.boolean(),
  available: offered,
});

export const materialSchema = z.object({
  id: slug,
  name,
  filamentType: z.enum(FILAMENT_TYPES),
  /** g/cm³, as the slicer needs it to turn filament volume into grams. */
  densityGPerCm3: z.number().min(0.5).max(3),
  /** What the studio charges for the material, per kilogram used (cents). */
  priceCentsPerKg: z.number().int().min(0).max(1_000_000),
  colours: z.array(colourSchema).min(1).max(40),
  available: z.boolean(),
});

export const qualitySchema = z.object({
  id: slug,
  name,
  layerHeightMm: z.number().min(LAYER_HEIGHT_MM.min).max(LAYER_HEIGHT_MM.max),
  /** Only for the instant estimate: how much plastic per hour the printer lays at this quality. */
  estimateCm3PerHour: z.number().min(1).max(100),
  available: offered,
});

export const discountTierSchema = z.object({
  minQuantity: z.number().int().min(2).max(10_000),
  percentOff: z.number().int().min(1).max(90),
});

export const priceTermsSchema = z
  .object({
    setupCentsPerPart: z.number().int().min(0).max(1_000_000),
    machineCentsPerHour: z.number().int().min(0).max(1_000_000),
    minimumCentsPerPart: z.number().int().min(0).max(1_000_000),
    discountTiers: z.array(discountTierSchema).max(10),
    materials: z.array(materialSchema).min(1).max(30),
    qualities: z.array(qualitySchema).min(1).max(10),
    /** Infill choices in percent. */
    infills: z.array(z.number().int().min(0).max(100)).min(1).max(10),
    buildVolumeMm: z.object({
      x: z.number().min(10).max(2000),
      y: z.number().min(10).max(2000),
      z: z.number().min(10).max(2000),
    }),
    maxQuantity: z.number().int().min(1).max(10_000),
    /** How many days a price is held. */
    holdDays: z.number().int().min(1).max(90),
  })
  .superRefine((terms, ctx) => {
    const unique = (ids: string[], path: string) => {
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: [path], message: "duplicate" });
    };
    unique(
      terms.materials.map((m) => m.id),
      "materials",
    );
    unique(
      terms.qualities.map((q) => q.id),
      "qualities",
    );
    unique(
      terms.discountTiers.map((t) => String(t.minQuantity)),
      "discountTiers",
    );
    unique(terms.infills.map(String), "infills");
    terms.materials.forEach((m, i) =>
      unique(
        m.colours.map((c) => c.id),
        `materials.${i}.colours`,
      ),
    );
    const materials = terms.materials.filter((m) => m.available);
    if (materials.length === 0) ctx.addIssue({ code: "custom", path: ["materials"], message: "none-offered" });
    terms.materials.forEach((m, i) => {
      if (m.available && !m.colours.some((c) => c.available))
        ctx.addIssue({ code: "custom", path: ["materials", i, "colours"], message: "none-offered" });
    });
    if (!terms.qualities.some((q) => q.available))
      ctx.addIssue({ code: "custom", path: ["qualities"], message: "none-offered" });
  });

export type PriceTerms = z.infer<typeof priceTermsSchema>;
export type Material = z.infer<typeof materialSchema>;
export type Quality = z.infer<typeof qualitySchema>;
export type Colour = z.infer<typeof colourSchema>;

/** What a buyer may choose today: the materials, colours and qualities the studio offers. */
export function offeredChoices(terms: PriceTerms): { materials: Material[]; qualities: Quality[] } {
  return {
    materials: terms.materials
      .filter((m) => m.available)
      .map((m) => ({ ...m, colours: m.colours.filter((c) => c.available) })),
    qualities: terms.qualities.filter((q) => q.available),
  };
}

/**
 * Terms stored before materials had a filament type and colours and qualities could be retired:
 * read with what they meant then (every colour and quality offered; the type from the id).
 */
export function withDefaults(terms: PriceTerms): PriceTerms {
  const typeOf = (id: string): FilamentType => FILAMENT_TYPES.find((t) => id === t) ?? "pla";
  return {
    ...terms,
    materials: terms.materials.map((m) => ({
      ...m,
      filamentType: m.filamentType ?? typeOf(m.id),
      colours: m.colours.map((c) => ({ ...c, available: c.available ?? true })),
    })),
    qualities: terms.qualities.map((q) => ({ ...q, available: q.available ?? true })),
  };
}

export const quoteOptionsSchema = z.object({
  materialId: slug,
  colourId: slug,
  qualityId: slug,
  infillPercent: z.number().int().min(0).max(100),
  quantity: z.number().int().min(1).max(10_000),
});
export type QuoteOptions = z.infer<typeof quoteOptionsSchema>;

/** Why options cannot be priced with these terms (the buyer chose something that is not offered). */
export function optionsProblem(terms: PriceTerms, options: QuoteOptions): string | null {
  const { materials, qualities } = offeredChoices(terms);
  const material = materials.find((m) => m.id === options.materialId);
  if (!material) return "material";
  if (!material.colours.some((c) => c.id === options.colourId)) return "colour";
  if (!qualities.some((q) => q.id === options.qualityId)) return "quality";
  if (!terms.infills.includes(options.infillPercent)) return "infill";
  if (options.quantity > terms.maxQuantity) return "quantity";
  return null;
}

export function defaultOptions(terms: PriceTerms): QuoteOptions {
  const { materials, qualities } = offeredChoices(terms);
  const material = materials[0]!;
  const quality = qualities.find((q) => Math.abs(q.layerHeightMm - 0.2) < 1e-9) ?? qualities[0]!;
  return {
    materialId: material.id,
    colourId: (material.colours.find((c) => c.inStock) ?? material.colours[0]!).id,
    qualityId: quality.id,
    infillPercent: terms.infills.includes(20) ? 20 : terms.infills[0]!,
    quantity: 1,
  };
}

/** What printing one part takes: from the slicer (exact) or from the geometry (estimate). */
export type PrintFigures = { grams: number; seconds: number };

export type Price = {
  unitCents: number;
  quantity: number;
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  totalCents: number;
  /** The studio's minimum per part sets this price (a part that small, or a discount that would go under it). */
  minimumApplies: boolean;
};

/**
 * Setup, material by weight and machine time per part, never under the studio's minimum per part;
 * the highest quantity tier reached takes its percentage off, but never below that minimum either:
 * a floor stays a floor, so a discount is only offered where it changes the price.
 */
export function price(terms: PriceTerms, options: QuoteOptions, figures: PrintFigures): Price {
  const material = terms.materials.find((m) => m.id === options.materialId);
  if (!material) throw new Error(`Unknown material ${options.materialId}`);
  const materialCents = (figures.grams * material.priceCentsPerKg) / 1000;
  const machineCents = (figures.seconds / 3600) * terms.machineCentsPerHour;
  const costCents = Math.round(terms.setupCentsPerPart + materialCents + machineCents);
  const unitCents = Math.max(terms.minimumCentsPerPart, costCents);
  const subtotalCents = unitCents * options.quantity;
  const tier = [...terms.discountTiers]
    .sort((a, b) => b.minQuantity - a.minQuantity)
    .find((t) => options.quantity >= t.minQuantity);
  const fullDiscountCents = Math.round((subtotalCents * (tier?.percentOff ?? 0)) / 100);
  const discountCents = Math.min(fullDiscountCents, subtotalCents - terms.minimumCentsPerPart * options.quantity);
  return {
    unitCents,
    quantity: options.quantity,
    subtotalCents,
    discountPercent: discountCents > 0 ? (tier?.percentOff ?? 0) : 0,
    discountCents,
    totalCents: subtotalCents - discountCents,
    minimumApplies: costCents < terms.minimumCentsPerPart || discountCents < fullDiscountCents,
  };
}

/** One row of the price-break table: what `quantity` parts cost, the discount counted. */
export type PriceBreak = { quantity: number; percentOff: number; unitCents: number; totalCents: number };

/**
 * The price at one part and at each of the studio's quantity tiers (up to the largest quantity
 * taken online), each from `price` itself, so that the table beside the quantity shows what the
 * order will charge. `unitCents` is the total shared among the parts. A tier that does not lower
 * the price per part (the minimum holds it) is left out: a break starts where it changes the price.
 */
export function priceBreaks(terms: PriceTerms, options: QuoteOptions, figures: PrintFigures): PriceBreak[] {
  const quantities = [1, ...terms.discountTiers.map((tier) => tier.minQuantity)].filter(
    (quantity) => quantity <= terms.maxQuantity,
  );
  return [...new Set(quantities)]
    .sort((a, b) => a - b)
    .map((quantity) => {
      const quoted = price(terms, { ...options, quantity }, figures);
      return {
        quantity,
        percentOff: quoted.discountPercent,
        unitCents: Math.round(quoted.totalCents / quantity),
        totalCents: quoted.totalCents,
      };
    })
    .filter((row, index, rows) => index === 0 || row.unitCents < rows[index - 1]!.unitCents);
}

/** Walls, top and bottom are solid, about this thick (two perimeters of 0.45 mm and some overlap). */
const SHELL_MM = 0.9;

/**
 * The instant estimate from geometry alone: a solid shell over the surface, the inside filled at the
 * infill's ratio, printed at the quality's typical rate. The slicer's figures replace it.
 */
export function estimateFigures(
  terms: PriceTerms,
  options: QuoteOptions,
  geometry: { volumeMm3: number; areaMm2: number },
): PrintFigures {
  const material = terms.materials.find((m) => m.id === options.materialId);
  const quality = terms.qualities.find((q) => q.id === options.qualityId);
  if (!material || !quality) throw new Error("Unknown material or quality");
  const shell = Math.min(geometry.volumeMm3, geometry.areaMm2 * SHELL_MM);
  const printedCm3 = (shell + (geometry.volumeMm3 - shell) * (options.infillPercent / 100)) / 1000;
  const grams = printedCm3 * material.densityGPerCm3;
  const seconds = (printedCm3 / quality.estimateCm3PerHour) * 3600;
  return { grams, seconds };
}

const swatch = (id: string, en: string, fr: string, hex: string, inStock = true) => ({
  id,
  name: { en, fr },
  hex,
  inStock,
  available: true,
});

/** The studio's starting terms, loaded into an empty database; the admin changes them. */
export const DEFAULT_PRICE_TERMS: PriceTerms = {
  setupCentsPerPart: 500,
  machineCentsPerHour: 300,
  minimumCentsPerPart: 1000,
  discountTiers: [
    { minQuantity: 5, percentOff: 5 },
    { minQuantity: 10, percentOff: 10 },
    { minQuantity: 50, percentOff: 15 },
  ],
  materials: [
    {
      id: "pla",
      filamentType: "pla",
      name: { en: "PLA", fr: "PLA" },
      densityGPerCm3: 1.24,
      priceCentsPerKg: 6000,
      available: true,
      colours: [
        swatch("black", "Black", "Noir", "#1f1f1f"),
        swatch("white", "White", "Blanc", "#f2f2f2"),
        swatch("red", "Red", "Rouge", "#c0392b"),
        swatch("blue", "Blue", "Bleu", "#2460a7", false),
      ],
    },
    {
      id: "petg",
      filamentType: "petg",
      name: { en: "PETG", fr: "PETG" },
      densityGPerCm3: 1.27,
      priceCentsPerKg: 7000,
      available: true,
      colours: [swatch("black", "Black", "Noir", "#1f1f1f"), swatch("clear", "Clear", "Transparent", "#d6e6ea")],
    },
    {
      id: "tpu",
      filamentType: "tpu",
      name: { en: "TPU (flexible)", fr: "TPU (souple)" },
      densityGPerCm3: 1.21,
      priceCentsPerKg: 9000,
      available: true,
      colours: [swatch("black", "Black", "Noir", "#1f1f1f"), swatch("white", "White", "Blanc", "#f2f2f2", false)],
    },
  ],
  qualities: [
    {
      id: "draft",
      name: { en: "Draft (0.28 mm)", fr: "Brouillon (0,28 mm)" },
      layerHeightMm: 0.28,
      estimateCm3PerHour: 16,
      available: true,
    },
    {
      id: "standard",
      name: { en: "Standard (0.20 mm)", fr: "Standard (0,20 mm)" },
      layerHeightMm: 0.2,
      estimateCm3PerHour: 12,
      available: true,
    },
    {
      id: "fine",
      name: { en: "Fine (0.10 mm)", fr: "Fin (0,10 mm)" },
      layerHeightMm: 0.1,
      estimateCm3PerHour: 6,
      available: true,
    },
  ],
  infills: [10, 20, 40, 100],
  buildVolumeMm: { x: 250, y: 210, z: 210 },
  maxQuantity: 500,
  holdDays: 14,
};
