import { readExpiry } from "../../domain/card-input.ts";
import type { PaymentError } from "./types.ts";

/**
 * Stripe's test cards and what they do, as the sandbox plays them. Any future expiry date and any
 * CVC of three or four digits are accepted, as on Stripe.
 */
export type CardOutcome = { kind: "succeed" } | { kind: "decline"; error: PaymentError } | { kind: "authenticate" };

export const DECLINES = {
  generic: { code: "card_declined", message: "Your card was declined." },
  insufficientFunds: { code: "insufficient_funds", message: "Your card has insufficient funds." },
  expiredCard: { code: "expired_card", message: "Your card has expired." },
  incorrectNumber: { code: "incorrect_number", message: "Your card number is incorrect." },
  invalidExpiry: { code: "invalid_expiry", message: "Your card's expiration date is invalid." },
  // Stripe.js's own code for a date in the past, so that both processors' words are the same.
  pastExpiry: { code: "invalid_expiry_year_past", message: "Your card's expiration date is in the past." },
  invalidCvc: { code: "invalid_cvc", message: "Your card's security code is invalid." },
  authenticationFailed: {
    code: "payment_intent_authentication_failure",
    message:
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
} satisfies Record<string, PaymentError>;

const TEST_CARDS: Record<string, CardOutcome> = {
  "4242424242424242": { kind: "succeed" },
  "5555555555554444": { kind: "succeed" },
  "4000000000000002": { kind: "decline", error: DECLINES.generic },
  "4000000000009995": { kind: "decline", error: DECLINES.insufficientFunds },
  "4000000000000069": { kind: "decline", error: DECLINES.expiredCard },
  "4000002760003184": { kind: "authenticate" },
};

export type CardInput = { number: string; expiry: string; cvc: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardOutcome(card: CardInput, now = new Date()): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { kind: "decline", error: DECLINES.incorrectNumber };
  const expiry = readExpiry(card.expiry, now);
  if (expiry.kind === "invalid") return { kind: "decline", error: DECLINES.invalidExpiry };
  if (expiry.kind === "past") return { kind: "decline", error: DECLINES.pastExpiry };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { kind: "decline", error: DECLINES.invalidCvc };
  // Any other valid number behaves as Stripe's generic success card would not: it is declined,
  // so that only the documented test cards succeed.
  return TEST_CARDS[digits] ?? { kind: "decline", error: DECLINES.generic };
}
