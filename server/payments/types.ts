/** The payment provider interface: the sandbox (default, offline) and Stripe implement it. */

/** Stripe's payment intent statuses; the sandbox uses the same ones. */
export const INTENT_STATUSES = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "succeeded",
  "canceled",
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

/** Statuses in which the buyer can still pay with this intent. */
export const USABLE_STATUSES: readonly IntentStatus[] = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
];

export type PaymentError = { code: string; message: string };

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  /** Minor units (cents). */
  amount: number;
  /** Lowercase ISO code, as Stripe returns it. */
  currency: string;
  /** The order this intent was created for (metadata.orderId), or null when absent. */
  orderId: string | null;
  lastError: PaymentError | null;
  /** The card it was paid with, once known (brand as the provider names it, e.g. "visa"); absent or null otherwise. */
  card?: PaymentCard | null;
};

export type PaymentCard = { brand: string | null; last4: string };

export type ProviderName = "sandbox" | "stripe";

/** A card charge as the processor has it now: how much of it went back (refunds made anywhere). */
export type ProviderCharge = {
  id: string;
  intentId: string | null;
  amount: number;
  amountRefunded: number;
  currency: string;
};

/** A dispute (chargeback) of a charge as the processor has it now. */
export type ProviderDispute = {
  id: string;
  intentId: string | null;
  amount: number;
  currency: string;
  /** Stripe's status: needs_response, under_review, won, lost, warning_needs_response… */
  status: string;
  reason: string | null;
  /** The last moment to answer it with evidence. */
  dueBy: Date | null;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /** What the browser needs to load the provider's card form (Stripe's publishable key). */
  readonly publishableKey: string | null;
  createIntent(input: {
    amount: number;
    currency: string;
    orderId: string;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  /** null when the provider does not know this intent. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /** Best effort: an intent that can no longer be canceled (succeeded, processing) is left alone. */
  cancelIntent(id: string, idempotencyKey: string): Promise<PaymentIntent | null>;
  /** Gives `amount` (cents) of a succeeded intent back; the same key never refunds twice. */
  refund(input: { intentId: string; amount: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Stripe only (its webhook reports refunds and disputes made outside the site); null when unknown. */
  retrieveCharge?(id: string): Promise<ProviderCharge | null>;
  retrieveDispute?(id: string): Promise<ProviderDispute | null>;
}

/**
 * The provider answered no. `definite` is false when it may have done the thing all the same (a
 * time-out, a dropped connection, its own server error): the caller then keeps what it asked for
 * and asks again later with the same idempotency key.
 */
export class ProviderError extends Error {
  readonly code: string;
  readonly definite: boolean;
  constructor(code: string, message: string, definite = true) {
    super(message);
    this.code = code;
    this.definite = definite;
  }
}
