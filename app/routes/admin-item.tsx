import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-item";
import { ItemForm, type ItemFormAnswer } from "~/features/admin/item-form";
import { ModelManager } from "~/features/admin/model-manager";
import { AdminHeader, Notice } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { centsToDollarText, itemFormSchema } from "../../domain/inventory.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { translate } from "../../domain/translations.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText, formErrorsOf } from "../../server/http/error-text.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { listCategories } from "../../server/inventory/categories.ts";
import { createItem, getItem, updateInventory } from "../../server/inventory/items.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "admin", (m) => m.admin.items.title);

/** /admin/inventory/new and /admin/inventory/:id: the item form. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const categories = await listCategories().catch((error: unknown) => (console.error(error), null));
  if (!params.id) return { item: null, categories };
  const item = await getItem(params.id);
  if (!item) throw data("Not found", { status: 404 });
  return { item, categories };
}

/** The item form: the services behind POST /api/admin/items and /api/update-inventory. */
export async function action({ request, params, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const submission = parseWithZod(await request.formData(), { schema: itemFormSchema });
  if (submission.status !== "success") return data<ItemFormAnswer>({ result: submission.reply() }, 400);
  const { version, stockSeen, ...fields } = submission.value;
  const input = { ...fields, price: centsToDollarText(fields.price) };
  try {
    if (!params.id) {
      await createItem(input);
      return redirect(localizePath("/admin/inventory?notice=created", locale));
    }
    // A name or price edit leaves the shelf count alone; a changed count says what it was changed from.
    const { stock, ...rest } = input;
    const updates = stockSeen === undefined || stock === stockSeen ? rest : { ...input, stockSeen };
    await updateInventory({ itemId: params.id, version, updates });
    return data<ItemFormAnswer>({ result: submission.reply(), saved: true });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const result = submission.reply(formErrorsOf(errorText(error, locale)));
    return data<ItemFormAnswer>({ result, stale: error.status === 409 }, error.status);
  }
}

export default function AdminItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item, categories } = loaderData;
  const a = useMessages("admin").admin;
  const locale = useLocale();
  return (
    <section>
      <AdminHeader title={item ? a.items.editTitle(translate(item.translations, locale).name) : a.items.newTitle} />
      {categories === null && <Notice kind="error">{a.errors.fetchCategories}</Notice>}
      <ItemForm key={item ? `${item.id}` : "new"} item={item} categories={categories ?? []} answer={actionData} />
      {item && <ModelManager key={`model-${item.id}`} itemId={item.id} initial={item.model} />}
    </section>
  );
}
