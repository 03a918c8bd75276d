import type { CatalogueErrorCode } from "../../lib/error-codes.ts";

/** The message of each error code (app/lib/error-codes.ts); the spec's cart messages word for word. */
export const errors: Record<CatalogueErrorCode, string> = {
  "cart.item_unavailable": "This item is not available for purchase",
  "cart.max_stock": "Maximum available stock reached",
  "cart.invalid_quantity": "Invalid quantity",
  "cart.invalid_request": "This request could not be understood. Reload the page and try again.",
  "cart.empty": "Your cart is empty",
  "cart.has_unavailable_lines": "Some items in your cart cannot be ordered now. Remove them or change their quantity in your cart.",
  "order.not_found": "Order not found",
  "order.stock_conflict": "Some items are no longer available in the quantity requested",
  "order.not_cancellable": "Only an unpaid order can be cancelled",
  "order.email_unverified": "Please verify your email address before placing an order: open the link we sent you.",
  "cart.quote_unavailable": "This quote cannot be added to the cart.",
  "cart.quote_not_priced": "This quote has no price yet: only a priced quote can be added to the cart.",
  "cart.quote_expired": "This quote's price has expired. Update the quote to get today's price.",
  "refund.not_refundable": "Only a paid order can be refunded, and this one has nothing left to refund.",
  "refund.nothing_chosen": "Choose the units or the shipping to refund, or enter an amount.",
  "refund.too_many_units": "More units than are left to refund on this line.",
  "refund.shipping_already_refunded": "The shipping was already refunded.",
  "refund.invalid_amount": "Enter an amount in dollars and cents, greater than zero (for example 12.50).",
  "refund.exceeds_paid": "This is more than what is left to refund on the order.",
  "refund.lines_or_amount": "Refund either units and shipping, or an amount, not both.",
  "refund.provider_failed": "The payment provider refused or could not be reached, so nothing was refunded. Please try again in a moment.",
};
