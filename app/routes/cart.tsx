import { data } from "react-router";
import type { Route } from "./+types/cart";
import { CartContents } from "~/features/cart/cart-contents";
import { PersonalSlot } from "~/features/shell/personal-slot";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import type { CartFormResult } from "../../domain/cart.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { clearedFlashCookie, readFlash } from "../../server/cart/cookie.ts";
import { handleCartForm } from "../../server/cart/form.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "cart", (m) => m.cart.title),
  { name: "robots", content: "noindex" },
];

/** The cart itself comes with the root loader; this page adds the outcome of a form posted without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  const flash = readFlash(request.headers) as CartFormResult | undefined;
  if (!flash || typeof flash.message !== "string") return { outcome: undefined };
  return data({ outcome: flash }, { headers: { "Set-Cookie": clearedFlashCookie(request.url) } });
}

/** Every cart form posts here (a plain form, or a fetcher when the page runs); the drawer shows the same cart. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  return handleCartForm(request, localeFromPath(url.pathname));
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  // "store" too: the shared frame preloads what the spliced cart lines need (their stock labels).
  const m = useMessages("cart", "store");
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.cart.title}</h1>
      <PersonalSlot name="page">
        <CartContents outcome={actionData ?? loaderData.outcome} />
      </PersonalSlot>
    </section>
  );
}
