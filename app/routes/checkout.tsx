import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout";
import { CheckoutView } from "~/features/checkout/checkout-view";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "~/i18n/messages.server";
import { localeFromPath, localizePath } from "~/lib/locale";
import { requirePageUser } from "../../server/auth/session.ts";
import { config } from "../../server/config.ts";
import { DomainError } from "../../server/errors.ts";
import { ApiError } from "../../server/http/errors.ts";
import { createRateLimiter } from "../../server/http/rate-limit.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { placeOrderFromCart } from "../../server/orders/place-from-cart.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";

export const meta = ({ location }: Route.MetaArgs) => [
  ...pageTitle(location.pathname, "checkout", (m) => m.checkout.title),
  { name: "robots", content: "noindex" },
];

const placing = createRateLimiter({ max: 20, windowMs: 60_000 });

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageUser(request);
  return { reservationMinutes: config.reservationMinutes };
}

/** Place order: the server's cart of the signed-in buyer (the browser posts nothing else). */
export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requirePageUser(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale);
  try {
    await placing.consume(context.get(clientAddressContext), "place-order");
    const order = await placeOrderFromCart({ userId: user.id, locale });
    return redirect(localizePath(`/payment/${order.id}/${order.totalCents}`, locale));
  } catch (error) {
    if (error instanceof DomainError) return data({ code: error.code, message: m.errors[error.code] }, error.status);
    if (error instanceof ApiError && error.status === 429) return data({ code: "rate_limited", message: m.checkout.tooMany }, 429);
    throw error;
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages("checkout");
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.checkout.title}</h1>
      <p className="mt-2 text-muted">{m.checkout.intro}</p>
      <CheckoutView reservationMinutes={loaderData.reservationMinutes} failure={actionData?.message} />
    </section>
  );
}
