import type { ComponentProps } from "react";
import { CheckoutView } from "./checkout-view";
import type { GuestValues } from "./guest-parts";

type CheckoutViewProps = ComponentProps<typeof CheckoutView>;

/** What the checkout's loader gives: the buyer's choices and the server's figures for their cart. */
export type CheckoutPageData = Pick<
  CheckoutViewProps,
  | "reservationMinutes"
  | "studioContact"
  | "unverified"
  | "pickup"
  | "savedAddresses"
  | "delivery"
  | "discountCode"
  | "figures"
> & {
  /** Whether the buyer checks out as a guest: a visitor, or an account whose address is not verified. */
  guest: boolean;
  /** What the guest's form starts with: an unverified account's e-mail and name. */
  guestDefaults: GuestValues;
};

/** What the checkout's action answers, when it does not go on to the payment: the form as posted and why. */
export type CheckoutResult = Pick<CheckoutViewProps, "delivery" | "discountCode" | "figures" | "fields"> & {
  guest: GuestValues;
  message?: string;
};

/** The checkout's own part: the buyer's delivery, figures and Place order, as loaded or as last posted. */
export function CheckoutPage({ page, result }: { page: CheckoutPageData; result?: CheckoutResult }) {
  return (
    <CheckoutView
      reservationMinutes={page.reservationMinutes}
      guest={page.guest ? (result?.guest ?? page.guestDefaults) : null}
      studioContact={page.studioContact}
      unverified={page.unverified}
      pickup={page.pickup}
      savedAddresses={page.savedAddresses}
      delivery={result?.delivery ?? page.delivery}
      discountCode={result?.discountCode ?? page.discountCode}
      figures={result ? result.figures : page.figures}
      failure={result?.message}
      fields={result?.fields}
    />
  );
}
