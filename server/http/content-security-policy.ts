import { randomBytes } from "node:crypto";
import { createContext } from "react-router";

/** The nonce of this response's inline scripts, handed from the HTTP layer to the renderer. */
export const nonceContext = createContext<string>("");

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

const STRIPE = {
  script: "https://js.stripe.com",
  frame: "https://js.stripe.com https://hooks.stripe.com",
  connect: "https://api.stripe.com",
};

function stripeConfigured(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY && process.env.STRIPE_PUBLISHABLE_KEY);
}

/**
 * Pages: scripts only from this origin or carrying this response's nonce; no plugins, no
 * framing, forms and base URL pinned to the site. Inline style attributes are allowed (React's
 * `style` props), inline scripts are not. Stripe's hosts only when Stripe is configured.
 */
export function pagePolicy(nonce: string): string {
  const stripe = stripeConfigured();
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${stripe ? ` ${STRIPE.script}` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? ` ${STRIPE.connect}` : ""}`,
    // 'self': the outbox frames each e-mail from /api/admin/outbox/:id/html.
    `frame-src 'self'${stripe ? ` ${STRIPE.frame}` : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Everything that is not a page (JSON, pictures, SVG): nothing may run in it. */
export const RESOURCE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * An e-mail shown in the outbox's frame: nothing runs, it has no origin (sandbox), its links may
 * open a new tab, and only this site may frame it.
 */
export const OUTBOX_MAIL_POLICY =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
