import type { OrderStatus } from "./order-status.ts";

/**
 * Why an order's history has an event (`order_events.reason`): one code each, worded by the orders'
 * catalogue (`orders.notes`). Beside it an event may carry a `detail`: the words an admin typed
 * (a cancellation's or a refund's reason, a fulfilment's note, a carrier and tracking number) or a
 * refused refund's error code. The two are separate columns; nothing packs them into one string.
 */
export const ORDER_EVENT_REASONS = [
  "placed",
  "paid",
  "paid_after_expiry",
  "expired",
  "cancelled_by_buyer",
  "cancelled_by_admin",
  "cancelled_and_refunded",
  "cancelled_unavailable",
  "late_payment_refunded",
  /** Written by older versions when a payment was abandoned; kept for their rows. */
  "payment_canceled",
  "refunded",
  "refunded_without_cancel",
  "refund_refused",
  /** A refund made at the payment processor (Stripe's dashboard), heard from its webhook. */
  "refunded_at_processor",
  /** The buyer disputed the card payment (a chargeback): the order is on hold until it closes. */
  "dispute_opened",
  "dispute_won",
  /** The dispute was lost: its amount went back to the buyer through their bank. */
  "dispute_lost",
  "fulfilled_shipped",
  "fulfilled_picked_up",
  "fulfilment_packed",
  "fulfilment_shipped",
  "fulfilment_delivered",
  "fulfilment_ready_for_pickup",
  "fulfilment_picked_up",
  /** The studio asked the buyer to approve the finished part (its conversation: decision 081). */
  "approval_requested",
  "approval_given",
  /** The buyer asked for a change to the finished part; the detail is their words. */
  "change_requested",
  /** The admin handed the order over while the buyer's approval was still awaited, overriding the hold. */
  "handed_over_without_approval",
  /** A row whose reason was never recorded (a null note before migration 0033). */
  "unknown",
] as const;
export type OrderEventReason = (typeof ORDER_EVENT_REASONS)[number];

/** The reasons that say the buyer's money went back (a cancelled paid order, a late payment returned). */
export const MONEY_BACK_REASONS = [
  "cancelled_and_refunded",
  "late_payment_refunded",
  "refunded_without_cancel",
] as const satisfies readonly OrderEventReason[];

/** One event of an order's history as pages and the API show it. */
export type OrderEventView = {
  id: number;
  status: OrderStatus;
  reason: OrderEventReason;
  detail: string | null;
  actor: string | null;
  createdAt: string;
};
