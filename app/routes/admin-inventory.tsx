import { useState } from "react";
import { Form, useFetcher, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/admin-inventory";
import { thumbnail } from "~/features/admin/picture-manager";
import {
  AdminHeader,
  AnswerNotice,
  Badge,
  ConfirmDialog,
  ConfirmedButton,
  Notice,
  Select,
  TextInput,
} from "~/features/admin/ui";
import { DataTable } from "~/features/admin/data-table";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { useRootData } from "~/root";
import { LOW_STOCK } from "../../domain/inventory.ts";
import { formatMoney } from "../../domain/money.ts";
import { translate } from "../../domain/translations.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import type { AdminAnswer } from "../../domain/admin-answer.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { adminAnswer, askFirst, formText } from "../../server/admin/answer.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { DomainError } from "../../server/errors.ts";
import { ApiError } from "../../server/http/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import type { AdminCategory, AdminItem } from "../../domain/catalogue-types.ts";
import { listCategories } from "../../server/inventory/categories.ts";
import {
  deleteItem,
  getItem,
  ITEM_SORTS,
  listItems,
  type ItemFilter,
  type ItemSort,
} from "../../server/inventory/items.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "admin", (m) => m.admin.items.title);

export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const params = url.searchParams;
  const sort = params.get("sort") as ItemSort;
  const visibility = params.get("visibility");
  const filter: ItemFilter = {
    q: params.get("q") ?? "",
    categoryId: params.get("category") ?? "",
    visibility: visibility === "visible" || visibility === "hidden" ? visibility : "all",
    lowStock: params.get("lowStock") === "1",
    sort: ITEM_SORTS.includes(sort) ? sort : "newest",
  };
  const [items, categories] = await Promise.all([
    listItems(filter).catch((error: unknown) => (console.error(error), null)),
    listCategories().catch((error: unknown) => (console.error(error), null)),
  ]);
  return { filter, items, categories };
}

/** Deleting an item (the service behind DELETE /api/admin/items/:id): a plain form, or the dialog's fetcher. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale);
  const form = await request.formData();
  const id = formText(form, "id");
  const item = formText(form, "intent") === "delete" ? await getItem(id) : null;
  const ask =
    item &&
    askFirst(form, m.admin.items.confirmDelete(translate(item.translations, locale).name), { intent: "delete", id });
  if (ask) return ask;
  return adminAnswer(formText(form, "intent"), id, locale, async () => {
    if (formText(form, "intent") !== "delete") throw new ApiError(400, m.admin.errors.deleteItem);
    const item = await getItem(id);
    if (!item) throw new DomainError("item.not_found");
    await deleteItem(id);
    return m.admin.items.deleted(translate(item.translations, locale).name);
  });
}

export default function AdminInventory({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, items, categories } = loaderData;
  const m = useMessages("admin");
  const a = m.admin;
  const locale = useLocale();
  const { currency } = useRootData();
  const submit = useSubmit();
  const location = useLocation();
  const fetcher = useFetcher<AdminAnswer>();
  const [deleting, setDeleting] = useState<AdminItem | null>(null);
  // A refusal is shown in the dialog; a plain form's answer (without JavaScript) on the page.
  const answer = fetcher.data?.ok ? fetcher.data : actionData;
  // The item form sends the admin here after adding an item (Post/Redirect/Get).
  const created = new URLSearchParams(location.search).get("notice") === "created" ? a.items.created : undefined;

  const categoryName = new Map(
    (categories ?? []).map((c: AdminCategory) => [c.id, translate(c.translations, locale).name]),
  );
  const filtered = Boolean(filter.q || filter.categoryId || filter.visibility !== "all" || filter.lowStock);

  return (
    <section>
      <AdminHeader title={a.items.title} intro={a.items.intro}>
        <LocalizedLink to="/admin/inventory/new" className="btn btn-primary">
          {a.items.add}
        </LocalizedLink>
      </AdminHeader>

      <AnswerNotice answer={answer} fallback={created} />
      {items === null && <Notice kind="error">{a.errors.fetchItems}</Notice>}
      {categories === null && <Notice kind="error">{a.errors.fetchCategories}</Notice>}

      <Form
        method="get"
        role="search"
        className="card mb-6 grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-5"
        onChange={(event) => {
          const target = event.target as unknown as HTMLInputElement;
          if (target.tagName === "SELECT" || target.type === "checkbox") {
            submit(event.currentTarget, { replace: true });
          }
        }}
      >
        <div className="sm:col-span-2">
          <TextInput label={a.items.searchLabel} type="search" name="q" defaultValue={filter.q} />
        </div>
        <Select label={a.items.categoryFilter} name="category" defaultValue={filter.categoryId}>
          <option value="">{a.items.allCategories}</option>
          {(categories ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {translate(category.translations, locale).name}
            </option>
          ))}
        </Select>
        <Select label={a.items.visibilityFilter} name="visibility" defaultValue={filter.visibility}>
          <option value="all">{a.items.allItems}</option>
          <option value="visible">{a.items.visibleOnly}</option>
          <option value="hidden">{a.items.hiddenOnly}</option>
        </Select>
        <Select label={a.items.sortLabel} name="sort" defaultValue={filter.sort}>
          {ITEM_SORT_OPTIONS.map((sort) => (
            <option key={sort} value={sort}>
              {a.items.sort[sort]}
            </option>
          ))}
        </Select>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-5">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="lowStock"
              value="1"
              defaultChecked={filter.lowStock}
              className="h-5 w-5 accent-[var(--accent)]"
            />
            {a.items.lowStockOnly}
          </label>
          <button type="submit" className="btn btn-secondary">
            {a.common.search}
          </button>
          {filtered && (
            <LocalizedLink to="/admin/inventory" className="font-semibold text-accent underline">
              {a.common.reset}
            </LocalizedLink>
          )}
        </div>
      </Form>

      {items && (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {a.items.count(items.length)}
          </p>
          <DataTable
            caption={a.items.title}
            rows={items}
            rowKey={(item) => item.id}
            empty={a.items.none}
            columns={[
              {
                id: "name",
                header: a.items.columns.name,
                primary: true,
                cell: (item) => (
                  <span className="flex items-center gap-3">
                    <img
                      src={thumbnail(item.images.main)}
                      alt=""
                      width={48}
                      height={48}
                      className="h-12 w-12 shrink-0 rounded-lg bg-surface-2 object-cover"
                      loading="lazy"
                    />
                    <span>
                      <LocalizedLink to={`/admin/inventory/${item.id}`} className="hover:underline">
                        {translate(item.translations, locale).name}
                      </LocalizedLink>
                      <span className="block text-xs font-normal text-muted">{item.slug}</span>
                    </span>
                  </span>
                ),
              },
              {
                id: "category",
                header: a.items.columns.category,
                cell: (item) => categoryName.get(item.categoryId) ?? "—",
              },
              {
                id: "price",
                header: a.items.columns.price,
                numeric: true,
                cell: (item) => (
                  <span className="whitespace-nowrap">{formatMoney(item.priceCents, currency, locale)}</span>
                ),
              },
              {
                id: "stock",
                header: a.items.columns.stock,
                numeric: true,
                cell: (item) => (
                  <span>
                    <span className={item.available < LOW_STOCK ? "font-bold text-warning" : ""}>{item.stock}</span>
                    {item.held > 0 && <span className="block text-xs text-muted">{a.items.heldCount(item.held)}</span>}
                  </span>
                ),
              },
              {
                id: "status",
                header: a.items.columns.status,
                cell: (item) => (
                  <span className="flex flex-wrap gap-1">
                    {item.isVisible ? <Badge tone="success">{a.items.visible}</Badge> : <Badge>{a.items.hidden}</Badge>}
                    {item.available === 0 ? (
                      <Badge tone="danger">{a.items.outOfStock}</Badge>
                    ) : item.available < LOW_STOCK ? (
                      <Badge tone="warning">{a.items.lowStock}</Badge>
                    ) : null}
                  </span>
                ),
              },
              {
                id: "actions",
                header: a.common.actions,
                actions: true,
                cell: (item) => {
                  const name = translate(item.translations, locale).name;
                  return (
                    <div className="flex justify-end gap-2">
                      <LocalizedLink
                        to={`/admin/inventory/${item.id}`}
                        className="btn btn-secondary px-3 py-1.5 text-sm"
                        aria-label={a.items.editItem(name)}
                      >
                        {a.common.edit}
                      </LocalizedLink>
                      <ConfirmedButton
                        label={a.items.deleteItem(name)}
                        fields={{ intent: "delete", id: item.id }}
                        onClick={() => setDeleting(item)}
                      >
                        {a.common.delete}
                      </ConfirmedButton>
                    </div>
                  );
                },
              },
            ]}
          />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? a.items.confirmDelete(translate(deleting.translations, locale).name) : ""}
        confirmLabel={a.common.delete}
        fetcher={fetcher}
        fields={{ intent: "delete", id: deleting?.id ?? "" }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

const ITEM_SORT_OPTIONS = [
  "newest",
  "oldest",
  "name",
  "priceAsc",
  "priceDesc",
  "stockAsc",
  "updated",
] as const satisfies readonly ItemSort[];
