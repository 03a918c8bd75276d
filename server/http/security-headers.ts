import type { MiddlewareHandler } from "hono";
import { RESOURCE_POLICY } from "./content-security-policy.ts";

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    if (!c.res.headers.has("Content-Security-Policy")) c.header("Content-Security-Policy", RESOURCE_POLICY);
    const forwardedProto = c.req.header("x-forwarded-proto");
    if (new URL(c.req.url).protocol === "https:" || forwardedProto === "https") {
      c.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
  };
}
