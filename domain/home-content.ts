import { z } from "zod";
import { deName } from "./french.ts";

/**
 * The home page's hero and its "What we do" / "Who we work with" cards, as the studio edits them in
 * Admin → Home page (issue 23). Plain text (never Markdown, never HTML) in English and French. A card
 * without its French title and text is left off the French page; the hero's French is required.
 * Problems are codes, worded by the `homeAdmin` catalogue.
 */
export const HOME_SECTIONS = ["services", "industries"] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** The icons drawn in app/features/marketing/icons.tsx that a card may show. */
export const HOME_ICONS = ["scan", "printer", "spool", "mask", "clapper", "lamp"] as const;
export type HomeIcon = (typeof HOME_ICONS)[number];

export const HOME_LIMITS = {
  cardTitle: 80,
  cardText: 300,
  eyebrow: 80,
  heroTitle: 120,
  subtitle: 400,
  imageAlt: 200,
  cardsPerSection: 12,
} as const;

/** In the hero's subtitle, the studio's city (Admin → Settings); in French "de {city}" elides before a vowel. */
export const CITY_PLACEHOLDER = "{city}";

export type HomeFieldError = "required" | "tooLong" | "invalid";

type Both = { en: string; fr: string };

export type HomeCard = {
  id: number;
  section: HomeSection;
  position: number;
  icon: HomeIcon;
  published: boolean;
  title: Both;
  text: Both;
  version: number;
};

export type HomeHero = { eyebrow: Both; title: Both; subtitle: Both; imageAlt: Both; version: number };

/** What a visitor reads: one language, French typography applied, `{city}` filled. */
export type PublicHomeCard = { id: number; icon: HomeIcon; title: string; text: string };
export type PublicHomeHero = { eyebrow: string; title: string; subtitle: string; imageAlt: string };

const requiredText = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });
const optionalText = (max: number) => z.string().trim().max(max, { error: "tooLong" }).optional().default("");

/** A card: English required, French may wait (the card then stays off the French page). */
export const homeCardSchema = z
  .object({
    icon: z.enum(HOME_ICONS, { error: "invalid" }),
    titleEn: requiredText(HOME_LIMITS.cardTitle),
    textEn: requiredText(HOME_LIMITS.cardText),
    titleFr: optionalText(HOME_LIMITS.cardTitle),
    textFr: optionalText(HOME_LIMITS.cardText),
    published: z.boolean().optional().default(false),
  })
  .transform((value) => ({
    icon: value.icon,
    title: { en: value.titleEn, fr: value.titleFr },
    text: { en: value.textEn, fr: value.textFr },
    published: value.published,
  }));
export type HomeCardValue = z.output<typeof homeCardSchema>;

export const homeSectionSchema = z.enum(HOME_SECTIONS, { error: "invalid" });

/** The hero: every text in both languages (the home page has no hero without one). */
export const homeHeroSchema = z
  .object({
    eyebrowEn: requiredText(HOME_LIMITS.eyebrow),
    eyebrowFr: requiredText(HOME_LIMITS.eyebrow),
    titleEn: requiredText(HOME_LIMITS.heroTitle),
    titleFr: requiredText(HOME_LIMITS.heroTitle),
    subtitleEn: requiredText(HOME_LIMITS.subtitle),
    subtitleFr: requiredText(HOME_LIMITS.subtitle),
    imageAltEn: requiredText(HOME_LIMITS.imageAlt),
    imageAltFr: requiredText(HOME_LIMITS.imageAlt),
  })
  .transform((v) => ({
    eyebrow: { en: v.eyebrowEn, fr: v.eyebrowFr },
    title: { en: v.titleEn, fr: v.titleFr },
    subtitle: { en: v.subtitleEn, fr: v.subtitleFr },
    imageAlt: { en: v.imageAltEn, fr: v.imageAltFr },
  }));
export type HomeHeroValue = z.output<typeof homeHeroSchema>;

export const HOME_CARD_FIELDS = ["icon", "titleEn", "textEn", "titleFr", "textFr"] as const;
export const HOME_HERO_FIELDS = [
  "eyebrowEn",
  "eyebrowFr",
  "titleEn",
  "titleFr",
  "subtitleEn",
  "subtitleFr",
  "imageAltEn",
  "imageAltFr",
] as const;

function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** A card form's fields as the schema's input (a check box absent is false). */
export function homeCardInput(form: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = Object.fromEntries(
    HOME_CARD_FIELDS.map((name) => [name, formText(form, name)]),
  );
  input.published = formText(form, "published") === "on";
  return input;
}

export function homeHeroInput(form: FormData): Record<string, unknown> {
  return Object.fromEntries(HOME_HERO_FIELDS.map((name) => [name, formText(form, name)]));
}

/** True when the card has both its French title and text. */
export function cardHasFrench(card: Pick<HomeCard, "title" | "text">): boolean {
  return card.title.fr.trim() !== "" && card.text.fr.trim() !== "";
}

/** The subtitle with the studio's city: "Montréal, QC" → "Montréal"; French "de {city}" → "d’Ottawa". */
export function fillCity(text: string, city: string, locale: "en" | "fr"): string {
  const name = city.split(",")[0]!.trim();
  const withDe = locale === "fr" ? text.replaceAll(`de ${CITY_PLACEHOLDER}`, deName(name)) : text;
  return withDe.replaceAll(CITY_PLACEHOLDER, name);
}

export function homeErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, HomeFieldError> {
  const errors: Record<string, HomeFieldError> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    const code = issue.message === "required" || issue.message === "tooLong" ? issue.message : "invalid";
    errors[key] ??= code;
  }
  return errors;
}
