import { ERROR_STATUS, type DomainErrorCode } from "../app/lib/error-codes.ts";

/**
 * A business rule refused something. Services throw it with a stable code (never translated
 * text); routes and the API map the code to a status and to the message in the user's language.
 */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly status: (typeof ERROR_STATUS)[DomainErrorCode];
  constructor(code: DomainErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.code = code;
    this.status = ERROR_STATUS[code];
  }
}
