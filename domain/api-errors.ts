/** The spec's function error codes and the HTTP statuses they come from. */
export const ERROR_CODES = {
  400: "invalid-argument",
  401: "unauthenticated",
  403: "permission-denied",
  404: "not-found",
  409: "aborted",
  413: "invalid-argument",
  429: "resource-exhausted",
  500: "internal",
  503: "unavailable",
  504: "deadline-exceeded",
} as const;

export type ErrorStatus = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorStatus];

/** Every error body the API returns: `{"error": {"code", "message"}}`. */
export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; reason?: string };
};
