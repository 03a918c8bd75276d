import { RouterContextProvider } from "react-router";

/**
 * What React Router gives a route's loader or action for `request`: its address, the route's
 * params and a router context, empty as on a request no middleware has marked (not shared).
 */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, url: new URL(request.url), params, context: new RouterContextProvider() } as never;
}
