import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import type { AdminCategory } from "../../../domain/catalogue-types.ts";
import { categorySchema } from "../../../domain/inventory.ts";
import { SlugField, TranslationFields, useSlugFromName } from "./text-fields";
import { Notice } from "./ui";

/** The categories page's action answer for its form (Conform's report of the submission). */
export type CategoryFormAnswer = { result: SubmissionResult<string[]> };

/**
 * Adds a category, or edits one: names and descriptions in both languages, and the slug. Posted to
 * the categories page's action, which sends the admin back to the list once saved.
 */
export function CategoryForm({ category, answer }: { category: AdminCategory | null; answer?: CategoryFormAnswer }) {
  const a = useMessages("admin").admin;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: answer?.result,
    defaultValue: category
      ? { translations: { en: category.translations.en, fr: category.translations.fr ?? {} }, slug: category.slug }
      : undefined,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categorySchema }),
  });
  const translations = fields.translations.getFieldset();
  const en = translations.en.getFieldset();
  const fr = translations.fr.getFieldset();
  const slug = useSlugFromName(fields.slug, en.name, !category);
  const hasFieldErrors = Object.entries(form.allErrors).some(
    ([name, errors]) => name !== form.name && errors.length > 0,
  );
  const failure = form.errors?.[0] ?? (hasFieldErrors ? a.errors.checkFields : undefined);
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <Form method="post" {...getFormProps(form)} className="card mb-6 space-y-4" aria-labelledby="category-form-heading">
      <h2 id="category-form-heading" className="text-lg font-bold">
        {category ? a.categoriesPage.editTitle(category.translations.en.name) : a.categoriesPage.newTitle}
      </h2>
      {failure && (
        <Notice kind="error" title={category ? a.errors.updateCategory : a.errors.addCategory}>
          <p>{failure}</p>
        </Notice>
      )}
      {category && <input type="hidden" name="id" value={category.id} />}
      <TranslationFields
        fields={{ nameEn: en.name, descriptionEn: en.description, nameFr: fr.name, descriptionFr: fr.description }}
        onEnglishName={slug.onEnglishName}
      />
      <SlugField field={fields.slug} value={slug.slug} onChange={slug.onSlug} englishName={slug.name} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={saving}>
          {saving ? a.common.saving : a.common.save}
        </button>
        <LocalizedLink to="/admin/categories" className="btn btn-secondary">
          {a.common.cancel}
        </LocalizedLink>
      </div>
    </Form>
  );
}
