import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { sandboxPaymentIntents, sandboxRefunds } from "../db/schema.ts";
import { isSafeId } from "../http/safe-id.ts";
import { cardOutcome, DECLINES, type CardInput } from "./sandbox-cards.ts";
import { ProviderError, type IntentStatus, type PaymentIntent, type PaymentProvider } from "./types.ts";

/**
 * The sandbox: an offline test processor of ours that behaves like Stripe for the flows this site
 * uses. Payment intents live in their own table with Stripe's statuses; the browser confirms one
 * with its client secret and a test card (see sandbox-cards.ts); 3-D Secure cards go through a
 * test authentication page. Nothing leaves the machine and no real card is ever charged.
 */

type Row = typeof sandboxPaymentIntents.$inferSelect;

function toIntent(row: Row): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as IntentStatus,
    amount: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
    lastError: row.lastErrorCode ? { code: row.lastErrorCode, message: row.lastErrorMessage ?? "" } : null,
    card: row.cardLast4 ? { brand: null, last4: row.cardLast4 } : null,
  };
}

function token(bytes: number): string {
  return randomBytes(bytes).toString("base64url").replace(/[-_]/g, "x");
}

async function find(id: string): Promise<Row | undefined> {
  if (!isSafeId(id)) return undefined;
  const db = await getDb();
  const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  return row;
}

export function createSandboxProvider(): PaymentProvider {
  return {
    name: "sandbox",
    publishableKey: null,

    async createIntent({ amount, currency, orderId, idempotencyKey }) {
      if (!Number.isInteger(amount) || amount < 50)
        throw new ProviderError("amount_too_small", "Amount must be at least 50 cents");
      const db = await getDb();
      const id = `pi_sbx_${token(18)}`;
      await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${token(18)}`,
          idempotencyKey,
          orderId,
          amountCents: amount,
          currency: currency.toLowerCase(),
          status: "requires_payment_method",
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey });
      // The same key returns the intent the first request created, as Stripe does.
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, idempotencyKey));
      return toIntent(row!);
    },

    async retrieveIntent(id) {
      const row = await find(id);
      return row ? toIntent(row) : null;
    },

    async cancelIntent(id) {
      const db = await getDb();
      await db
        .update(sandboxPaymentIntents)
        .set({ status: "canceled", updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPaymentIntents.id, id),
            inArray(sandboxPaymentIntents.status, [
              "requires_payment_method",
              "requires_confirmation",
              "requires_action",
            ]),
          ),
        );
      const row = await find(id);
      return row ? toIntent(row) : null;
    },

    async refund({ intentId, amount, idempotencyKey }) {
      if (!Number.isInteger(amount) || amount <= 0)
        throw new ProviderError("parameter_invalid_integer", "Amount must be a positive integer");
      const db = await getDb();
      const id = `re_sbx_${token(18)}`;
      const outcome = await db.transaction(async (tx) => {
        const [same] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (same) return same.intentId === intentId && same.amountCents === amount ? same.id : ("key_reused" as const);
        const [row] = isSafeId(intentId)
          ? await tx.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId)).for("update")
          : [];
        if (!row) return "missing" as const;
        if (row.status !== "succeeded") return "not_succeeded" as const;
        if (row.amountRefundedCents + amount > row.amountCents) return "too_large" as const;
        await tx.insert(sandboxRefunds).values({ id, intentId, idempotencyKey, amountCents: amount });
        await tx
          .update(sandboxPaymentIntents)
          .set({ amountRefundedCents: row.amountRefundedCents + amount, updatedAt: new Date() })
          .where(eq(sandboxPaymentIntents.id, intentId));
        return id;
      });
      // Stripe's own codes and words for the same refusals.
      if (outcome === "key_reused")
        throw new ProviderError(
          "idempotency_error",
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        );
      if (outcome === "missing") throw new ProviderError("resource_missing", `No such payment_intent: '${intentId}'`);
      if (outcome === "not_succeeded")
        throw new ProviderError("charge_not_succeeded", "This PaymentIntent has not succeeded");
      if (outcome === "too_large")
        throw new ProviderError(
          "amount_too_large",
          "Refund amount is greater than the unrefunded amount on the charge",
        );
      return { id: outcome };
    },
  };
}

/** How much the sandbox has refunded on an intent (for the admin and the tests). */
export async function sandboxRefundedCents(intentId: string): Promise<number> {
  return (await find(intentId))?.amountRefundedCents ?? 0;
}

const CONFIRMABLE: IntentStatus[] = ["requires_payment_method", "requires_confirmation"];

async function owned(id: string, clientSecret: string): Promise<Row> {
  const row = await find(id);
  // Wrong secret and unknown intent look the same, as on Stripe.
  if (!row || row.clientSecret !== clientSecret) throw new ProviderError("resource_missing", "No such payment_intent");
  return row;
}

/** What the card form does on Pay Now (Stripe.js' confirmPayment, played by our server). */
export async function confirmSandboxIntent(id: string, clientSecret: string, card: CardInput): Promise<PaymentIntent> {
  const row = await owned(id, clientSecret);
  if (!CONFIRMABLE.includes(row.status as IntentStatus)) {
    throw new ProviderError(
      "payment_intent_unexpected_state",
      `This PaymentIntent's status is ${row.status}, so it cannot be confirmed.`,
    );
  }
  const outcome = cardOutcome(card);
  const digits = card.number.replace(/\D/g, "");
  const next =
    outcome.kind === "succeed"
      ? { status: "succeeded", lastErrorCode: null, lastErrorMessage: null }
      : outcome.kind === "authenticate"
        ? { status: "requires_action", lastErrorCode: null, lastErrorMessage: null }
        : {
            status: "requires_payment_method",
            lastErrorCode: outcome.error.code,
            lastErrorMessage: outcome.error.message,
          };
  const db = await getDb();
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({ ...next, cardLast4: digits.slice(-4), updatedAt: new Date() })
    .where(and(eq(sandboxPaymentIntents.id, id), inArray(sandboxPaymentIntents.status, CONFIRMABLE)))
    .returning();
  if (!updated)
    throw new ProviderError("payment_intent_unexpected_state", "This PaymentIntent is being confirmed already.");
  return toIntent(updated);
}

/** The test authentication step (3-D Secure): the buyer passes or fails it. */
export async function authenticateSandboxIntent(
  id: string,
  clientSecret: string,
  pass: boolean,
): Promise<PaymentIntent> {
  await owned(id, clientSecret);
  const db = await getDb();
  const failure = DECLINES.authenticationFailed;
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set(
      pass
        ? { status: "succeeded", lastErrorCode: null, lastErrorMessage: null, updatedAt: new Date() }
        : {
            status: "requires_payment_method",
            lastErrorCode: failure.code,
            lastErrorMessage: failure.message,
            updatedAt: sql`now()`,
          },
    )
    .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, "requires_action")))
    .returning();
  if (!updated)
    throw new ProviderError("payment_intent_unexpected_state", "This PaymentIntent does not need authentication.");
  return toIntent(updated);
}

/** For the authentication page: the intent's amount, only to its holder. */
export async function sandboxIntentForHolder(id: string, clientSecret: string): Promise<PaymentIntent> {
  return toIntent(await owned(id, clientSecret));
}
