import { z } from "zod";
import type { Locale } from "./locale.ts";
import { mediaId } from "./media.ts";
import { recordIdSchema } from "./record-id.ts";
import { SLUG_MAX, SLUG_PATTERN } from "./slug.ts";

/**
 * The studio's portfolio projects (/inspirations, the home page's featured three), managed in the
 * admin. Every text is in English and French; a project without its French title and description
 * is not shown in French. The form's problems are codes that `portfolioAdmin.validation` words.
 */

export const PROJECT_CATEGORIES = ["decoration", "cosplay", "filmProps", "functional"] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

export const TITLE_MAX = 120;
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 5_000;
export const LIST_MAX = 20;
export const PROJECT_GALLERY_MAX = 12;
/** The owner chooses up to this many projects for the home page. */
export const FEATURED_MAX = 3;
/** The sample projects' drawn pictures. */
export const SAMPLE_PICTURE_DIR = "/images/portfolio";

export type ProjectValidationKey =
  | "required"
  | "tooLong"
  | "slugFormat"
  | "slugTaken"
  | "categoryInvalid"
  | "tooManyEntries"
  | "entryTooLong"
  | "pictureRequired"
  | "pictureInvalid"
  | "tooManyPictures"
  | "invalid";

/** The words of a project in one language, as stored. */
export type ProjectText = {
  title: string;
  description: string;
  client?: string;
  duration?: string;
  materials: string[];
  process: string[];
  challenge?: string;
  solution?: string;
};
/** French may be missing, in part or in full, while the owner writes it. */
export type ProjectTranslations = { en: ProjectText; fr: Partial<ProjectText> };
/** A picture: an uploaded one (/media/…) or a sample's drawing (/images/portfolio/…), with its words. */
export type ProjectPicture = { src: string; alt: { en: string; fr?: string }; caption?: { en?: string; fr?: string } };

/** A project as the admin sees it. */
export type AdminProject = {
  id: string;
  slug: string;
  category: ProjectCategory;
  translations: ProjectTranslations;
  image: ProjectPicture;
  gallery: ProjectPicture[];
  position: number;
  published: boolean;
  featured: boolean;
  version: number;
  updatedAt: string;
  /** The French fields it still needs to be shown in French (empty: shown in French). */
  frenchMissing: FrenchField[];
};

/** A picture as a page shows it, in the page's language. */
export type ShownPicture = { src: string; alt: string; caption?: string };

/** A project as a public page shows it, in the page's language; the long texts are HTML rendered on the server. */
export type PublicProject = {
  slug: string;
  category: ProjectCategory;
  title: string;
  descriptionHtml: string;
  /** The description as plain text, for the page's meta description. */
  descriptionText: string;
  image: ShownPicture;
  client?: string;
  duration?: string;
  materials: string[];
  process: string[];
  challengeHtml?: string;
  solutionHtml?: string;
  gallery: ShownPicture[];
};

/** What French needs before a project is shown in French. */
export const FRENCH_REQUIRED = ["title", "description"] as const;
export type FrenchField = (typeof FRENCH_REQUIRED)[number];

export function frenchMissing(translations: ProjectTranslations): FrenchField[] {
  return FRENCH_REQUIRED.filter((field) => !translations.fr[field]?.trim());
}

/** Whether a published project is listed in `locale`. */
export function shownIn(translations: ProjectTranslations, locale: Locale): boolean {
  return locale === "en" || frenchMissing(translations).length === 0;
}

/** The project's words in `locale` (French is complete when shown: English fills nothing in). */
export function projectText(translations: ProjectTranslations, locale: Locale): ProjectText {
  if (locale === "en") return translations.en;
  const fr = translations.fr;
  return {
    title: fr.title ?? "",
    description: fr.description ?? "",
    client: fr.client,
    duration: fr.duration,
    materials: fr.materials ?? [],
    process: fr.process ?? [],
    challenge: fr.challenge,
    solution: fr.solution,
  };
}

export function pictureIn(picture: ProjectPicture, locale: Locale): ShownPicture {
  const alt = locale === "fr" ? (picture.alt.fr ?? picture.alt.en) : picture.alt.en;
  const caption = locale === "fr" ? picture.caption?.fr : picture.caption?.en;
  return caption ? { src: picture.src, alt, caption } : { src: picture.src, alt };
}

/** A project's picture: an upload of the media pipeline or one of the sample drawings. */
export function isProjectPicture(src: string): boolean {
  return mediaId(src) !== null || new RegExp(`^${SAMPLE_PICTURE_DIR}/[a-z0-9-]+\\.svg$`).test(src);
}

// The form. Conform turns an empty field into undefined, hence the optional texts.
const required = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });
const optional = (max: number) =>
  z
    .string({ error: "invalid" })
    .trim()
    .max(max, { error: "tooLong" })
    .optional()
    .transform((value) => (value ? value : undefined));

/** A list typed one entry per line (materials, process steps). */
export const linesSchema = z
  .union([z.string(), z.array(z.string())], { error: "invalid" })
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : (value ?? "").split(/\r?\n/)).map((line) => line.trim()).filter(Boolean),
  )
  .pipe(z.array(z.string().max(SHORT_TEXT_MAX, { error: "entryTooLong" })).max(LIST_MAX, { error: "tooManyEntries" }));

const textFields = {
  client: optional(SHORT_TEXT_MAX),
  duration: optional(SHORT_TEXT_MAX),
  materials: linesSchema,
  process: linesSchema,
  challenge: optional(LONG_TEXT_MAX),
  solution: optional(LONG_TEXT_MAX),
};

export const englishTextSchema = z.object(
  { title: required(TITLE_MAX), description: required(LONG_TEXT_MAX), ...textFields },
  { error: "required" },
);
export const frenchTextSchema = z
  .object({ title: optional(TITLE_MAX), description: optional(LONG_TEXT_MAX), ...textFields }, { error: "invalid" })
  .optional()
  .transform((value): Partial<ProjectText> => value ?? { materials: [], process: [] });

export const pictureSchema = z.object(
  {
    src: z
      .string({ error: "pictureRequired" })
      .min(1, { error: "pictureRequired" })
      .max(300, { error: "pictureInvalid" })
      .refine(isProjectPicture, { error: "pictureInvalid" }),
    alt: z.object({ en: required(SHORT_TEXT_MAX), fr: optional(SHORT_TEXT_MAX) }, { error: "required" }),
    caption: z
      .object({ en: optional(SHORT_TEXT_MAX), fr: optional(SHORT_TEXT_MAX) }, { error: "invalid" })
      .optional()
      .transform((caption) => (caption?.en || caption?.fr ? caption : undefined)),
  },
  { error: "pictureRequired" },
);

/** The project form: its first picture is the main one, the others its gallery. */
export const projectFormSchema = z.object({
  version: recordIdSchema("invalid").optional(),
  slug: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(SLUG_MAX, { error: "tooLong" })
    .refine((slug) => slug === "" || SLUG_PATTERN.test(slug), { error: "slugFormat" }),
  category: z.enum(PROJECT_CATEGORIES, { error: "categoryInvalid" }),
  published: z.boolean({ error: "invalid" }).default(false),
  en: englishTextSchema,
  fr: frenchTextSchema,
  pictures: z
    .array(pictureSchema, { error: "pictureRequired" })
    .min(1, { error: "pictureRequired" })
    .max(PROJECT_GALLERY_MAX + 1, { error: "tooManyPictures" }),
});
export type ProjectForm = z.output<typeof projectFormSchema>;

/** The service's input: the form's fields, whatever sent them (the page, a script, the seed). */
export type ProjectInput = Omit<ProjectForm, "version">;

/** The list's one-click changes. */
export const PROJECT_LIST_INTENTS = ["up", "down", "publish", "unpublish", "feature", "unfeature", "delete"] as const;
export type ProjectListIntent = (typeof PROJECT_LIST_INTENTS)[number];
export const projectListActionSchema = z.object({
  intent: z.enum(PROJECT_LIST_INTENTS, { error: "invalid" }),
  id: z.string({ error: "invalid" }).min(1).max(100),
  confirmed: z.literal("yes").optional(),
});
