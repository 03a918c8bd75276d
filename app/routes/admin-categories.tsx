import { useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/admin-categories";
import { CategoryForm } from "~/features/admin/category-form";
import { adminRequest } from "~/features/admin/request";
import { AdminHeader, ConfirmDialog, Notice } from "~/features/admin/ui";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { translate } from "~/lib/translations";
import { requirePageAdmin } from "../../server/auth/session.ts";
import type { AdminCategory } from "~/lib/catalogue-types";
import { listCategories } from "../../server/inventory/categories.ts";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, "admin", (m) => m.admin.categoriesPage.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const categories = await listCategories().catch((error: unknown) => (console.error(error), null));
  return { categories };
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const a = useMessages("admin").admin;
  const c = a.categoriesPage;
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AdminCategory | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const result = await adminRequest(`/api/admin/categories/${deleting.id}`, locale, { method: "DELETE" });
    setBusy(false);
    if (!result.ok) {
      setDeleteError(result.status === 0 ? `${a.errors.deleteCategory}. ${a.errors.network}` : result.message ?? a.errors.deleteCategory);
      return;
    }
    setNotice(c.deleted(translate(deleting.translations, locale).name));
    setDeleting(null);
    void revalidator.revalidate();
  }

  return (
    <section>
      <AdminHeader title={c.title} intro={c.intro}>
        {editing === null && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice(undefined);
              setEditing("new");
            }}
          >
            {c.add}
          </button>
        )}
      </AdminHeader>

      {notice && <Notice kind="success">{notice}</Notice>}
      {categories === null && <Notice kind="error">{a.errors.fetchCategories}</Notice>}

      {editing !== null && (
        <CategoryForm
          key={editing === "new" ? "new" : editing.id}
          category={editing === "new" ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setNotice(editing === "new" ? c.created : c.saved);
            setEditing(null);
            void revalidator.revalidate();
          }}
        />
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
                        <button
                          type="button"
                          className="btn btn-secondary px-3 py-1.5 text-sm"
                          aria-label={c.editCategory(text.name)}
                          onClick={() => {
                            setNotice(undefined);
                            setEditing(category);
                          }}
                        >
                          {a.common.edit}
                        </button>
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
