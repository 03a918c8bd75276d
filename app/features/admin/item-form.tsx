import { useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useLocalizedPath, useMessages } from "~/features/i18n/use-locale";
import { centsToDollarText, check, newItemSchema, slugify, stockSchema } from "~/lib/inventory";
import { translate } from "~/lib/translations";
import type { AdminCategory, AdminItem } from "~/lib/catalogue-types";
import { PictureManager } from "./picture-manager";
import { adminRequest } from "./request";
import { emptyTexts, messagesOf, SlugField, textsFrom, translationsOf, TranslationFields, type TextsValue } from "./text-fields";
import { useHydrated } from "~/features/shell/use-hydrated";
import { focusFirstInvalid, Notice, Select, TextInput } from "./ui";

type Outcome = { kind: "error" | "success"; title?: string; text?: string; stale?: boolean };

/** Creates an item, or edits one through update-inventory with the version it was loaded at. */
export function ItemForm({ item, categories }: { item: AdminItem | null; categories: AdminCategory[] }) {
  const m = useMessages("admin");
  const a = m.admin;
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);

  const live = useHydrated();
  const [texts, setTexts] = useState<TextsValue>(item ? textsFrom(item.translations) : emptyTexts());
  const [categoryId, setCategoryId] = useState(item?.categoryId ?? "");
  const [price, setPrice] = useState(item ? centsToDollarText(item.priceCents) : "");
  const [stock, setStock] = useState(item ? String(item.stock) : "0");
  // The shelf count this form showed: stock is sent only when changed, guarded by this value.
  const [stockSeen, setStockSeen] = useState(item?.stock ?? 0);
  const [isVisible, setIsVisible] = useState(item?.isVisible ?? true);
  const [slug, setSlug] = useState(item?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(Boolean(item));
  const [pictures, setPictures] = useState<string[]>(item ? [item.images.main, ...item.images.gallery].filter(Boolean) : []);
  const [version, setVersion] = useState(item?.version ?? 1);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const failureTitle = item ? a.errors.updateItem : a.errors.addItem;

  function changeTexts(next: TextsValue) {
    setTexts(next);
    if (!slugTouched) setSlug(slugify(next.nameEn));
  }

  /** A name or price edit leaves the shelf count alone; a changed count says what it was changed from. */
  function stockChanged<P extends { stock: string }>(payload: P) {
    const { stock: typed, ...rest } = payload;
    return check(stockSchema, typed).ok && Number(typed.trim()) === stockSeen ? rest : { ...rest, stock: typed, stockSeen };
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (uploading) {
      setOutcome({ kind: "error", title: failureTitle, text: a.pictures.wait });
      return;
    }
    const payload = {
      translations: translationsOf(texts),
      categoryId,
      price,
      stock,
      images: { main: pictures[0] ?? "", gallery: pictures.slice(1) },
      isVisible,
      slug: slug.trim(),
    };
    const checked = check(newItemSchema, payload);
    if (!checked.ok) {
      setErrors(messagesOf(checked.fields, a.validation));
      setOutcome({ kind: "error", title: failureTitle, text: a.errors.checkFields });
      focusFirstInvalid(form.current);
      return;
    }
    setSaving(true);
    setOutcome(null);
    const result = item
      ? await adminRequest<{ item: AdminItem }>("/api/update-inventory", locale, {
          body: { itemId: item.id, version, updates: stockChanged(payload) },
        })
      : await adminRequest<{ item: AdminItem }>("/api/admin/items", locale, { body: payload });
    setSaving(false);
    if (result.ok) {
      setErrors({});
      if (!item) {
        navigate(localize("/admin/inventory"), { state: { notice: a.items.created } });
        return;
      }
      setVersion(result.data.item.version);
      setStockSeen(result.data.item.stock);
      setStock(String(result.data.item.stock));
      setSlug(result.data.item.slug);
      setOutcome({ kind: "success", text: a.items.saved });
      void revalidator.revalidate();
      return;
    }
    setErrors(result.fields ?? {});
    const text = result.status === 0 ? a.errors.network : result.fields ? a.errors.checkFields : result.message;
    setOutcome({ kind: "error", title: failureTitle, text, stale: result.status === 409 });
    if (result.fields) focusFirstInvalid(form.current);
  }

  const pictureError = errors["images.main"] ?? errors["images.gallery"] ?? errors.images;

  return (
    <form ref={form} onSubmit={submit} noValidate>
      {/* What is typed before the page runs would not reach the form's state: wait for it. */}
      <fieldset disabled={!live} className="min-w-0 space-y-8">
        <div aria-live="polite">
          {outcome?.kind === "error" && (
            <Notice kind="error" title={outcome.title}>
              {outcome.text && <p>{outcome.text}</p>}
              {outcome.stale && (
                <button type="button" className="btn btn-secondary mt-3" onClick={() => window.location.reload()}>
                  {a.common.reload}
                </button>
              )}
            </Notice>
          )}
          {outcome?.kind === "success" && <Notice kind="success">{outcome.text}</Notice>}
        </div>

        <section className="card space-y-4" aria-labelledby="texts-heading">
          <h2 id="texts-heading" className="text-lg font-bold">
            {a.items.textsLegend}
          </h2>
          <TranslationFields value={texts} onChange={changeTexts} errors={errors} />
          <SlugField
            value={slug}
            onChange={(next) => {
              setSlugTouched(true);
              setSlug(next);
            }}
            englishName={texts.nameEn}
            error={errors.slug}
          />
        </section>

        <section className="card space-y-4" aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-lg font-bold">
            {a.items.detailsLegend}
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <Select
              label={a.items.category}
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value)}
              error={errors.categoryId}
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
              label={a.items.price}
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              error={errors.price}
              hint={a.items.priceHint}
              inputMode="decimal"
              autoComplete="off"
              required
            />
            <TextInput
              label={a.items.stock}
              value={stock}
              onChange={(event) => setStock(event.target.value)}
              error={errors.stock}
              hint={item && item.held > 0 ? a.items.stockHint(item.held, item.available) : undefined}
              inputMode="numeric"
              autoComplete="off"
              required
            />
          </div>
          <div className="flex items-start gap-3">
            <input
              id="item-visible"
              type="checkbox"
              className="mt-1 h-5 w-5 accent-[var(--accent)]"
              checked={isVisible}
              onChange={(event) => setIsVisible(event.target.checked)}
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
          <PictureManager pictures={pictures} setPictures={setPictures} onBusyChange={setUploading} error={pictureError} />
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
      </fieldset>
    </form>
  );
}
