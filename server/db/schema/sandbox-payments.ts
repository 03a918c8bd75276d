import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

// The sandbox payment processor (server/payments/sandbox.ts): an offline stand-in for Stripe that
// keeps its payment intents here, as Stripe keeps them on its side. Not linked to orders by a
// foreign key: the processor only knows the order id as metadata, as Stripe does.
export const sandboxPaymentIntents = pgTable(
  "sandbox_payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").unique(),
    orderId: text("order_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    lastErrorCode: text("last_error_code"),
    lastErrorMessage: text("last_error_message"),
    cardLast4: text("card_last4"),
    amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("sandbox_payment_intents_order_idx").on(t.orderId)],
);

/** The sandbox's refunds, one per idempotency key, as Stripe keeps them. */
export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    id: text("id").primaryKey(),
    intentId: text("intent_id")
      .notNull()
      .references(() => sandboxPaymentIntents.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("sandbox_refunds_amount_check", sql`${t.amountCents} > 0`)],
);
