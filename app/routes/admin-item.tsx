import { data } from "react-router";
import type { Route } from "./+types/admin-item";
import { ItemForm } from "~/features/admin/item-form";
import { AdminHeader, Notice } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { translate } from "~/lib/translations";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { listCategories } from "../../server/inventory/categories.ts";
import { getItem } from "../../server/inventory/items.ts";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, "admin", (m) => m.admin.items.title);

/** /admin/inventory/new and /admin/inventory/:id: the item form. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const categories = await listCategories().catch((error: unknown) => (console.error(error), null));
  if (!params.id) return { item: null, categories };
  const item = await getItem(params.id);
  if (!item) throw data("Not found", { status: 404 });
  return { item, categories };
}

export default function AdminItem({ loaderData }: Route.ComponentProps) {
  const { item, categories } = loaderData;
  const a = useMessages("admin").admin;
  const locale = useLocale();
  return (
    <section>
      <AdminHeader title={item ? a.items.editTitle(translate(item.translations, locale).name) : a.items.newTitle} />
      {categories === null && <Notice kind="error">{a.errors.fetchCategories}</Notice>}
      <ItemForm key={item ? `${item.id}` : "new"} item={item} categories={categories ?? []} />
    </section>
  );
}
