import { paymentProviderName, stripeSettings } from "./config.ts";
import { createSandboxProvider } from "./sandbox.ts";
import { createStripeProvider } from "./stripe.ts";
import type { PaymentProvider } from "./types.ts";

export type { PaymentIntent, PaymentProvider, ProviderName } from "./types.ts";

let provider: PaymentProvider | undefined;

/** The provider `paymentProviderName` chooses (Stripe, or the sandbox when chosen or outside production). */
export function getPaymentProvider(): PaymentProvider {
  if (!provider) {
    const stripe = stripeSettings();
    provider = paymentProviderName() === "stripe" && stripe ? createStripeProvider(stripe) : createSandboxProvider();
  }
  return provider;
}

/** Tests swap the provider (a Stripe pointed at a local fake); null goes back to the default. */
export function setPaymentProvider(next: PaymentProvider | null): void {
  provider = next ?? undefined;
}
