import type { Context } from "hono";
import { ApiError } from "./errors.ts";

/**
 * A JSON endpoint's body as an object; anything else (malformed JSON, an array, a number) is a 400
 * "Invalid JSON body". An empty body is an empty object: the service then says which fields are missing.
 */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "Invalid JSON body");
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new ApiError(400, "Invalid JSON body");
  return value as Record<string, unknown>;
}
