import type { Route } from "./+types/checkout";
import { CheckoutView } from "~/features/checkout/checkout-view";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { requirePageUser } from "../../server/auth/session.ts";
import { config } from "../../server/config.ts";

export const meta = ({ location }: Route.MetaArgs) => [
  ...pageTitle(location.pathname, "checkout", (m) => m.checkout.title),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageUser(request);
  return { reservationMinutes: config.reservationMinutes };
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const m = useMessages("checkout");
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.checkout.title}</h1>
      <p className="mt-2 text-muted">{m.checkout.intro}</p>
      <CheckoutView reservationMinutes={loaderData.reservationMinutes} />
    </section>
  );
}
