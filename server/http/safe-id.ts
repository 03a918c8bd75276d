/**
 * Ids from the outside world (paths, bodies) before they reach a query: PostgreSQL refuses NUL
 * bytes in text, and no id of ours has control characters or runs past 255 characters.
 */
export function isSafeId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 255 && !/[\u0000-\u001f\u007f]/.test(value);
}
