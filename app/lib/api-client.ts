import type { ApiErrorBody } from "../../domain/api-errors.ts";
import type { Locale } from "../../domain/locale.ts";

/**
 * The browser's one way to call this site's JSON API (for what a page cannot do as a form: uploads,
 * payment providers, live previews). Never throws: a network failure comes back as status 0.
 */
export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiErrorBody["error"] | null };

/** Accept-Language of a call, so that the server answers in the page's language. */
export function languageHeader(locale: Locale): string {
  return locale === "fr" ? "fr-CA" : "en-CA";
}

async function callApi<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  locale?: Locale,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (locale) headers["accept-language"] = languageHeader(locale);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch {
    return { ok: false, status: 0, error: null };
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  return { ok: false, status: response.status, error: (json as ApiErrorBody | null)?.error ?? null };
}

export function postJson<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  return callApi<T>("POST", path, body);
}

export function putJson<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  return callApi<T>("PUT", path, body);
}

export function getJson<T>(path: string, signal?: AbortSignal): Promise<ApiResult<T>> {
  return callApi<T>("GET", path, undefined, undefined, signal);
}

/** DELETE, answered in `locale`'s language. */
export function deleteJson<T>(path: string, locale?: Locale): Promise<ApiResult<T>> {
  return callApi<T>("DELETE", path, undefined, locale);
}
