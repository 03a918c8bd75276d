import { ERROR_STATUS, type DomainErrorCode } from "../domain/error-codes.ts";
import { isRecordId } from "../domain/record-id.ts";

export type DomainErrorDetails = {
  /** The form field the message is about. */
  field?: string;
  /** Several fields to fix, each with the code of its problem in its form's own words (the admin's
   * `admin.validation`, the address's, the contact form's: server/http/error-text.ts). */
  fields?: Record<string, string>;
  /** The number the message says ("3 units are held…"). */
  count?: number;
  /** The limit it says beside `count`, when it says both ("up to 1,000 triangles; this one has 1,200"). */
  limit?: number;
  /** For the logs, never shown. */
  detail?: string;
};

/**
 * A business rule refused something. Services throw it with a stable code (never translated
 * text); routes and the API map the code to a status and to the message in the user's language
 * (server/http/error-text.ts).
 */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly status: (typeof ERROR_STATUS)[DomainErrorCode];
  readonly field?: string;
  readonly fields?: Record<string, string>;
  readonly count?: number;
  readonly limit?: number;
  constructor(code: DomainErrorCode, details: DomainErrorDetails = {}) {
    super(details.detail ? `${code}: ${details.detail}` : code);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = details.field;
    this.fields = details.fields;
    this.count = details.count;
    this.limit = details.limit;
  }
}

/** Refuses, before any query, an id or a version that no numbered row can have (domain/record-id.ts). */
export function assertRecordIds(...values: (number | undefined)[]): void {
  if (values.some((value) => value !== undefined && !isRecordId(value))) throw new DomainError("request.invalid_id");
}
