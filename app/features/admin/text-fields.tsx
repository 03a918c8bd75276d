import { useEffect, useState } from "react";
import { useMessages } from "~/features/i18n/use-locale";
import { slugify } from "../../../domain/slug.ts";
import { TextArea, TextInput } from "./ui";

/** What a field of a Conform form gives a control: its name, its key (new on reset), what to show and its problems. */
export type FormField = { name: string; key?: string; initialValue?: unknown; errors?: string[] };

/** A field's first problem in the admin's language: a schema's key (browser) or the server's words. */
export function useFieldMessage() {
  const validation: Record<string, string> = useMessages("admin").admin.validation;
  return (field: FormField) => {
    const problem = field.errors?.[0];
    return problem === undefined ? undefined : (validation[problem] ?? problem);
  };
}

/** The props that tie an uncontrolled control to its field (its initial text comes back after a refused post). */
export function control(field: FormField) {
  return { name: field.name, defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined };
}

export type TranslationFieldset = {
  nameEn: FormField;
  descriptionEn: FormField;
  nameFr: FormField;
  descriptionFr: FormField;
};

/** English and French name and description, side by side on wide screens. */
export function TranslationFields({
  fields,
  onEnglishName,
}: {
  fields: TranslationFieldset;
  onEnglishName?: (name: string) => void;
}) {
  const m = useMessages("admin");
  const c = m.admin.common;
  const say = useFieldMessage();
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">{c.english}</legend>
        <TextInput
          key={fields.nameEn.key}
          {...control(fields.nameEn)}
          onChange={(event) => onEnglishName?.(event.target.value)}
          label={`${c.name} (${c.english})`}
          error={say(fields.nameEn)}
          required
          maxLength={120}
        />
        <TextArea
          key={fields.descriptionEn.key}
          {...control(fields.descriptionEn)}
          label={`${c.description} (${c.english})`}
          error={say(fields.descriptionEn)}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">
          {c.french} <span className="font-normal text-muted">({c.optional})</span>
        </legend>
        <TextInput
          key={fields.nameFr.key}
          {...control(fields.nameFr)}
          label={`${c.name} (${c.french})`}
          error={say(fields.nameFr)}
          hint={c.frenchFallback}
          maxLength={120}
          lang="fr"
        />
        <TextArea
          key={fields.descriptionFr.key}
          {...control(fields.descriptionFr)}
          label={`${c.description} (${c.french})`}
          error={say(fields.descriptionFr)}
          lang="fr"
        />
      </fieldset>
    </div>
  );
}

/**
 * The slug and its English name: a new entry's slug follows the name until the admin types one
 * (an empty slug is derived from the name by the server, so this only shows it early).
 */
export function useSlugFromName(field: FormField, englishName: FormField, isNew: boolean) {
  const [slug, setSlug] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const [name, setName] = useState(typeof englishName.initialValue === "string" ? englishName.initialValue : "");
  const [following, setFollowing] = useState(isNew);
  // What was typed before the page ran (the form works from the server's HTML) is taken up when it starts.
  useEffect(() => {
    const typedName = document.querySelector<HTMLInputElement>(`input[name="${englishName.name}"]`)?.value ?? "";
    const typedSlug = document.querySelector<HTMLInputElement>(`input[name="${field.name}"]`)?.value ?? "";
    if (typedSlug && typedSlug !== slug) {
      setFollowing(false);
      setSlug(typedSlug);
    } else if (typedName && typedName !== name && following) setSlug(slugify(typedName));
    if (typedName && typedName !== name) setName(typedName);
    // Once, when the page starts: later changes come through onEnglishName and onSlug.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return {
    slug,
    name,
    onEnglishName(next: string) {
      setName(next);
      if (following) setSlug(slugify(next));
    },
    onSlug(next: string) {
      setFollowing(false);
      setSlug(next);
    },
  };
}

/** The slug, its hint, and a suggestion from the English name while it is empty or differs. */
export function SlugField({
  field,
  value,
  onChange,
  englishName,
}: {
  field: FormField;
  value: string;
  onChange: (slug: string) => void;
  englishName: string;
}) {
  const m = useMessages("admin");
  const c = m.admin.common;
  const say = useFieldMessage();
  const suggestion = slugify(englishName);
  return (
    <div>
      <TextInput
        name={field.name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        label={c.slug}
        hint={c.slugHint}
        error={say(field)}
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
