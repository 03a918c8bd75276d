import { stripeSettings } from "./config.ts";
import { createSandboxProvider } from "./sandbox.ts";
import { createStripeProvider } from "./stripe.ts";
import type { PaymentProvider } from "./types.ts";

export type { PaymentIntent, PaymentProvider, ProviderName } from "./types.ts";

let provider: PaymentProvider | undefined;

/** Stripe when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set, else the sandbox. */
export function getPaymentProvider(): PaymentProvider {
  if (!provider) {
    const stripe = stripeSettings();
    provider = stripe ? createStripeProvider(stripe) : createSandboxProvider();
  }
  return provider;
}

/** Tests swap the provider (a Stripe pointed at a local fake); null goes back to the default. */
export function setPaymentProvider(next: PaymentProvider | null): void {
  provider = next ?? undefined;
}
