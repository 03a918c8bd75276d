import { z } from "zod";
import projects from "../../seed/sample-portfolio.json" with { type: "json" };
import { PROJECT_CATEGORIES, SAMPLE_PICTURE_DIR } from "../../domain/portfolio.ts";
import { SLUG_PATTERN } from "../../domain/slug.ts";

/**
 * The six sample projects a new install starts with (seeded by portfolio.ts when the portfolio is
 * empty): seed/sample-portfolio.json, checked here. Their pictures are drawings in
 * public/images/portfolio. Both languages are always present, French with its no-break spaces.
 */
const picture = z
  .object({
    src: z.string().regex(new RegExp(`^${SAMPLE_PICTURE_DIR}/[a-z0-9-]+\\.svg$`)),
    alt: z.object({ en: z.string().min(1), fr: z.string().min(1) }).strict(),
  })
  .strict();
const text = z
  .object({
    title: z.string().min(1).max(120),
    description: z.string().min(1).max(5000),
    client: z.string().optional(),
    duration: z.string().optional(),
    materials: z.array(z.string()),
    process: z.array(z.string()),
    challenge: z.string().optional(),
    solution: z.string().optional(),
  })
  .strict();

const sampleProjectsSchema = z.array(
  z
    .object({
      slug: z.string().regex(SLUG_PATTERN),
      category: z.enum(PROJECT_CATEGORIES),
      featured: z.boolean(),
      translations: z.object({ en: text, fr: text }).strict(),
      image: picture,
      gallery: z.array(picture),
    })
    .strict(),
);

export const sampleProjects = sampleProjectsSchema.parse(projects);
export type SampleProject = (typeof sampleProjects)[number];
