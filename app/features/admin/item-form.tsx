import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useFetcher } from "react-router";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useLocalizedPath, useMessages } from "~/features/i18n/use-locale";
import type { AdminCategory, AdminItem } from "../../../domain/catalogue-types.ts";
import { centsToDollarText, itemFormSchema } from "../../../domain/inventory.ts";
import { translate } from "../../../domain/translations.ts";
import { PictureManager } from "./picture-manager";
import { control, SlugField, TranslationFields, useFieldMessage, useSlugFromName } from "./text-fields";
import { Notice, Select, TextInput } from "./ui";

/** The item page's action answer: Conform's report, whether it was saved, and whether the item changed meanwhile. */
export type ItemFormAnswer = { result: SubmissionResult<string[]>; saved?: boolean; stale?: boolean };

/**
 * Creates an item, or edits one with the version it was loaded at: a form posted to the page's
 * action (through a fetcher when JavaScript runs), checked with the same schema on both sides.
 * Pictures are uploaded by JavaScript; the form carries their addresses.
 */
export function ItemForm({
  item,
  categories,
  answer: posted,
}: {
  item: AdminItem | null;
  categories: AdminCategory[];
  answer?: ItemFormAnswer;
}) {
  const a = useMessages("admin").admin;
  const locale = useLocale();
  const localize = useLocalizedPath();
  const say = useFieldMessage();
  const fetcher = useFetcher<ItemFormAnswer>();
  const answer = fetcher.data ?? posted;
  const [form, fields] = useForm({
    lastResult: answer?.result,
    defaultValue: item
      ? {
          translations: { en: item.translations.en, fr: item.translations.fr ?? {} },
          categoryId: item.categoryId,
          price: centsToDollarText(item.priceCents),
          stock: String(item.stock),
          weightGrams: item.weightGrams > 0 ? String(item.weightGrams) : undefined,
          lengthMm: item.lengthMm?.toString(),
          widthMm: item.widthMm?.toString(),
          heightMm: item.heightMm?.toString(),
          isVisible: item.isVisible ? "on" : undefined,
          slug: item.slug,
          images: item.images,
        }
      : { stock: "0", isVisible: "on" },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: itemFormSchema }),
  });
  const translations = fields.translations.getFieldset();
  const en = translations.en.getFieldset();
  const fr = translations.fr.getFieldset();
  const slug = useSlugFromName(fields.slug, en.name, !item);
  const images = fields.images.getFieldset();
  // The pictures shown: the item's, or those of a refused post. Uploads change them; the form posts them.
  const [pictures, setPictures] = useState<string[]>(() =>
    [
      images.main.initialValue,
      ...(Array.isArray(images.gallery.initialValue) ? images.gallery.initialValue : []),
    ].filter((src): src is string => typeof src === "string" && src !== ""),
  );
  const [uploading, setUploading] = useState(false);
  const [waitForUploads, setWaitForUploads] = useState(false);

  const failureTitle = item ? a.errors.updateItem : a.errors.addItem;
  const hasFieldErrors = Object.entries(form.allErrors).some(
    ([name, errors]) => name !== form.name && errors.length > 0,
  );
  const failure = waitForUploads
    ? a.pictures.wait
    : (form.errors?.[0] ?? (hasFieldErrors ? a.errors.checkFields : undefined));
  const pictureError = say(images.main) ?? say(images.gallery) ?? say(fields.images);
  const formProps = getFormProps(form);
  const saving = fetcher.state !== "idle";

  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        setWaitForUploads(uploading);
        if (uploading) event.preventDefault();
        else formProps.onSubmit(event);
      }}
    >
      <div className="min-w-0 space-y-8">
        <div aria-live="polite">
          {failure && (
            <Notice kind="error" title={failureTitle}>
              <p>{failure}</p>
              {answer?.stale && !waitForUploads && (
                <button type="button" className="btn btn-secondary mt-3" onClick={() => window.location.reload()}>
                  {a.common.reload}
                </button>
              )}
            </Notice>
          )}
          {answer?.saved && !failure && <Notice kind="success">{a.items.saved}</Notice>}
        </div>
        {item && (
          <>
            {/* What this form was loaded at: a save over someone else's change is refused. */}
            <input type="hidden" name={fields.version.name} value={item.version} />
            <input type="hidden" name={fields.stockSeen.name} value={item.stock} />
          </>
        )}
        {pictures.map((src, index) => (
          <input
            key={`${index}-${src}`}
            type="hidden"
            name={index === 0 ? images.main.name : `${images.gallery.name}[${index - 1}]`}
            value={src}
          />
        ))}

        <section className="card space-y-4" aria-labelledby="texts-heading">
          <h2 id="texts-heading" className="text-lg font-bold">
            {a.items.textsLegend}
          </h2>
          <TranslationFields
            fields={{ nameEn: en.name, descriptionEn: en.description, nameFr: fr.name, descriptionFr: fr.description }}
            onEnglishName={slug.onEnglishName}
          />
          <SlugField field={fields.slug} value={slug.slug} onChange={slug.onSlug} englishName={slug.name} />
        </section>

        <section className="card space-y-4" aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-lg font-bold">
            {a.items.detailsLegend}
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <Select
              key={fields.categoryId.key}
              {...control(fields.categoryId)}
              label={a.items.category}
              error={say(fields.categoryId)}
              hint={categories.length === 0 ? a.items.noCategories : undefined}
              required
            >
              <option value="">{a.items.chooseCategory}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {translate(category.translations, locale).name}
                </option>
              ))}
            </Select>
            <TextInput
              key={fields.price.key}
              {...control(fields.price)}
              label={a.items.price}
              error={say(fields.price)}
              hint={a.items.priceHint}
              inputMode="decimal"
              autoComplete="off"
              required
            />
            <TextInput
              key={fields.stock.key}
              {...control(fields.stock)}
              label={a.items.stock}
              error={say(fields.stock)}
              hint={item && item.held > 0 ? a.items.stockHint(item.held, item.available) : undefined}
              inputMode="numeric"
              autoComplete="off"
              required
            />
            <TextInput
              key={fields.weightGrams.key}
              {...control(fields.weightGrams)}
              label={a.items.weight}
              hint={a.items.weightHint}
              error={say(fields.weightGrams)}
              inputMode="numeric"
              autoComplete="off"
            />
          </div>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 font-medium">{a.items.packedSize}</legend>
            {(["lengthMm", "widthMm", "heightMm"] as const).map((side) => (
              <TextInput
                key={fields[side].key}
                {...control(fields[side])}
                label={a.items.sides[side]}
                error={say(fields[side])}
                inputMode="numeric"
                autoComplete="off"
              />
            ))}
          </fieldset>
          <div className="flex items-start gap-3">
            <input
              key={fields.isVisible.key}
              id="item-visible"
              name={fields.isVisible.name}
              type="checkbox"
              className="mt-1 h-5 w-5 accent-[var(--accent)]"
              defaultChecked={fields.isVisible.initialValue === "on"}
              aria-describedby="item-visible-hint"
            />
            <div>
              <label htmlFor="item-visible" className="font-semibold">
                {a.items.isVisible}
              </label>
              <p id="item-visible-hint" className="text-sm text-muted">
                {a.items.isVisibleHint}
              </p>
            </div>
          </div>
        </section>

        <section className="card" aria-labelledby="pictures-heading">
          <h2 id="pictures-heading" className="mb-2 text-lg font-bold">
            {a.items.picturesLegend}
          </h2>
          <PictureManager
            pictures={pictures}
            setPictures={setPictures}
            onBusyChange={setUploading}
            error={pictureError}
          />
        </section>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? a.common.saving : a.common.save}
          </button>
          <LocalizedLink to="/admin/inventory" className="btn btn-secondary">
            {a.common.back}
          </LocalizedLink>
          {item && item.isVisible && (
            <a href={localize(`/store/${item.slug}`)} className="font-semibold text-accent underline">
              {a.items.viewInStore}
            </a>
          )}
        </div>
      </div>
    </fetcher.Form>
  );
}
