import type { Route } from "./+types/payment-confirmation";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { ConfirmationView } from "~/features/payment/confirmation-view";
import { requirePageUser } from "../../server/auth/session.ts";
import { config } from "../../server/config.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "checkout", (m) => m.checkout.confirmationTitle),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageUser(request);
  // A receipt is promised only when a mail server can send it.
  return { mailConfigured: Boolean(config.smtpUrl) };
}

export default function PaymentConfirmation({ loaderData }: Route.ComponentProps) {
  const m = useMessages("checkout");
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.checkout.confirmationTitle}</h1>
      <ConfirmationView mailConfigured={loaderData.mailConfigured} />
    </section>
  );
}
