import type { CatalogueErrorCode } from "../../domain/error-codes.ts";

/** The message of each error code (domain/error-codes.ts); the spec's cart messages word for word. */
export const errors: Record<CatalogueErrorCode, string> = {
  "cart.item_unavailable": "This item is not available for purchase",
  "cart.max_stock": "Maximum available stock reached",
  "cart.invalid_quantity": "Invalid quantity",
  "cart.invalid_request": "This request could not be understood. Reload the page and try again.",
  "cart.empty": "Your cart is empty",
  "cart.has_unavailable_lines":
    "Some items in your cart cannot be ordered now. Remove them or change their quantity in your cart.",
  "order.not_found": "Order not found",
  "order.stock_conflict": "Some items are no longer available in the quantity requested",
  "order.not_cancellable": "Only an unpaid order can be cancelled",
  "order.email_unverified": "Please verify your email address before placing an order: open the link we sent you.",
  "order.total_over_limit":
    "This order is over the largest the shop takes online. Please split it into smaller orders, or contact the studio.",
  "order.hold_limit":
    "Orders placed from your connection already hold many items awaiting payment. Pay or cancel one of them first, or contact the studio.",
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
  "refund.changed":
    "Something was refunded on this order since you confirmed, so nothing more was refunded. Check what is left and try again.",
  "refund.provider_failed":
    "The payment provider refused or could not be reached, so nothing was refunded. Please try again in a moment.",
  "refund.provider_pending":
    "The payment provider could not be reached. The refund is recorded and will be completed automatically: do not refund again.",
  "order.quote_changed":
    "A custom print in your cart has changed or its price has expired since you reviewed it. Check your cart and place the order again.",
  "order.parts_started":
    "Some custom parts of this order are already being made. Confirm that you want to cancel them too.",
  "order.parts_not_done":
    "Some custom parts of this order are not finished yet. Mark them done in production first, or confirm that the order leaves without them.",
  "order.use_delivery_steps": "This order has a delivery: use its delivery steps (shipped, ready for pickup) instead.",
  "order.refund_pending":
    "A refund of this order is still pending with the payment provider. Wait until it is finished (it completes automatically), then try again.",
  "order.disputed":
    "The buyer disputed this order's payment with their bank: it is on hold (not handed over, not refunded, its custom parts not moved) until the dispute closes.",
  "order.details_needed":
    "Your details are needed until your order is complete: we use them to reach you about its pickup or delivery, or a refund. Once it is complete, come back to this page and you can erase them.",
  "quote.in_order":
    "This custom print is part of an order and can no longer be changed. Cancel the unpaid order to change it, or upload the file again for a new quote.",
  "quote.locked": "This quote is with the studio and cannot be changed now.",
  "item.held_by_orders": "Orders awaiting payment hold this item, so it cannot be deleted. Hide it instead.",
  "settings.stale":
    "Someone else saved these settings after you opened this page. Reload it to see their changes, then make yours again.",
  "settings.version_required":
    "Say which version you are changing: send the loadedAt or loadedVersion you read with GET, so that a newer save by someone else is never undone.",
  "faq.stale":
    "Someone else saved this question after you opened this page. Reload it to see their changes, then make yours again.",
  "faq.not_found": "This question no longer exists. Reload the page.",
  "faq.too_many": "The FAQ has 30 questions, the most it can hold. Delete one before adding another.",
  "home.stale":
    "Someone else saved this after you opened this page. Reload it to see their changes, then make yours again.",
  "home.not_found": "This card no longer exists. Reload the page.",
  "home.too_many": "This section has 12 cards, the most it can hold. Delete one before adding another.",
  "request.invalid_id": "This page is out of date or its form was changed. Reload the page and try again.",
  "dashboard.invalid_range":
    "Choose a period of days between 2000 and 2100 (from the first to the last, YYYY-MM-DD), at most 400 points on the chart, by day, week or month.",
  "first_steps.unknown": "This step cannot be marked done here. Reload the page.",
  "checkout.item_without_weight":
    "We cannot work out the shipping of one of these items yet. Choose pickup, or contact us and we will ship it.",
  "checkout.invalid_method": "Choose delivery or pickup.",
  "checkout.invalid_address": "Please check the delivery address.",
  "checkout.no_shipping_zone": "We cannot ship to this province yet. Choose pickup or contact us.",
  "checkout.invalid_order": "This order could not be understood. Reload the page and try again.",
  "checkout.invalid_guest": "Please check your contact details.",
  "checkout.no_saved_address": "Choose one of your saved addresses, or enter a new one.",
  "checkout.part_weight_unknown":
    "The weight of a custom print in your cart is not known yet, so its shipping cannot be priced. Choose pickup, or ask the studio to weigh it.",
  "quote.price_over_limit":
    "This price for all the parts is over $100,000, more than the site takes for one quote. Lower it, or agree the order with the buyer directly.",
  "payment.missing_order": "Missing order information",
  "payment.already_paid": "This order is already paid.",
  "payment.order_expired": "This order has expired or was cancelled. Please place your order again.",
  "payment.processing": "Your payment is still being processed.",
  "payment.unavailable": "The payment could not be started. Please try again in a moment.",
  "payment.missing_information": "Missing payment information",
  "payment.not_found": "Payment not found",
  "payment.verification_failed": "Payment verification failed",
  "payment.late_refund_failed": "The payment could not be refunded right now. Please try again in a moment.",
  "quote.not_found": "Quote not found",
  "quote.not_awaiting_review": "This quote is not waiting for a review.",
  "quote.review_price_invalid": "Give a price per part above zero, in dollars and cents (for example 12.50).",
  "quote.decline_reason_required": "Give the buyer a reason (up to 1,000 characters).",
  "quote.step_not_allowed": "This production step is not allowed.",
  "quote.part_not_found": "Part not found",
  "quote.part_moved": "This part has moved on since you loaded the page. Reload to see its status.",
  "quote.no_turned_file": "This part is printed as its file lies: download the file itself.",
  "quote.orientation_invalid": "The orientation must be one of: best, as-file.",
  "quote.options_invalid": "These options are not valid.",
  "quote.option_not_offered": "This choice is not offered. Choose another one.",
  "quote.review_request_invalid": "Please give a valid e-mail address and a note under 2,000 characters.",
  "quote.review_email_required": "Please give an e-mail address so that the studio can send you its price.",
  "quote.already_with_studio": "This quote is already with the studio.",
  "quote.terms_invalid": "The pricing settings are not valid.",
  "material.invalid": "These settings are not valid.",
  "material.not_found": "This material, colour or quality no longer exists. Reload the page.",
  "conversation.empty": "Write a message before sending it.",
  "conversation.too_long": "A message can be up to 4,000 characters. Shorten it or send it in two.",
  "conversation.no_approval_asked": "The studio is not waiting for your approval any more. Reload the page.",
  "order.awaiting_approval":
    "The buyer has not approved the finished part yet. Wait for their answer, or confirm that it is handed over without their approval.",
  "conversation.too_many": "You have sent many messages in a short time. Please wait a few minutes and try again.",
};
