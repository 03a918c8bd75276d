import type { ApiErrorBody } from "~/lib/api-errors";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ApiErrorBody["error"] | null };

/** A JSON call to this site's /api, never throwing: network failures come back as status 0. */
export async function postJson<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  return request<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

export async function getJson<T>(path: string): Promise<ApiResult<T>> {
  return request<T>(path, { method: "GET" });
}

async function request<T>(path: string, init: RequestInit): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: "same-origin" });
  } catch {
    return { ok: false, status: 0, error: null };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // not JSON
  }
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  return { ok: false, status: response.status, error: (json as ApiErrorBody | null)?.error ?? null };
}
