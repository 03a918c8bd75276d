import type { MiddlewareHandler } from "hono";
import { RESOURCE_POLICY } from "./content-security-policy.ts";

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Set in place: each c.header() on a finished response wraps it in a new Response around its
    // body stream, which cost more CPU than serving a cached page (and @hono/node-server's
    // direct write of a buffered body).
    if (!headersCanChange(c.res)) c.res = new Response(c.res.body, c.res);
    const headers = c.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    // A response that may be framed says so itself (the outbox's e-mails, by this site only).
    if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", RESOURCE_POLICY);
    const forwardedProto = c.req.header("x-forwarded-proto");
    if (new URL(c.req.url).protocol === "https:" || forwardedProto === "https") {
      headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
  };
}

/** A response from fetch() or Response.redirect() has headers that cannot be changed. */
function headersCanChange(response: Response): boolean {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return true;
  } catch {
    return false;
  }
}
