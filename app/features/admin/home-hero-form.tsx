import { Form } from "react-router";
import { HOME_LIMITS, type HomeHero, type PublicHomeHero } from "../../../domain/home-content.ts";
import { useMessages } from "../i18n/use-locale";
import { HeroText } from "../marketing/home-blocks";
import { BilingualColumns, PreviewAndSave } from "./content-form";
import { Notice, TextArea, TextInput } from "./ui";

export type HeroValues = Record<
  "eyebrowEn" | "eyebrowFr" | "titleEn" | "titleFr" | "subtitleEn" | "subtitleFr" | "imageAltEn" | "imageAltFr",
  string
>;
export type HeroPreview = { en: PublicHomeHero; fr: PublicHomeHero };

/** The hero's fields, each in English and in French (`${name}En`, `${name}Fr`), all required. */
const HERO_FIELDS = [
  { name: "eyebrow", label: "eyebrow", maxLength: HOME_LIMITS.eyebrow },
  { name: "title", label: "heroTitle", maxLength: HOME_LIMITS.heroTitle },
  { name: "subtitle", label: "subtitle", maxLength: HOME_LIMITS.subtitle, hint: "subtitleHint", rows: 3 },
  { name: "imageAlt", label: "imageAlt", maxLength: HOME_LIMITS.imageAlt, hint: "imageAltHint" },
] as const;

/**
 * Admin → Home page: the hero's words in both languages, previewed as the home page would show
 * them before they are saved. `version` refuses a save over another admin's change.
 */
export function HomeHeroForm({
  hero,
  answer,
  busy,
}: {
  hero: HomeHero;
  /** The action's answer to this form, if it was the one sent. */
  answer?: {
    ok: boolean;
    message: string;
    errors: Record<string, string>;
    heroValues?: HeroValues;
    heroPreview?: HeroPreview;
    loadedVersion?: number;
  };
  busy: boolean;
}) {
  const m = useMessages("homeAdmin").homeAdmin;
  const errors = answer?.errors ?? {};
  const values: HeroValues = answer?.heroValues ?? {
    eyebrowEn: hero.eyebrow.en,
    eyebrowFr: hero.eyebrow.fr,
    titleEn: hero.title.en,
    titleFr: hero.title.fr,
    subtitleEn: hero.subtitle.en,
    subtitleFr: hero.subtitle.fr,
    imageAltEn: hero.imageAlt.en,
    imageAltFr: hero.imageAlt.fr,
  };
  const column = (lang: "En" | "Fr") =>
    HERO_FIELDS.map((field) => {
      const name = `${field.name}${lang}` as const;
      const shared = {
        label: m[`${field.label}${lang}`],
        name,
        defaultValue: values[name],
        maxLength: field.maxLength,
        required: true,
        hint: "hint" in field ? m[field.hint] : undefined,
        error: errors[name],
      };
      return "rows" in field ? (
        <TextArea key={name} rows={field.rows} {...shared} />
      ) : (
        <TextInput key={name} {...shared} />
      );
    });
  const preview = answer?.heroPreview;

  return (
    <Form method="post" className="card space-y-4" aria-labelledby="home-hero-heading">
      <h2 id="home-hero-heading" className="text-xl font-bold">
        {m.heroHeading}
      </h2>
      <p className="text-sm text-muted">{m.heroIntro}</p>
      {answer?.message && <Notice kind={answer.ok ? "success" : "error"}>{answer.message}</Notice>}
      <input type="hidden" name="version" value={answer?.loadedVersion ?? hero.version} />
      <BilingualColumns en={column("En")} fr={column("Fr")} />
      <PreviewAndSave
        busy={busy}
        preview={{ intent: "hero-preview", label: m.preview }}
        save={{ intent: "hero-save", label: m.saveHero }}
      />
      {preview && (
        <section aria-labelledby="home-hero-preview-heading" className="space-y-3 border-t border-border pt-4">
          <h3 id="home-hero-preview-heading" className="text-lg font-semibold">
            {m.heroPreviewHeading}
          </h3>
          {(["en", "fr"] as const).map((lang) => (
            <div key={lang} className="space-y-2">
              <p className="text-sm font-semibold">{lang === "en" ? m.previewEnglish : m.previewFrench}</p>
              <div lang={lang} className="grid items-center gap-6 rounded-2xl border border-border p-4 md:grid-cols-2">
                <div className="min-w-0">
                  <HeroText hero={preview[lang]} />
                </div>
                <img
                  src="/images/hero.svg"
                  alt={preview[lang].imageAlt}
                  width={800}
                  height={640}
                  className="h-auto w-full rounded-3xl border border-border"
                />
              </div>
            </div>
          ))}
        </section>
      )}
    </Form>
  );
}
