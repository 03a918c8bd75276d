/** Which payment provider runs: Stripe when both of its keys are set, else the offline sandbox. */
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
