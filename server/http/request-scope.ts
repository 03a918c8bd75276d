import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";

/**
 * What one request works out once for all its loaders and handlers (the root loader, the page's
 * loader and the cart all ask who is signed in), and the cookies they want the answer to set.
 */
export type RequestScope = { method: string; memo: Map<string, Promise<unknown>>; setCookies: string[] };

const storage = new AsyncLocalStorage<RequestScope>();

export function requestScope(): RequestScope | undefined {
  return storage.getStore();
}

/** The value computed for `key` in this request, computed now if it has not been (or outside a request). */
export function oncePerRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope) return compute();
  let value = scope.memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    scope.memo.set(key, value);
  }
  return value;
}

/** Runs `work` in a scope of its own: it sees nothing of the current request's answers and sets none of its cookies. */
export function inOwnScope<T>(method: string, work: () => T): T {
  return storage.run({ method, memo: new Map(), setCookies: [] }, work);
}

export function scopedRequests(): MiddlewareHandler {
  return async (c, next) => {
    const scope: RequestScope = { method: c.req.method, memo: new Map(), setCookies: [] };
    await storage.run(scope, next);
    if (scope.setCookies.length === 0) return;
    const response = new Response(c.res.body, c.res);
    for (const cookie of scope.setCookies) response.headers.append("Set-Cookie", cookie);
    c.res = response;
  };
}
