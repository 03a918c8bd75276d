import type { ApiErrorBody } from "~/lib/api-errors";
import type { Locale } from "~/lib/locale";

export type AdminFailure = { ok: false; status: number; message?: string; fields?: Record<string, string> };
export type AdminResult<T> = { ok: true; data: T } | AdminFailure;

/** Accept-Language of the admin's requests, so that the server answers in the page's language. */
export function languageHeader(locale: Locale): string {
  return locale === "fr" ? "fr-CA" : "en-CA";
}

/** Calls the admin API with the session cookie. A failure carries the server's message and per-field messages. */
export async function adminRequest<T>(
  path: string,
  locale: Locale,
  options: { method?: string; body?: unknown } = {},
): Promise<AdminResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: {
        "accept-language": languageHeader(locale),
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0 };
  }
  const body = (await response.json().catch(() => null)) as (T & Partial<ApiErrorBody>) | null;
  if (response.ok && body) return { ok: true, data: body };
  return { ok: false, status: response.status, message: body?.error?.message, fields: body?.error?.fields };
}
