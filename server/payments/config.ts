export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Only for tests and local fakes of Stripe's API: `http://localhost:12111`. */
  apiBase: string | undefined;
};

export function stripeSettings(env: NodeJS.ProcessEnv = process.env): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY;
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY;
  if (!secretKey || !publishableKey) return null;
  return {
    secretKey,
    publishableKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    apiBase: env.STRIPE_API_BASE || undefined,
  };
}

export class PaymentsNotConfigured extends Error {}

/**
 * Which payment provider runs. `PAYMENTS=sandbox` chooses the offline test processor, Stripe runs
 * when both of its keys are set, and outside production the sandbox is the default. In
 * production nothing is assumed: a real buyer must never type a real card number into the
 * sandbox, so a deployment has to choose (the server refuses to start otherwise).
 */
export function paymentProviderName(env: NodeJS.ProcessEnv = process.env): "sandbox" | "stripe" {
  if (env.PAYMENTS === "sandbox") return "sandbox";
  if (stripeSettings(env)) return "stripe";
  if (env.PAYMENTS === "stripe")
    throw new PaymentsNotConfigured("PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY.");
  if (env.NODE_ENV === "production") {
    throw new PaymentsNotConfigured(
      "No payment provider is configured. Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take real payments, or PAYMENTS=sandbox to run the offline test processor (test cards only, never real ones).",
    );
  }
  return "sandbox";
}
