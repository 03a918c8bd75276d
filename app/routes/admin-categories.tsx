import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, redirect, useRevalidator, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-categories";
import { CategoryForm, type CategoryFormAnswer } from "~/features/admin/category-form";
import { callApi } from "~/lib/api-client";
import { AdminHeader, ConfirmDialog, Notice } from "~/features/admin/ui";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "~/i18n/messages.server";
import type { AdminCategory } from "~/lib/catalogue-types";
import { categorySchema } from "~/lib/inventory";
import { localeFromPath, localizePath } from "~/lib/locale";
import { translate } from "~/lib/translations";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { ApiError } from "../../server/http/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { createCategory, listCategories, updateCategory } from "../../server/inventory/categories.ts";

const NOTICES = ["created", "saved"] as const;

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, "admin", (m) => m.admin.categoriesPage.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const categories = await listCategories().catch((error: unknown) => (console.error(error), null));
  return { categories };
}

/** The category form (?edit=new or ?edit=<id>): the services behind /api/admin/categories. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: categorySchema });
  if (submission.status !== "success") return data<CategoryFormAnswer>({ result: submission.reply() }, 400);
  const id = form.get("id");
  try {
    if (typeof id === "string" && id) await updateCategory(id, submission.value, messagesFor(locale));
    else await createCategory(submission.value, messagesFor(locale));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fieldErrors = Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, message]) => [field, [message]]));
    return data<CategoryFormAnswer>({ result: submission.reply({ formErrors: error.fields ? [] : [error.message], fieldErrors }) }, error.status);
  }
  return redirect(localizePath(`/admin/categories?notice=${id ? "saved" : "created"}`, locale));
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const a = useMessages("admin").admin;
  const c = a.categoriesPage;
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const edit = searchParams.get("edit");
  const editing = edit === "new" ? "new" : (categories?.find((category) => category.id === edit) ?? null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const noticeKey = NOTICES.find((key) => key === searchParams.get("notice"));
  const [deleted, setDeleted] = useState<string>();
  const notice = deleted ?? (editing === null && noticeKey ? c[noticeKey] : undefined);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const result = await callApi(`/api/admin/categories/${deleting.id}`, { locale, method: "DELETE" });
    setBusy(false);
    if (!result.ok) {
      setDeleteError(result.status === 0 ? `${a.errors.deleteCategory}. ${a.errors.network}` : result.error?.message ?? a.errors.deleteCategory);
      return;
    }
    setDeleted(c.deleted(translate(deleting.translations, locale).name));
    setDeleting(null);
    void revalidator.revalidate();
  }

  return (
    <section>
      <AdminHeader title={c.title} intro={c.intro}>
        {editing === null && (
          <LocalizedLink to="/admin/categories?edit=new" className="btn btn-primary">
            {c.add}
          </LocalizedLink>
        )}
      </AdminHeader>

      {notice && <Notice kind="success">{notice}</Notice>}
      {categories === null && <Notice kind="error">{a.errors.fetchCategories}</Notice>}

      {editing !== null && (
        <CategoryForm key={editing === "new" ? "new" : editing.id} category={editing === "new" ? null : editing} answer={actionData} />
      )}

      {categories && categories.length === 0 && <p className="card">{c.none}</p>}
      {categories && categories.length > 0 && (
        <div className="overflow-x-auto rounded-2xl border border-border bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-border bg-surface-2">
              <tr>
                <th scope="col" className="px-3 py-2">{c.columns.name}</th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">{c.columns.slug}</th>
                <th scope="col" className="px-3 py-2 text-right">{c.columns.items}</th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{a.common.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {categories.map((category) => {
                const text = translate(category.translations, locale);
                return (
                  <tr key={category.id} className="border-b border-border last:border-0">
                    <th scope="row" className="px-3 py-2 font-semibold">
                      {text.name}
                      {text.description && <span className="block max-w-md text-xs font-normal text-muted">{text.description}</span>}
                    </th>
                    <td className="hidden px-3 py-2 sm:table-cell">{category.slug}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      {category.itemCount > 0 ? (
                        <LocalizedLink to={`/admin/inventory?category=${category.id}`} className="text-accent underline">
                          {c.itemCount(category.itemCount)}
                        </LocalizedLink>
                      ) : (
                        c.itemCount(0)
                      )}
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex justify-end gap-2">
                        <LocalizedLink
                          to={`/admin/categories?edit=${category.id}`}
                          className="btn btn-secondary px-3 py-1.5 text-sm"
                          aria-label={c.editCategory(text.name)}
                        >
                          {a.common.edit}
                        </LocalizedLink>
                        <button
                          type="button"
                          className="btn btn-secondary px-3 py-1.5 text-sm text-danger"
                          aria-label={c.deleteCategory(text.name)}
                          onClick={() => {
                            setDeleteError(undefined);
                            setDeleting(category);
                          }}
                        >
                          {a.common.delete}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDialog
        open={deleting !== null}
        message={
          deleting
            ? `${c.confirmDelete(translate(deleting.translations, locale).name)}${deleting.itemCount > 0 ? ` ${c.inUseHint(deleting.itemCount)}` : ""}`
            : ""
        }
        confirmLabel={a.common.delete}
        busy={busy}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
