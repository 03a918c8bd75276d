import { useMessages } from "~/features/i18n/use-locale";
import { slugify } from "~/lib/inventory";
import { TextArea, TextInput } from "./ui";

export type TextsValue = { nameEn: string; descriptionEn: string; nameFr: string; descriptionFr: string };

export function emptyTexts(): TextsValue {
  return { nameEn: "", descriptionEn: "", nameFr: "", descriptionFr: "" };
}

export function textsFrom(translations: { en: { name: string; description: string }; fr?: { name?: string; description?: string } }): TextsValue {
  return {
    nameEn: translations.en.name,
    descriptionEn: translations.en.description,
    nameFr: translations.fr?.name ?? "",
    descriptionFr: translations.fr?.description ?? "",
  };
}

export function translationsOf(texts: TextsValue) {
  return {
    en: { name: texts.nameEn, description: texts.descriptionEn },
    fr: { name: texts.nameFr, description: texts.descriptionFr },
  };
}

/** English and French name and description, side by side on wide screens. */
export function TranslationFields({
  value,
  onChange,
  errors,
}: {
  value: TextsValue;
  onChange: (next: TextsValue) => void;
  errors: Record<string, string>;
}) {
  const m = useMessages("admin");
  const c = m.admin.common;
  const set = (key: keyof TextsValue) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">{c.english}</legend>
        <TextInput
          label={`${c.name} (${c.english})`}
          value={value.nameEn}
          onChange={set("nameEn")}
          error={errors["translations.en.name"] ?? errors.translations}
          required
          maxLength={120}
        />
        <TextArea
          label={`${c.description} (${c.english})`}
          value={value.descriptionEn}
          onChange={set("descriptionEn")}
          error={errors["translations.en.description"]}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">
          {c.french} <span className="font-normal text-muted">({c.optional})</span>
        </legend>
        <TextInput
          label={`${c.name} (${c.french})`}
          value={value.nameFr}
          onChange={set("nameFr")}
          error={errors["translations.fr.name"]}
          hint={c.frenchFallback}
          maxLength={120}
          lang="fr"
        />
        <TextArea
          label={`${c.description} (${c.french})`}
          value={value.descriptionFr}
          onChange={set("descriptionFr")}
          error={errors["translations.fr.description"]}
          lang="fr"
        />
      </fieldset>
    </div>
  );
}

/** The slug, its hint, and a suggestion from the English name while it is empty or differs. */
export function SlugField({
  value,
  onChange,
  englishName,
  error,
}: {
  value: string;
  onChange: (slug: string) => void;
  englishName: string;
  error?: string;
}) {
  const m = useMessages("admin");
  const c = m.admin.common;
  const suggestion = slugify(englishName);
  return (
    <div>
      <TextInput
        label={c.slug}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        hint={c.slugHint}
        error={error}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        maxLength={80}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder={suggestion || undefined}
      />
      {suggestion && suggestion !== value && (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>{c.slugSuggested(suggestion)}</span>
          <button type="button" className="font-semibold text-accent underline" onClick={() => onChange(suggestion)}>
            {c.useSuggestion}
          </button>
        </p>
      )}
    </div>
  );
}

/** Client-side check results (keys) and server answers (messages) as one map of messages. */
export function messagesOf(fields: Record<string, string>, validation: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, keyOrMessage] of Object.entries(fields)) out[field] = validation[keyOrMessage] ?? keyOrMessage;
  return out;
}
