import type { Route } from "./+types/payment-confirmation";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { ConfirmationView } from "~/features/payment/confirmation-view";
import { requirePagePayer } from "../../server/orders/guest-payer.ts";
import { getSessionUser, isEmailVerified } from "../../server/auth/session.ts";
import { guestOrderOf, guestOrderPath } from "../../server/orders/access-keys.ts";
import { orderContact } from "../../server/orders/contact.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { GuestOrderLink } from "~/features/checkout/guest-parts";
import { config } from "../../server/config.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "checkout", (m) => m.checkout.confirmationTitle),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePagePayer(request);
  // A guest's order opens only by its link: shown here at once, whether or not mail is sent. An
  // account whose address is not verified orders as a guest does, and gets the same link.
  const cached = await getSessionUser(request.headers);
  // Not verified in the session's cookie cache: maybe since (the database says).
  const user = cached && !isEmailVerified(cached) ? await getSessionUser(request.headers, { fresh: true }) : cached;
  const verifiedBuyer = user !== null && isEmailVerified(user);
  const guest = verifiedBuyer ? null : await guestOrderOf(request.headers);
  return {
    // A receipt is promised only when a mail server can send it.
    mailConfigured: Boolean(config.smtpUrl),
    guestOrder: guest
      ? { orderId: guest.orderId, href: guestOrderPath(guest.orderId, guest.key, localeFromPath(url.pathname)) }
      : null,
    // The order joins the account once its address is verified, if it was placed with that address
    // (server/orders/guest-join.ts): another address typed at checkout stays the guest's.
    joinsAccount:
      user !== null &&
      !verifiedBuyer &&
      guest !== null &&
      (await orderContact(guest.orderId))?.email.toLowerCase() === user.email.toLowerCase(),
  };
}

export default function PaymentConfirmation({ loaderData }: Route.ComponentProps) {
  const m = useMessages("checkout");
  const { guestOrder, joinsAccount } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.checkout.confirmationTitle}</h1>
      {/* The thanks first, then the guest's link: every link to the order carries its key. */}
      <ConfirmationView mailConfigured={loaderData.mailConfigured} guestOrder={guestOrder} />
      {guestOrder && <GuestOrderLink href={guestOrder.href} joinsAccount={joinsAccount} />}
    </section>
  );
}
