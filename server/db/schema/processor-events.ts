import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

/**
 * Stripe's webhook events the site has acted on, by Stripe's event id: a redelivered event is
 * answered as received and not acted on again (server/payments/handled-events.ts).
 */
export const stripeWebhookEvents = pgTable("stripe_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
});

export const DISPUTE_STATES = ["open", "won", "lost"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/**
 * A dispute (chargeback) of an order's card payment, as Stripe last reported it
 * (server/orders/stripe-money-events.ts). While one is open the order is on hold: not handed over,
 * its custom parts not moved in production. A lost one is recorded as a refund of its amount.
 */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentIntentId: text("payment_intent_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    state: text("state", { enum: DISPUTE_STATES }).notNull(),
    /** Stripe's reason (fraudulent, product_not_received…), for the studio. */
    reason: text("reason"),
    /** The last day to answer it with evidence, in Stripe. */
    dueBy: timestamp("due_by", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    check("payment_disputes_amount_check", sql`${t.amountCents} >= 0`),
    check("payment_disputes_state_check", sql`${t.state} in ('open', 'won', 'lost')`),
    index("payment_disputes_order_idx").on(t.orderId),
  ],
);
