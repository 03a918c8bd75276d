import type { Messages } from "~/i18n/catalogue";
import type { AuthError } from "../../../domain/auth-rules.ts";
import type { AuthFailure } from "../../../domain/auth-rules.ts";

export function validationMessage(m: Pick<Messages, "auth">, error: AuthError): string {
  return m.auth[error];
}

/** The server's reason, in the page's language. */
export function failureReason(m: Pick<Messages, "auth">, failure: AuthFailure, fallback: string): string {
  return failure === "unknown" ? fallback : m.auth[failure];
}
