import type { ErrorStatus } from "./api-errors.ts";

/**
 * The stable codes of the errors services throw (server/errors.ts), each with its HTTP status.
 * Routes and the API turn a code into the message of the user's language (the `errors` catalogue);
 * nothing compares message text.
 */
export const ERROR_STATUS = {
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
} as const satisfies Record<string, ErrorStatus>;

export type DomainErrorCode = keyof typeof ERROR_STATUS;

export function isDomainErrorCode(value: unknown): value is DomainErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
