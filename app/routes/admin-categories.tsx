import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, redirect, useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-categories";
import { CategoryForm, type CategoryFormAnswer } from "~/features/admin/category-form";
import { AdminHeader, AnswerNotice, ConfirmDialog, ConfirmedButton, Notice } from "~/features/admin/ui";
import { DataTable } from "~/features/admin/data-table";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import type { AdminAnswer } from "../../domain/admin-answer.ts";
import type { AdminCategory } from "../../domain/catalogue-types.ts";
import { categorySchema } from "../../domain/inventory.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { translate } from "../../domain/translations.ts";
import { adminAnswer, askFirst, formText } from "../../server/admin/answer.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText, formErrorsOf } from "../../server/http/error-text.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { createCategory, deleteCategory, listCategories, updateCategory } from "../../server/inventory/categories.ts";

const NOTICES = ["created", "saved"] as const;

export const meta = (args: Route.MetaArgs) => pageTitle(args, "admin", (m) => m.admin.categoriesPage.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const categories = await listCategories().catch((error: unknown) => (console.error(error), null));
  return { categories };
}

/** The category form (?edit=new or ?edit=<id>) and deleting a category: the services behind /api/admin/categories. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const form = await request.formData();
  if (formText(form, "intent") === "delete") {
    const m = messagesFor(locale);
    const id = formText(form, "id");
    const found = (await listCategories()).find((c) => c.id === id);
    const c = m.admin.categoriesPage;
    const name = found && translate(found.translations, locale).name;
    const ask =
      found &&
      askFirst(form, `${c.confirmDelete(name!)}${found.itemCount > 0 ? ` ${c.inUseHint(found.itemCount)}` : ""}`, {
        intent: "delete",
        id,
      });
    if (ask) return ask;
    return adminAnswer("delete", id, locale, async () => {
      const category = (await listCategories()).find((c) => c.id === id);
      if (!category) throw new DomainError("category.not_found");
      await deleteCategory(id);
      return m.admin.categoriesPage.deleted(translate(category.translations, locale).name);
    });
  }
  const submission = parseWithZod(form, { schema: categorySchema });
  if (submission.status !== "success") return data<CategoryFormAnswer>({ result: submission.reply() }, 400);
  const id = form.get("id");
  try {
    if (typeof id === "string" && id) await updateCategory(id, submission.value);
    else await createCategory(submission.value);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<CategoryFormAnswer>({ result: submission.reply(formErrorsOf(errorText(error, locale))) }, error.status);
  }
  return redirect(localizePath(`/admin/categories?notice=${id ? "saved" : "created"}`, locale));
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const a = useMessages("admin").admin;
  const c = a.categoriesPage;
  const locale = useLocale();
  const fetcher = useFetcher<AdminAnswer>();
  const [searchParams] = useSearchParams();
  const edit = searchParams.get("edit");
  const editing = edit === "new" ? "new" : (categories?.find((category) => category.id === edit) ?? null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const noticeKey = NOTICES.find((key) => key === searchParams.get("notice"));
  const notice = editing === null && noticeKey ? c[noticeKey] : undefined;
  // A refusal is shown in the dialog; a plain form's answer (without JavaScript) on the page.
  const deleted = fetcher.data?.ok ? fetcher.data : actionData && "intent" in actionData ? actionData : undefined;

  return (
    <section>
      <AdminHeader title={c.title} intro={c.intro}>
        {editing === null && (
          <LocalizedLink to="/admin/categories?edit=new" className="btn btn-primary">
            {c.add}
          </LocalizedLink>
        )}
      </AdminHeader>

      <AnswerNotice answer={deleted} fallback={notice} />
      {categories === null && <Notice kind="error">{a.errors.fetchCategories}</Notice>}

      {editing !== null && (
        <CategoryForm
          key={editing === "new" ? "new" : editing.id}
          category={editing === "new" ? null : editing}
          answer={actionData && "result" in actionData ? actionData : undefined}
        />
      )}

      {categories && (
        <DataTable
          caption={c.title}
          rows={categories}
          rowKey={(category) => category.id}
          empty={c.none}
          columns={[
            {
              id: "name",
              header: c.columns.name,
              primary: true,
              cell: (category) => {
                const text = translate(category.translations, locale);
                return (
                  <span>
                    {text.name}
                    {text.description && (
                      <span className="block max-w-md text-xs font-normal text-muted">{text.description}</span>
                    )}
                  </span>
                );
              },
            },
            { id: "slug", header: c.columns.slug, cell: (category) => category.slug },
            {
              id: "items",
              header: c.columns.items,
              numeric: true,
              cell: (category) =>
                category.itemCount > 0 ? (
                  <LocalizedLink
                    to={`/admin/inventory?category=${category.id}`}
                    className="whitespace-nowrap text-accent underline"
                  >
                    {c.itemCount(category.itemCount)}
                  </LocalizedLink>
                ) : (
                  c.itemCount(0)
                ),
            },
            {
              id: "actions",
              header: a.common.actions,
              actions: true,
              cell: (category) => {
                const name = translate(category.translations, locale).name;
                return (
                  <div className="flex justify-end gap-2">
                    <LocalizedLink
                      to={`/admin/categories?edit=${category.id}`}
                      className="btn btn-secondary px-3 py-1.5 text-sm"
                      aria-label={c.editCategory(name)}
                    >
                      {a.common.edit}
                    </LocalizedLink>
                    <ConfirmedButton
                      label={c.deleteCategory(name)}
                      fields={{ intent: "delete", id: category.id }}
                      onClick={() => setDeleting(category)}
                    >
                      {a.common.delete}
                    </ConfirmedButton>
                  </div>
                );
              },
            },
          ]}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        message={
          deleting
            ? `${c.confirmDelete(translate(deleting.translations, locale).name)}${deleting.itemCount > 0 ? ` ${c.inUseHint(deleting.itemCount)}` : ""}`
            : ""
        }
        confirmLabel={a.common.delete}
        fetcher={fetcher}
        fields={{ intent: "delete", id: deleting?.id ?? "" }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
