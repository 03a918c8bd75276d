import { data, Form, redirect, useLocation, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-discounts";
import { AdminHeader, Badge, Notice, Select, TextInput } from "~/features/admin/ui";
import { DataTable } from "~/features/admin/data-table";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { useFormatters } from "~/features/orders/format";
import { PROMOTION_KINDS, type PromotionStatus } from "../../domain/discounts.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { parsePromotionForm, type PromotionForm } from "../../domain/promotion-form.ts";
import { translate } from "../../domain/translations.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { studioDateTime } from "../../server/admin/orders-csv.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { DomainError } from "../../server/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { listCategories } from "../../server/inventory/categories.ts";
import { createPromotion, listPromotions, setPromotionStatus, updatePromotion } from "../../server/promotions/admin.ts";

const NOTICES = ["saved", "paused", "resumed", "ended"] as const;
type NoticeKey = (typeof NOTICES)[number];

export const meta = (args: Route.MetaArgs) => pageTitle(args, "discountsAdmin", (m) => m.discountsAdmin.title);

/** A date as the studio's clock reads it, for a datetime-local field ("2026-12-06T23:59"). */
const studioField = (at: Date | null) => studioDateTime(at).replace(" ", "T");
const dollars = (cents: number | null) => (cents === null || cents === 0 ? "" : (cents / 100).toFixed(2));

export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const [promotions, categories] = await Promise.all([listPromotions(), listCategories()]);
  return {
    promotions: promotions.map((p) => ({
      id: p.id,
      name: p.name,
      code: p.code,
      kind: p.kind,
      percentBp: p.percentBp,
      amountCents: p.amountCents,
      status: p.status,
      maxUses: p.maxUses,
      uses: p.uses,
      paidOrders: p.paidOrders,
      salesCents: p.salesCents,
      discountCents: p.discountCents,
      form: {
        name: p.name,
        code: p.code ?? "",
        kind: p.kind,
        value: p.kind === "percent" ? String(p.percentBp / 100) : dollars(p.amountCents),
        categoryIds: p.categoryIds ?? [],
        items: p.itemSlugs.join(", "),
        includesCustomPrints: p.includesCustomPrints ? "on" : "",
        minSubtotal: dollars(p.minSubtotalCents),
        startsAt: studioField(p.startsAt),
        endsAt: studioField(p.endsAt),
        maxUses: p.maxUses === null ? "" : String(p.maxUses),
        maxUsesPerBuyer: p.maxUsesPerBuyer === null ? "" : String(p.maxUsesPerBuyer),
        firstOrderOnly: p.firstOrderOnly ? "on" : "",
        combinesWithCode: p.combinesWithCode ? "on" : "",
      } satisfies PromotionForm,
    })),
    categories: categories.map((c) => ({ id: c.id, name: translate(c.translations, locale).name })),
  };
}

type FormAnswer = { values: PromotionForm; errors: Record<string, string>; message: string };

/** Save a discount (new, or ?edit=<id>), or pause, resume or end one. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const words = messagesFor(locale).discountsAdmin;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const id = String(form.get("id") ?? "").slice(0, 100);
  const back = (notice: NoticeKey) => redirect(localizePath(`/admin/discounts?notice=${notice}`, locale));
  try {
    if (intent === "pause" || intent === "resume" || intent === "end") {
      const status: PromotionStatus = intent === "pause" ? "paused" : intent === "end" ? "ended" : "active";
      await setPromotionStatus(id, status);
      return back(intent === "pause" ? "paused" : intent === "end" ? "ended" : "resumed");
    }
    const values: PromotionForm = {};
    for (const key of new Set(form.keys()))
      values[key] = key === "categoryIds" ? form.getAll(key).map(String) : String(form.get(key));
    const parsed = parsePromotionForm(values);
    if (!parsed.ok) {
      const errors = Object.fromEntries(Object.entries(parsed.errors).map(([f, e]) => [f, words.errors[e]]));
      return data<FormAnswer>({ values, errors, message: words.fixErrors }, 400);
    }
    try {
      if (id) await updatePromotion(id, parsed.value);
      else await createPromotion(parsed.value);
    } catch (error) {
      if (error instanceof DomainError && error.code === "discount.invalid") {
        const errors = Object.fromEntries(
          Object.entries(error.fields ?? {}).map(([f, e]) => [f, words.errors[e as keyof typeof words.errors] ?? e]),
        );
        return data<FormAnswer>({ values, errors, message: words.fixErrors }, 400);
      }
      throw error;
    }
    return back("saved");
  } catch (error) {
    if (error instanceof DomainError && error.code === "discount.not_found")
      return data<FormAnswer>({ values: {}, errors: {}, message: words.notFound }, 404);
    throw error;
  }
}

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const { promotions, categories } = loaderData;
  const d = useMessages("discountsAdmin", "admin").discountsAdmin;
  const f = useFormatters();
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const editId = searchParams.get("edit");
  const editing = promotions.find((p) => p.id === editId) ?? null;
  const noticeKey = NOTICES.find((key) => key === searchParams.get("notice"));
  const answer = actionData as FormAnswer | undefined;
  const values: PromotionForm = answer?.values ?? editing?.form ?? { includesCustomPrints: "on", kind: "percent" };
  const errors = answer?.errors ?? {};
  const navigation = useNavigation();
  const location = useLocation();
  const value = (name: string) => {
    const v = values[name];
    return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
  };
  const percent = (bp: number) =>
    new Intl.NumberFormat(locale === "fr" ? "fr-CA" : "en-CA", { style: "percent", maximumFractionDigits: 2 }).format(
      bp / 10_000,
    );
  const gives = (p: (typeof promotions)[number]) =>
    p.kind === "percent"
      ? d.percentOff(percent(p.percentBp))
      : p.kind === "fixed"
        ? d.amountOff(f.money(p.amountCents ?? 0))
        : p.amountCents
          ? d.freeShippingUpTo(f.money(p.amountCents))
          : d.freeShipping;

  return (
    <section>
      <AdminHeader title={d.title} intro={d.intro}>
        <a href={localizePath("/admin/discounts.csv", locale)} className="btn btn-secondary" download>
          {d.downloadCsv}
        </a>
      </AdminHeader>
      {noticeKey && !answer && <Notice kind="success">{d[noticeKey]}</Notice>}
      {answer?.message && <Notice kind="error">{answer.message}</Notice>}

      <h2 className="mb-3 text-xl font-bold">{d.listHeading}</h2>
      <DataTable
        caption={d.listHeading}
        rows={promotions}
        rowKey={(p) => p.id}
        empty={d.empty}
        columns={[
          { id: "name", header: d.name, primary: true, cell: (p) => p.name },
          { id: "code", header: d.code, cell: (p) => p.code ?? d.automatic },
          { id: "gives", header: d.gives, cell: gives },
          {
            id: "status",
            header: d.status,
            cell: (p) => (
              <Badge tone={p.status === "active" ? "success" : p.status === "paused" ? "warning" : "neutral"}>
                {d.statuses[p.status]}
              </Badge>
            ),
          },
          { id: "uses", header: d.uses, numeric: true, cell: (p) => d.usesOf(p.uses, p.maxUses) },
          { id: "orders", header: d.orders, numeric: true, cell: (p) => p.paidOrders },
          { id: "sales", header: d.sales, numeric: true, cell: (p) => f.money(p.salesCents) },
          { id: "given", header: d.given, numeric: true, cell: (p) => f.money(p.discountCents) },
          {
            id: "actions",
            header: d.status,
            actions: true,
            cell: (p) => (
              <div className="flex flex-wrap justify-end gap-2">
                <LocalizedLink
                  to={`/admin/discounts?edit=${p.id}`}
                  className="btn btn-secondary px-3 py-1.5 text-sm"
                  aria-label={d.edit(p.name)}
                >
                  {d.editButton}
                </LocalizedLink>
                {p.status !== "ended" && (
                  <Form method="post" className="contents">
                    <input type="hidden" name="id" value={p.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={p.status === "active" ? "pause" : "resume"}
                      className="btn btn-secondary px-3 py-1.5 text-sm"
                      aria-label={p.status === "active" ? d.pause(p.name) : d.resume(p.name)}
                    >
                      {p.status === "active" ? d.pauseButton : d.resumeButton}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="end"
                      className="btn btn-secondary px-3 py-1.5 text-sm"
                      aria-label={d.end(p.name)}
                    >
                      {d.endButton}
                    </button>
                  </Form>
                )}
              </div>
            ),
          },
        ]}
      />

      <Form
        method="post"
        // A new form after each save (the address changes): its fields start from what was saved.
        key={`${editing?.id ?? "new"} ${location.key}`}
        className="card mt-8 space-y-4"
        aria-labelledby="discount-form-heading"
        noValidate
      >
        <h2 id="discount-form-heading" className="text-xl font-bold">
          {editing ? d.editHeading(editing.name) : d.addHeading}
        </h2>
        {editing && <input type="hidden" name="id" value={editing.id} />}
        <TextInput label={d.nameField} name="name" defaultValue={value("name")} maxLength={100} error={errors.name} />
        <TextInput
          label={d.codeField}
          name="code"
          defaultValue={value("code")}
          maxLength={32}
          autoComplete="off"
          error={errors.code}
        />
        <Select label={d.kindField} name="kind" defaultValue={value("kind")} error={errors.kind}>
          {PROMOTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {d.kinds[kind]}
            </option>
          ))}
        </Select>
        <TextInput
          label={d.valueField}
          name="value"
          defaultValue={value("value")}
          inputMode="decimal"
          maxLength={20}
          error={errors.value}
        />
        <fieldset className="space-y-2">
          <legend className="font-semibold">{d.appliesHeading}</legend>
          {categories.length > 0 && (
            <fieldset className="space-y-1" aria-describedby={errors.categoryIds ? "categories-error" : undefined}>
              <legend className="text-sm">{d.categoriesField}</legend>
              {categories.map((category) => (
                <label key={category.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="categoryIds"
                    value={category.id}
                    defaultChecked={(values.categoryIds ?? []).includes(category.id)}
                  />
                  {category.name}
                </label>
              ))}
              {errors.categoryIds && (
                <p id="categories-error" className="text-sm font-medium text-danger">
                  {errors.categoryIds}
                </p>
              )}
            </fieldset>
          )}
          <TextInput
            label={d.itemsField}
            name="items"
            defaultValue={value("items")}
            maxLength={2000}
            error={errors.items}
          />
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="includesCustomPrints"
              defaultChecked={value("includesCustomPrints") === "on"}
            />
            {d.customPrintsField}
          </label>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="font-semibold">{d.conditionsHeading}</legend>
          <TextInput
            label={d.minSubtotalField}
            name="minSubtotal"
            defaultValue={value("minSubtotal")}
            inputMode="decimal"
            maxLength={20}
            error={errors.minSubtotal}
          />
          <TextInput
            label={d.startsField}
            name="startsAt"
            type="datetime-local"
            defaultValue={value("startsAt")}
            error={errors.startsAt}
          />
          <TextInput
            label={d.endsField}
            name="endsAt"
            type="datetime-local"
            defaultValue={value("endsAt")}
            error={errors.endsAt}
          />
          <TextInput
            label={d.maxUsesField}
            name="maxUses"
            inputMode="numeric"
            defaultValue={value("maxUses")}
            maxLength={7}
            error={errors.maxUses}
          />
          <TextInput
            label={d.maxUsesPerBuyerField}
            name="maxUsesPerBuyer"
            inputMode="numeric"
            defaultValue={value("maxUsesPerBuyer")}
            maxLength={7}
            error={errors.maxUsesPerBuyer}
          />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="firstOrderOnly" defaultChecked={value("firstOrderOnly") === "on"} />
            {d.firstOrderField}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="combinesWithCode" defaultChecked={value("combinesWithCode") === "on"} />
            {d.combinesField}
          </label>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className="btn btn-primary">
            {navigation.state === "submitting" ? "…" : d.save}
          </button>
          {editing && (
            <LocalizedLink to="/admin/discounts" className="btn btn-secondary">
              {d.cancelEdit}
            </LocalizedLink>
          )}
        </div>
      </Form>
    </section>
  );
}
