import { useRef, useState } from "react";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { categorySchema, check, slugify } from "~/lib/inventory";
import type { AdminCategory } from "~/lib/catalogue-types";
import { adminRequest } from "./request";
import { emptyTexts, messagesOf, SlugField, textsFrom, translationsOf, TranslationFields, type TextsValue } from "./text-fields";
import { focusFirstInvalid, Notice } from "./ui";

/** Adds a category, or edits one: names and descriptions in both languages, and the slug. */
export function CategoryForm({
  category,
  onSaved,
  onCancel,
}: {
  category: AdminCategory | null;
  onSaved: (saved: AdminCategory) => void;
  onCancel: () => void;
}) {
  const a = useMessages("admin").admin;
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const [texts, setTexts] = useState<TextsValue>(category ? textsFrom(category.translations) : emptyTexts());
  const [slug, setSlug] = useState(category?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(Boolean(category));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const title = category ? a.errors.updateCategory : a.errors.addCategory;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const payload = { translations: translationsOf(texts), slug: slug.trim() };
    const checked = check(categorySchema, payload);
    if (!checked.ok) {
      setErrors(messagesOf(checked.fields, a.validation));
      setFailure(a.errors.checkFields);
      focusFirstInvalid(form.current);
      return;
    }
    setSaving(true);
    const result = category
      ? await adminRequest<{ category: AdminCategory }>(`/api/admin/categories/${category.id}`, locale, { method: "PUT", body: payload })
      : await adminRequest<{ category: AdminCategory }>("/api/admin/categories", locale, { body: payload });
    setSaving(false);
    if (result.ok) {
      onSaved(result.data.category);
      return;
    }
    setErrors(result.fields ?? {});
    setFailure(result.status === 0 ? a.errors.network : result.fields ? a.errors.checkFields : result.message);
    if (result.fields) focusFirstInvalid(form.current);
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="card mb-6 space-y-4" aria-labelledby="category-form-heading">
      <h2 id="category-form-heading" className="text-lg font-bold">
        {category ? a.categoriesPage.editTitle(textsFrom(category.translations).nameEn) : a.categoriesPage.newTitle}
      </h2>
      {failure && (
        <Notice kind="error" title={title}>
          <p>{failure}</p>
        </Notice>
      )}
      <TranslationFields
        value={texts}
        onChange={(next) => {
          setTexts(next);
          if (!slugTouched) setSlug(slugify(next.nameEn));
        }}
        errors={errors}
      />
      <SlugField
        value={slug}
        onChange={(next) => {
          setSlugTouched(true);
          setSlug(next);
        }}
        englishName={texts.nameEn}
        error={errors.slug}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? a.common.saving : a.common.save}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {a.common.cancel}
        </button>
      </div>
    </form>
  );
}
