import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { clientAddress } from "./client-address.ts";

/**
 * What one request works out once for all its loaders and handlers (the root loader, the page's
 * loader and the cart all ask who is signed in), the cookies they want the answer to set, and its
 * id: on every log line it writes, in the X-Request-Id header and on the error page.
 */
export type RequestScope = {
  requestId: string;
  method: string;
  memo: Map<string, Promise<unknown>>;
  setCookies: string[];
  log?: Logger;
  /** The client's address (client-address.ts): background work it queues is shared out by it. */
  clientAddress?: string;
};

const storage = new AsyncLocalStorage<RequestScope>();

export function requestScope(): RequestScope | undefined {
  return storage.getStore();
}

/** The request being answered only reads (a GET or HEAD): its answers may come from what is kept. */
export function answeringRead(): boolean {
  const method = storage.getStore()?.method;
  return method === "GET" || method === "HEAD";
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
  const current = storage.getStore();
  const requestId = current?.requestId ?? randomUUID();
  return storage.run(
    { requestId, method, memo: new Map(), setCookies: [], clientAddress: current?.clientAddress },
    work,
  );
}

/** The address of the client whose request is being answered, if any. */
export function currentClientAddress(): string | undefined {
  return storage.getStore()?.clientAddress;
}

/** The id of the request being answered, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function scopedRequests(): MiddlewareHandler {
  return async (c, next) => {
    const scope: RequestScope = {
      requestId: randomUUID(),
      method: c.req.method,
      memo: new Map(),
      setCookies: [],
      clientAddress: clientAddress(c),
    };
    await storage.run(scope, next);
    // A response built elsewhere (fetch, a cache) may have headers that cannot change: copied then.
    let response = c.res;
    try {
      response.headers.set("X-Request-Id", scope.requestId);
    } catch {
      response = new Response(response.body, response);
      response.headers.set("X-Request-Id", scope.requestId);
    }
    for (const cookie of scope.setCookies) response.headers.append("Set-Cookie", cookie);
    if (response !== c.res) c.res = response;
  };
}
