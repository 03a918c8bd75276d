import type { Route } from "./+types/cart";
import { CartContents } from "~/features/cart/cart-contents";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { localeFromPath } from "~/lib/locale";
import { handleCartForm } from "../../server/cart/form.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = ({ location }: Route.MetaArgs) => [
  ...pageTitle(location.pathname, "cart", (m) => m.cart.title),
  { name: "robots", content: "noindex" },
];

/** Every cart form posts here (plain HTML, or a fetcher when the page runs); the drawer shows the same. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  return handleCartForm(request, localeFromPath(url.pathname));
}

export default function CartPage({ actionData }: Route.ComponentProps) {
  const m = useMessages("cart");
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.cart.title}</h1>
      <CartContents outcome={actionData} headingLevel="h2" />
    </section>
  );
}
