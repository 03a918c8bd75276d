import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ERROR_CODES, type ApiErrorBody, type ErrorStatus } from "../../domain/api-errors.ts";
import type { Locale } from "../../domain/locale.ts";
import { DomainError } from "../errors.ts";
import { errorText } from "./error-text.ts";
import { requestLocale } from "./request-locale.ts";
import { log } from "../log.ts";

/** A failure the client should see as it is: status, spec code and message (and per-field messages). */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly fields?: Record<string, string>;
  constructor(status: ErrorStatus, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

export function errorBody(status: ErrorStatus, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code: ERROR_CODES[status], message, ...(fields ? { fields } : {}) } };
}

export function refusal(c: Context, error: DomainError, locale: Locale): Response {
  const text = errorText(error, locale);
  const body = errorBody(error.status, text.message, text.fields);
  return c.json({ error: { ...body.error, reason: error.code } }, error.status);
}

export function handleApiError(error: unknown, c: Context): Response {
  // A business rule's refusal: its status, its words in the language the client asks for (the
  // spec's English by default), and its stable code as `reason`.
  if (error instanceof DomainError) return refusal(c, error, requestLocale(c.req.raw.headers));
  if (error instanceof ApiError) return c.json(errorBody(error.status, error.message, error.fields), error.status);
  // Hono's own refusals (the CSRF origin check): their status, in our error shape.
  if (error instanceof HTTPException && error.status in ERROR_CODES) {
    const status = error.status as ErrorStatus;
    return c.json(
      errorBody(status, status === 403 ? "Cross-origin request refused" : error.message || "Request refused"),
      status,
    );
  }
  if (error instanceof SyntaxError) return c.json(errorBody(400, "Invalid JSON body"), 400);
  // A client that closed the connection mid-body (a cancelled upload) reads nothing back.
  if (c.req.raw.signal.aborted || clientLeft(error)) return c.json(errorBody(400, "The request was cancelled"), 400);
  log().error({ err: error, method: c.req.method, path: c.req.path }, "Request failed");
  return c.json(errorBody(500, "An unexpected error occurred"), 500);
}

function clientLeft(error: unknown): boolean {
  return (
    error instanceof Error && (error as NodeJS.ErrnoException).code === "ECONNRESET" && error.message === "aborted"
  );
}
