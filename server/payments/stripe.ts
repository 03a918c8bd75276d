import Stripe from "stripe";
import type { StripeSettings } from "./config.ts";
import {
  ProviderError,
  type IntentStatus,
  type PaymentIntent,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderDispute,
} from "./types.ts";

/** Stripe through stripe-node: every create carries an idempotency key; the server retrieves intents to verify them. */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

type StripeIntent = {
  id: string;
  client_secret: string | null;
  status: string;
  amount: number;
  currency: string;
  metadata?: Record<string, string> | null;
  last_payment_error?: { code?: string | null; decline_code?: string | null; message?: string | null } | null;
  /** Its id, or the object when retrieved with `expand: ["payment_method"]`. */
  payment_method?: string | { card?: { brand?: string | null; last4?: string | null } | null } | null;
};

export function fromStripeIntent(intent: StripeIntent): PaymentIntent {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    status: intent.status as IntentStatus,
    amount: intent.amount,
    currency: intent.currency.toLowerCase(),
    orderId: intent.metadata?.orderId ?? null,
    lastError: error
      ? { code: error.decline_code || error.code || "card_declined", message: error.message ?? "" }
      : null,
    card: cardOf(intent.payment_method),
  };
}

type StripeCharge = {
  id: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent?: string | { id: string } | null;
};

type StripeDispute = {
  id: string;
  amount: number;
  currency: string;
  status: string;
  reason?: string | null;
  payment_intent?: string | { id: string } | null;
  evidence_details?: { due_by?: number | null } | null;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

export function fromStripeCharge(charge: StripeCharge): ProviderCharge {
  return {
    id: charge.id,
    intentId: idOf(charge.payment_intent),
    amount: charge.amount,
    amountRefunded: charge.amount_refunded,
    currency: charge.currency.toLowerCase(),
  };
}

export function fromStripeDispute(dispute: StripeDispute): ProviderDispute {
  const dueBy = dispute.evidence_details?.due_by;
  return {
    id: dispute.id,
    intentId: idOf(dispute.payment_intent),
    amount: dispute.amount,
    currency: dispute.currency.toLowerCase(),
    status: dispute.status,
    reason: dispute.reason ?? null,
    dueBy: typeof dueBy === "number" ? new Date(dueBy * 1000) : null,
  };
}

function cardOf(method: StripeIntent["payment_method"]): PaymentIntent["card"] {
  const card = typeof method === "object" ? method?.card : null;
  return card?.last4 ? { brand: card.brand ?? null, last4: card.last4 } : null;
}

function wrap(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    // Stripe's own refusals (4xx) are final; a connection error or a 5xx leaves the outcome unknown,
    // and so do 409 (a request with the same idempotency key still running) and 429 (too many requests).
    const definite =
      error.statusCode !== undefined &&
      error.statusCode < 500 &&
      error.statusCode !== 409 &&
      error.statusCode !== 429 &&
      !(error instanceof Stripe.errors.StripeConnectionError);
    throw new ProviderError(error.code ?? error.type, error.message, definite);
  }
  throw error;
}

export function createStripeProvider(settings: StripeSettings, client = stripeClient(settings)): PaymentProvider {
  return {
    name: "stripe",
    publishableKey: settings.publishableKey,

    async createIntent({ amount, currency, orderId, idempotencyKey }) {
      try {
        const intent = await client.paymentIntents.create(
          {
            amount,
            currency: currency.toLowerCase(),
            metadata: { orderId },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        );
        return fromStripeIntent(intent as StripeIntent);
      } catch (error) {
        wrap(error);
      }
    },

    async retrieveIntent(id) {
      try {
        // With its card, so that the studio's refund can say which card the money goes back to.
        const intent = await client.paymentIntents.retrieve(id, { expand: ["payment_method"] });
        return fromStripeIntent(intent as StripeIntent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        wrap(error);
      }
    },

    async cancelIntent(id, idempotencyKey) {
      try {
        return fromStripeIntent((await client.paymentIntents.cancel(id, {}, { idempotencyKey })) as StripeIntent);
      } catch (error) {
        // Already succeeded, processing or canceled: nothing to cancel.
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 400) return null;
        wrap(error);
      }
    },

    async retrieveCharge(id) {
      try {
        return fromStripeCharge((await client.charges.retrieve(id)) as StripeCharge);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        wrap(error);
      }
    },

    async retrieveDispute(id) {
      try {
        return fromStripeDispute((await client.disputes.retrieve(id)) as StripeDispute);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        wrap(error);
      }
    },

    async refund({ intentId, amount, idempotencyKey }) {
      try {
        const refund = await client.refunds.create({ payment_intent: intentId, amount }, { idempotencyKey });
        return { id: refund.id };
      } catch (error) {
        wrap(error);
      }
    },
  };
}

/** A webhook's body checked against STRIPE_WEBHOOK_SECRET; throws when the signature is wrong. */
export function verifyStripeWebhook(payload: string, signature: string, secret: string) {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}
