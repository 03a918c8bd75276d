import { data } from "react-router";
import type { Route } from "./+types/payment-authenticate";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { AuthenticateView } from "~/features/payment/authenticate-view";
import { requirePagePayer } from "../../server/orders/guest-payer.ts";
import { getPaymentProvider } from "../../server/payments/index.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "checkout", (m) => m.checkout.authTitle),
  { name: "robots", content: "noindex" },
];

/** The sandbox's test authentication step; Stripe shows its own. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePagePayer(request);
  if (getPaymentProvider().name !== "sandbox") throw data(null, { status: 404 });
  return null;
}

export default function PaymentAuthenticate() {
  const m = useMessages("checkout");
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.checkout.authTitle}</h1>
      <AuthenticateView />
    </section>
  );
}
