import type { Messages } from "~/i18n";
import type { AuthError } from "~/lib/auth-rules";
import type { AuthFailure } from "../../../server/auth/accounts.ts";

export function validationMessage(m: Messages, error: AuthError): string {
  return m.auth[error];
}

/** The server's reason, in the page's language. */
export function failureReason(m: Messages, failure: AuthFailure, fallback: string): string {
  return failure === "unknown" ? fallback : m.auth[failure];
}
