import type { Route } from "./+types/payment-confirmation";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { ConfirmationView } from "~/features/payment/confirmation-view";
import { requirePagePayer } from "../../server/orders/guest-payer.ts";
import { getSessionUser } from "../../server/auth/session.ts";
import { guestOrderOf, guestOrderPath } from "../../server/orders/guest-checkout.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { GuestOrderLink } from "~/features/checkout/guest-parts";
import { config } from "../../server/config.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "checkout", (m) => m.checkout.confirmationTitle),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePagePayer(request);
  // A guest's order opens only by its link: shown here at once, whether or not mail is sent.
  const guest = (await getSessionUser(request.headers)) ? null : await guestOrderOf(request.headers);
  return {
    // A receipt is promised only when a mail server can send it.
    mailConfigured: Boolean(config.smtpUrl),
    guestOrder: guest
      ? { orderId: guest.orderId, href: guestOrderPath(guest.orderId, guest.key, localeFromPath(url.pathname)) }
      : null,
  };
}

export default function PaymentConfirmation({ loaderData }: Route.ComponentProps) {
  const m = useMessages("checkout");
  const { guestOrder } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.checkout.confirmationTitle}</h1>
      {/* The thanks first, then the guest's link: every link to the order carries its key. */}
      <ConfirmationView mailConfigured={loaderData.mailConfigured} guestOrder={guestOrder} />
      {guestOrder && <GuestOrderLink href={guestOrder.href} />}
    </section>
  );
}
