import type { ErrorStatus } from "./api-errors.ts";

/**
 * The stable codes of the errors services throw (server/errors.ts), each with its HTTP status.
 * Routes and the API turn a code into the message of the user's language
 * (server/http/error-text.ts); nothing compares message text.
 */

/** Codes worded in the `errors` catalogue. */
export const CATALOGUE_ERROR_STATUS = {
  "cart.item_unavailable": 409,
  "cart.max_stock": 409,
  "cart.invalid_quantity": 400,
  "cart.invalid_request": 400,
  "cart.empty": 400,
  "cart.has_unavailable_lines": 409,
  "order.not_found": 404,
  "order.stock_conflict": 409,
  "order.not_cancellable": 409,
  "order.email_unverified": 403,
  "cart.quote_unavailable": 404,
  "cart.quote_not_priced": 409,
  "cart.quote_expired": 409,
  "refund.not_refundable": 409,
  "refund.nothing_chosen": 400,
  "refund.too_many_units": 400,
  "refund.shipping_already_refunded": 400,
  "refund.invalid_amount": 400,
  "refund.exceeds_paid": 400,
  "refund.lines_or_amount": 400,
  "refund.provider_failed": 503,
  "refund.provider_pending": 503,
  "refund.changed": 409,
  "order.quote_changed": 409,
  "order.parts_started": 409,
  "order.parts_not_done": 409,
  "order.use_delivery_steps": 409,
  "order.refund_pending": 409,
  "quote.in_order": 409,
  "quote.locked": 409,
  "item.held_by_orders": 409,
  "settings.stale": 409,
  "settings.version_required": 400,
  "faq.stale": 409,
  "faq.not_found": 404,
  "faq.too_many": 409,
  "home.stale": 409,
  "home.not_found": 404,
  "home.too_many": 409,
  "dashboard.invalid_range": 400,
  "request.invalid_id": 400,
  "first_steps.unknown": 400,
  "checkout.item_without_weight": 409,
  "checkout.invalid_method": 400,
  "checkout.invalid_address": 400,
  "checkout.no_shipping_zone": 400,
  "checkout.invalid_order": 400,
  "checkout.no_saved_address": 400,
  "checkout.part_weight_unknown": 409,
  "checkout.invalid_guest": 400,
  "quote.price_over_limit": 400,
} as const satisfies Record<string, ErrorStatus>;

/** Codes worded by their feature's catalogue (the admin's, the account's), where the words already live. */
export const FEATURE_ERROR_STATUS = {
  "outbox.not_found": 404,
  "customer.not_found": 404,
  "item.create_invalid": 400,
  "item.update_invalid": 400,
  "item.not_found": 404,
  "item.stale": 409,
  "item.stock_changed": 409,
  "item.stock_under_held": 409,
  "category.create_invalid": 400,
  "category.update_invalid": 400,
  "category.not_found": 404,
  "category.in_use": 409,
  "staff.invalid_role": 400,
  "staff.admin_required": 403,
  "staff.user_not_found": 404,
  "staff.last_admin": 409,
  "message.invalid_change": 400,
  "message.not_found": 404,
  "account.not_found": 404,
  "account.email_mismatch": 400,
  "account.last_admin": 409,
  "contact.invalid": 400,
  "portfolio.invalid": 400,
  "portfolio.not_found": 404,
  "portfolio.stale": 409,
  "portfolio.too_many_featured": 409,
  "pages.invalid": 400,
  "pages.not_found": 404,
  "pages.stale": 409,
  "pages.too_many": 409,
} as const satisfies Record<string, ErrorStatus>;

export const ERROR_STATUS = { ...CATALOGUE_ERROR_STATUS, ...FEATURE_ERROR_STATUS };

export type CatalogueErrorCode = keyof typeof CATALOGUE_ERROR_STATUS;
export type FeatureErrorCode = keyof typeof FEATURE_ERROR_STATUS;
export type DomainErrorCode = CatalogueErrorCode | FeatureErrorCode;
