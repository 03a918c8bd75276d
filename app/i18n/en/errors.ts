import type { DomainErrorCode } from "../../lib/error-codes.ts";

/** The message of each error code (app/lib/error-codes.ts); the spec's cart messages word for word. */
export const errors: Record<DomainErrorCode, string> = {
  "cart.item_unavailable": "This item is not available for purchase",
  "cart.max_stock": "Maximum available stock reached",
  "cart.invalid_quantity": "Invalid quantity",
  "cart.invalid_request": "This request could not be understood. Reload the page and try again.",
  "cart.empty": "Your cart is empty",
  "cart.has_unavailable_lines": "Some items in your cart cannot be ordered now. Remove them or change their quantity in your cart.",
  "order.not_found": "Order not found",
  "order.stock_conflict": "Some items are no longer available in the quantity requested",
  "order.not_cancellable": "Only an unpaid order can be cancelled",
  "cart.quote_unavailable": "This quote cannot be added to the cart.",
  "cart.quote_not_priced": "This quote has no price yet: only a priced quote can be added to the cart.",
  "cart.quote_expired": "This quote's price has expired. Update the quote to get today's price.",
};
