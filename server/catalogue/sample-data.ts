import { z } from "zod";
import catalogue from "../../seed/sample-catalogue.json" with { type: "json" };
import { SLUG_PATTERN } from "../../domain/slug.ts";

/**
 * The sample catalogue loaded into an empty database at start (see seed.ts): its data is
 * seed/sample-catalogue.json, checked here. Pictures live in public/images/catalogue and are drawn
 * by scripts/draw-catalogue.ts. Both languages are always present (French uses the no-break spaces
 * of French typography).
 */
export const SAMPLE_IMAGE_DIR = "/images/catalogue";

const id = z
  .string()
  .regex(/^[a-z0-9-]+$/)
  .max(100);
const text = z.object({ name: z.string().min(1).max(120), description: z.string().max(4000) }).strict();
const bothLanguages = z.object({ en: text, fr: text }).strict();
const picture = z.string().regex(new RegExp(`^${SAMPLE_IMAGE_DIR}/[a-z0-9-]+\\.svg$`));

const sampleCatalogueSchema = z
  .object({
    categories: z.array(z.object({ id, slug: z.string().regex(SLUG_PATTERN), translations: bothLanguages }).strict()),
    items: z.array(
      z
        .object({
          id,
          slug: z.string().regex(SLUG_PATTERN),
          categoryId: id,
          priceCents: z.number().int().min(0),
          weightGrams: z.number().int().min(0),
          stock: z.number().int().min(0),
          isVisible: z.boolean(),
          images: z.object({ main: picture, gallery: z.array(picture) }).strict(),
          translations: bothLanguages,
        })
        .strict(),
    ),
  })
  .strict()
  .superRefine((data, ctx) => {
    const categoryIds = new Set(data.categories.map((category) => category.id));
    for (const item of data.items) {
      if (!categoryIds.has(item.categoryId))
        ctx.addIssue({ code: "custom", message: `${item.id}: unknown category ${item.categoryId}` });
    }
  });

export type SampleCatalogue = z.output<typeof sampleCatalogueSchema>;
export type SampleCategory = SampleCatalogue["categories"][number];
export type SampleItem = SampleCatalogue["items"][number];

const { categories: sampleCategories, items: sampleItems } = sampleCatalogueSchema.parse(catalogue);
export { sampleCategories, sampleItems };
