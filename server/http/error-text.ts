import { messagesFor, type Messages } from "../../messages/messages.server.ts";
import { ADDRESS_ERROR_MESSAGES, type AddressFieldError } from "../../domain/address.ts";
import type { ContactFieldError } from "../../domain/contact-fields.ts";
import type { GuestFieldError } from "../../domain/guest-checkout.ts";
import type { DomainErrorCode, FeatureErrorCode } from "../../domain/error-codes.ts";
import type { ValidationKey } from "../../domain/inventory.ts";
import type { Locale } from "../../domain/locale.ts";
import type { ProjectValidationKey } from "../../domain/portfolio.ts";
import type { SectionFieldError } from "../../domain/page-sections.ts";
import type { DomainError } from "../errors.ts";

const FEATURE_WORDS: Record<FeatureErrorCode, (m: Messages, count: number) => string> = {
  "item.create_invalid": (m) => m.admin.errors.addItem,
  "item.update_invalid": (m) => m.admin.errors.updateItem,
  "item.not_found": (m) => m.admin.errors.itemNotFound,
  "item.stale": (m) => m.admin.errors.staleItem,
  "item.stock_changed": (m, onShelf) => m.admin.errors.stockChanged(onShelf),
  "item.stock_under_held": (m, held) => m.admin.errors.stockUnderHeld(held),
  "category.create_invalid": (m) => m.admin.errors.addCategory,
  "category.update_invalid": (m) => m.admin.errors.updateCategory,
  "category.not_found": (m) => m.admin.errors.categoryNotFound,
  "category.in_use": (m) => m.admin.errors.categoryInUse,
  "staff.invalid_role": (m) => m.admin.errors.updateRole,
  "staff.admin_required": () => "Admin role required",
  "staff.user_not_found": (m) => m.admin.errors.userNotFound,
  "staff.last_admin": (m) => m.admin.errors.lastAdmin,
  "message.invalid_change": (m) => m.admin.errors.updateMessage,
  "message.not_found": (m) => m.admin.errors.updateMessage,
  "outbox.not_found": (m) => m.admin.errors.mailNotFound,
  "customer.not_found": (m) => m.admin.errors.customerNotFound,
  "account.not_found": () => "Account not found",
  "account.email_mismatch": (m) => m.auth.deleteEmailMismatch,
  "account.last_admin": (m) => m.auth.deleteLastAdmin,
  "contact.invalid": (m) => m.contact.invalidForm,
  "portfolio.invalid": (m) => m.portfolioAdmin.errors.invalid,
  "portfolio.not_found": (m) => m.portfolioAdmin.errors.notFound,
  "portfolio.stale": (m) => m.portfolioAdmin.errors.stale,
  "portfolio.too_many_featured": (m, max) => m.portfolioAdmin.errors.tooManyFeatured(max),
  "pages.invalid": (m) => m.pagesAdmin.fixErrors,
  "pages.not_found": (m) => m.pagesAdmin.errors.notFound,
  "pages.stale": (m) => m.pagesAdmin.errors.stale,
  "pages.too_many": (m, max) => m.pagesAdmin.errors.tooMany(max),
  "order.not_allowed": (m) => m.orders.notAllowed,
  "order.cancel_refund_failed": (m) => m.orders.refundFailed,
  "fulfilment.not_allowed": (m) => m.fulfilment.errors.notAllowed,
  "fulfilment.invalid_tracking": (m) => m.fulfilment.errors.invalidTracking,
  "fulfilment.choose_carrier": (m) => m.fulfilment.errors.chooseCarrier,
};

/** The words of one field's problem: each form has its own. */
function fieldWords(m: Messages, locale: Locale, code: DomainErrorCode, problem: string): string {
  if (code === "contact.invalid") return m.contact.errors[problem as ContactFieldError] ?? problem;
  if (code === "portfolio.invalid") return m.portfolioAdmin.validation[problem as ProjectValidationKey] ?? problem;
  if (code === "pages.invalid") return m.pagesAdmin.validation[problem as SectionFieldError] ?? problem;
  if (code === "checkout.invalid_address")
    return ADDRESS_ERROR_MESSAGES[locale][problem as AddressFieldError] ?? problem;
  if (code === "checkout.invalid_guest") return m.checkout.guest.errors[problem as GuestFieldError] ?? problem;
  if (code === "cart.invalid_quantity") return m.errors["cart.invalid_quantity"];
  // The pricing screens word each field's stable code themselves ("too_big", "none-offered").
  if (code === "quote.terms_invalid" || code === "material.invalid") return problem;
  return m.admin.validation[problem as ValidationKey] ?? problem;
}

export type ErrorText = { message: string; fields?: Record<string, string> };

/** A service's refusal in words of the locale: its message, and the message of each field it names. */
export function errorText(error: DomainError, locale: Locale): ErrorText {
  const m = messagesFor(locale);
  const code = error.code;
  const message =
    code in FEATURE_WORDS
      ? FEATURE_WORDS[code as FeatureErrorCode](m, error.count ?? 0)
      : m.errors[code as keyof Messages["errors"]];
  const fields: Record<string, string> = {};
  for (const [field, problem] of Object.entries(error.fields ?? {}))
    fields[field] = fieldWords(m, locale, code, problem);
  if (error.field) fields[error.field] = message;
  return Object.keys(fields).length ? { message, fields } : { message };
}

/** The same, as a Conform reply's errors: next to the fields it names, or above the form. */
export function formErrorsOf(text: ErrorText): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const fieldErrors = Object.fromEntries(
    Object.entries(text.fields ?? {}).map(([field, message]) => [field, [message]]),
  );
  return { formErrors: text.fields ? [] : [text.message], fieldErrors };
}
