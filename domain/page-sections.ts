import { z } from "zod";

/**
 * The studio's own words on /about and /services (issue 35), edited in Admin → About and
 * Admin → Services: each page is a list of sections in English and French. About has its story
 * (Markdown, any number of parts) and its team (a person's name, role, a few lines and a photo);
 * Services has its offers (a title, Markdown, an optional "from" price and picture). A section
 * without its French is left off the French page. Problems are codes, worded by `pagesAdmin`.
 */
export const SITE_PAGES = ["about", "services"] as const;
export type SitePage = (typeof SITE_PAGES)[number];

export const SECTION_KINDS = { about: ["story", "member"], services: ["offer"] } as const;
export type SectionKind = "story" | "member" | "offer";

export const SECTION_LIMITS = { title: 120, subtitle: 120, text: 6000, sections: 40, priceCents: 10_000_000 } as const;

export type SectionFieldError = "required" | "tooLong" | "invalidPrice" | "invalidPicture";

export type Bilingual = { en: string; fr: string };

export type PageSection = {
  id: number;
  page: SitePage;
  kind: SectionKind;
  position: number;
  published: boolean;
  title: Bilingual;
  subtitle: Bilingual;
  text: Bilingual;
  priceCents: number | null;
  picture: string | null;
  /** Seeded as sample content and not edited since. */
  sample: boolean;
  updatedAt: string;
};

/** A section as visitors read it, in one language. */
export type PublicSection = {
  id: number;
  kind: SectionKind;
  title: string;
  subtitle: string;
  textHtml: string;
  priceCents: number | null;
  picture: string | null;
};

/** An uploaded picture of the media pipeline, or one of the site's own drawings. */
export const SECTION_PICTURE = /^(\/media\/[0-9a-f-]{36}\/\d{2,4}\.(avif|webp)|\/images\/[a-z0-9/-]{1,80}\.svg)$/;

const requiredText = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });
const optionalText = (max: number) => z.string().trim().max(max, { error: "tooLong" }).optional().default("");

export const sectionSchema = z
  .object({
    kind: z.enum(["story", "member", "offer"], { error: "required" }),
    titleEn: requiredText(SECTION_LIMITS.title),
    titleFr: optionalText(SECTION_LIMITS.title),
    subtitleEn: optionalText(SECTION_LIMITS.subtitle),
    subtitleFr: optionalText(SECTION_LIMITS.subtitle),
    textEn: optionalText(SECTION_LIMITS.text),
    textFr: optionalText(SECTION_LIMITS.text),
    price: z
      .string()
      .trim()
      .max(12, { error: "invalidPrice" })
      .regex(/^(\d{1,6}([.,]\d{1,2})?)?$/, { error: "invalidPrice" })
      .optional()
      .default(""),
    picture: z
      .string()
      .trim()
      .max(200)
      .regex(SECTION_PICTURE, { error: "invalidPicture" })
      .or(z.literal(""))
      .default(""),
    published: z.boolean().optional().default(false),
  })
  .superRefine((value, context) => {
    // A story part and an offer need their text; a team member may be just a name and a role.
    if (value.kind !== "member" && value.textEn === "")
      context.addIssue({ code: "custom", path: ["textEn"], message: "required" });
  })
  .transform((value) => ({
    kind: value.kind,
    title: { en: value.titleEn, fr: value.titleFr },
    subtitle: { en: value.subtitleEn, fr: value.subtitleFr },
    text: { en: value.textEn, fr: value.textFr },
    priceCents: value.kind === "offer" && value.price ? Math.round(Number(value.price.replace(",", ".")) * 100) : null,
    picture: value.picture || null,
    published: value.published,
  }));
export type SectionValue = z.output<typeof sectionSchema>;

/** The form's fields as the schema's input (a check box absent is false). */
export function sectionInput(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    kind: text("kind"),
    titleEn: text("titleEn"),
    titleFr: text("titleFr"),
    subtitleEn: text("subtitleEn"),
    subtitleFr: text("subtitleFr"),
    textEn: text("textEn"),
    textFr: text("textFr"),
    price: text("price"),
    picture: text("picture"),
    published: text("published") === "on",
  };
}

/** True when the section reads in French: a member's name stays as it is, so only the words around it count. */
export function hasFrench(section: Pick<PageSection, "kind" | "title" | "subtitle" | "text">): boolean {
  const filled = (both: Bilingual) => both.en.trim() === "" || both.fr.trim() !== "";
  if (section.kind === "member") return filled(section.subtitle) && filled(section.text);
  return filled(section.title) && filled(section.subtitle) && filled(section.text);
}

export function sectionErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, SectionFieldError> {
  const errors: Record<string, SectionFieldError> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= (
      ["required", "tooLong", "invalidPrice", "invalidPicture"].includes(issue.message) ? issue.message : "required"
    ) as SectionFieldError;
  }
  return errors;
}
