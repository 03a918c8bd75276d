import { messagesFor, type Messages } from "../../messages/messages.server.ts";
import { ADDRESS_ERROR_MESSAGES, type AddressFieldError } from "../../domain/address.ts";
import type { ContactFieldError } from "../../domain/contact-fields.ts";
import type { GuestFieldError } from "../../domain/guest-checkout.ts";
import type { DomainErrorCode, FeatureErrorCode } from "../../domain/error-codes.ts";
import type { FaqFieldError } from "../../domain/faq.ts";
import type { HomeFieldError } from "../../domain/home-content.ts";
import type { ValidationKey } from "../../domain/inventory.ts";
import type { Locale } from "../../domain/locale.ts";
import { formatMoney } from "../../domain/money.ts";
import { config } from "../config.ts";
import type { ProjectValidationKey } from "../../domain/portfolio.ts";
import type { SectionFieldError } from "../../domain/page-sections.ts";
import type { NoticeFieldError } from "../../domain/studio-notices.ts";
import type { DomainError } from "../errors.ts";
import type { FileProblem } from "../quotes/file-checks.ts";

/** Why a 3D file was refused (a quote's, a store model's), in the quotes' words; `count` is the number it says. */
function fileWords(m: Messages, problem: string | undefined, count: number): string {
  const words = m.quote.fileProblems[problem as FileProblem] ?? m.quote.fileProblems["unknown-format"];
  return typeof words === "function" ? words(count) : words;
}

/** A code's words: `count` is the number they say; the error gives the rest (its fields' problems, a limit). */
type Words = (m: Messages, count: number, error: DomainError, locale: Locale) => string;

const FEATURE_WORDS: Record<FeatureErrorCode, Words> = {
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
  "settings.invalid": (m) => m.settings.fixErrors,
  "settings.not_found": (m) => m.settings.notFound,
  "notices.settings_invalid": (m) => m.settings.fixErrors,
  "home.invalid": (m) => m.homeAdmin.fixErrors,
  "faq.invalid": (m) => m.faqAdmin.fixErrors,
  "address.invalid": (m) => m.account.addresses.fixErrors,
  "address.not_found": (m) => m.account.addresses.notFound,
  "address.too_many": (m) => m.account.addresses.tooMany,
  // A refused file says why: the problem of its `file` field.
  "upload.invalid": (m, megabytes, { fields }) =>
    fields?.file === "tooLarge" ? m.admin.errors.imageTooLarge(megabytes) : m.admin.errors.notAnImage,
  "quote.file_invalid": (m, count, { fields }) => fileWords(m, fields?.file, count),
  "item.model_invalid": (m, count, { fields, limit }) =>
    fields?.file === "too-detailed" ? m.admin.model.tooDetailed(limit ?? 0, count) : fileWords(m, fields?.file, count),
  "discount.unknown": (m) => m.checkout.discount.refusals.unknown,
  "discount.not_yet_valid": (m) => m.checkout.discount.refusals.not_yet_valid,
  "discount.expired": (m) => m.checkout.discount.refusals.expired,
  "discount.used_up": (m) => m.checkout.discount.refusals.used_up,
  "discount.already_used": (m) => m.checkout.discount.refusals.already_used,
  // `count` is the cents the order is short of the promotion's minimum.
  "discount.minimum_not_met": (m, cents, _error, locale) =>
    m.checkout.discount.refusals.minimum_not_met(formatMoney(cents, config.currency, locale)),
  "discount.first_order_only": (m) => m.checkout.discount.refusals.first_order_only,
  "discount.applies_to_nothing": (m) => m.checkout.discount.refusals.applies_to_nothing,
  "discount.invalid": (m) => m.discountsAdmin.fixErrors,
  "discount.not_found": (m) => m.discountsAdmin.notFound,
};

/** The words of one field's problem: each form has its own. */
function fieldWords(m: Messages, locale: Locale, code: DomainErrorCode, problem: string): string {
  if (code === "contact.invalid") return m.contact.errors[problem as ContactFieldError] ?? problem;
  if (code === "portfolio.invalid") return m.portfolioAdmin.validation[problem as ProjectValidationKey] ?? problem;
  if (code === "pages.invalid") return m.pagesAdmin.validation[problem as SectionFieldError] ?? problem;
  // The API's words of a settings field; Admin → Settings words each form's own (admin-settings.tsx).
  if (code === "settings.invalid") {
    const words: Record<string, string> = { ...m.settings.identity.errors, ...m.settings.errors };
    return words[problem] ?? m.settings.fixErrors;
  }
  if (code === "notices.settings_invalid") return m.notices.errors[problem as NoticeFieldError] ?? problem;
  if (code === "home.invalid") return m.homeAdmin.errors[problem as HomeFieldError] ?? m.homeAdmin.fixErrors;
  if (code === "faq.invalid") return m.faqAdmin.errors[problem as FaqFieldError] ?? m.faqAdmin.fixErrors;
  if (code === "checkout.invalid_address" || code === "address.invalid")
    return ADDRESS_ERROR_MESSAGES[locale][problem as AddressFieldError] ?? problem;
  if (code === "checkout.invalid_guest") return m.checkout.guest.errors[problem as GuestFieldError] ?? problem;
  if (code === "cart.invalid_quantity") return m.errors["cart.invalid_quantity"];
  // The pricing screens word each field's stable code themselves ("too_big", "none-offered"); a
  // refused file keeps its problem's code ("unknown-format"), which its message says in words.
  if (code === "quote.terms_invalid" || code === "material.invalid") return problem;
  if (code === "upload.invalid" || code === "quote.file_invalid" || code === "item.model_invalid") return problem;
  return m.admin.validation[problem as ValidationKey] ?? problem;
}

export type ErrorText = { message: string; fields?: Record<string, string> };

/** A service's refusal in words of the locale: its message, and the message of each field it names. */
export function errorText(error: DomainError, locale: Locale): ErrorText {
  const m = messagesFor(locale);
  const code = error.code;
  const message =
    code in FEATURE_WORDS
      ? FEATURE_WORDS[code as FeatureErrorCode](m, error.count ?? 0, error, locale)
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
