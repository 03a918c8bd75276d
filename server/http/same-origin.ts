import type { MiddlewareHandler } from "hono";
import { data } from "react-router";
import { ApiError } from "./errors.ts";

/** Form posts from another site are refused: a browser always sends Origin on a cross-site POST. */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null" && (!URL.canParse(origin) || new URL(origin).host !== new URL(request.url).host)) {
    throw data("Cross-origin request refused", { status: 403 });
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * API writes only from this site's pages (or from clients that send no Origin, like a server
 * with a bearer token): a browser on another site always sends its Origin or Sec-Fetch-Site.
 */
export function sameOriginWrites(allowedOrigin: string): MiddlewareHandler {
  const allowed = new URL(allowedOrigin).origin;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      const crossSite = c.req.header("sec-fetch-site") === "cross-site";
      if ((origin && origin !== allowed && origin !== new URL(c.req.url).origin) || crossSite) {
        throw new ApiError(403, "Cross-origin request refused");
      }
    }
    await next();
  };
}
