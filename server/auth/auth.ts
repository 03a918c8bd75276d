import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins";
import { authSecret, config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { account, session, user, verification } from "../db/schema.ts";
import { APIError, createAuthMiddleware } from "better-auth/api";
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from "../../domain/auth-rules.ts";
import { AUTH_ADDRESS_HEADER } from "../http/client-address.ts";
import { betterAuthRateLimitStorage } from "../http/rate-limit.ts";
import { sendResetPasswordMail, sendVerificationMail } from "../accounts/account-mail.ts";
import { tellExistingAccountOwner } from "./existing-address.ts";
import { cookieCacheVersion, distrustCachedSessions, SESSION_COOKIE_CACHE_SECONDS } from "./cache-revocations.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";
import { joinGuestOrders } from "../orders/guest-join.ts";
import { onSiteChanged } from "../db/site-changes.ts";

export { SESSION_COOKIE_CACHE_SECONDS };

/** A reset link works for one hour, a verification link for a day (decision 029). */
export const RESET_LINK_SECONDS = 60 * 60;
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

/**
 * Usernames and e-mails are text with a ceiling on every way in (the site's forms check the same
 * first). better-auth would hand a `null` name to the database, whose NOT NULL refusal was a 500.
 */
const limitAccountText = createAuthMiddleware(async (ctx) => {
  const body = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as { name?: unknown; email?: unknown };
  for (const field of ["name", "email"] as const) {
    if (field in body && typeof body[field] !== "string") {
      throw new APIError("BAD_REQUEST", { message: field === "name" ? "Username must be text" : "Email must be text" });
    }
  }
  if (typeof body.name === "string" && body.name.trim().length > USERNAME_MAX_LENGTH) {
    throw new APIError("BAD_REQUEST", { message: `Username is too long (${USERNAME_MAX_LENGTH} characters at most)` });
  }
  if (typeof body.email === "string" && body.email.length > EMAIL_MAX_LENGTH) {
    throw new APIError("BAD_REQUEST", { message: `Email is too long (${EMAIL_MAX_LENGTH} characters at most)` });
  }
});

async function createAuth() {
  const db = await getDb();
  return betterAuth({
    appName: (await getStudioIdentity()).name,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }, request) => sendResetPasswordMail(user, token, request),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: ({ user, url }, request) => sendVerificationMail(user, url, request),
    },
    hooks: { before: limitAccountText, after: tellExistingAccountOwner },
    session: {
      cookieCache: {
        enabled: true,
        maxAge: SESSION_COOKIE_CACHE_SECONDS,
        version: (_session, cachedUser) => cookieCacheVersion(cachedUser.id),
      },
    },
    // Every way better-auth ends a session (logout, revoke, password reset) ends its cached copies too.
    databaseHooks: {
      session: { delete: { after: async (ended) => distrustCachedSessions(ended.userId) } },
      // A verified address takes the guest orders placed with it (DESIGN.md: guest orders).
      user: {
        update: {
          after: async (changed) => {
            // The cached copies of its sessions carry the account as it was (its address, whether verified).
            distrustCachedSessions(changed.id);
            if (!changed.emailVerified) return;
            await joinGuestOrders(changed.id, changed.email);
          },
        },
      },
    },
    user: {
      fields: { name: "username" },
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    // Bearer tokens for API scripts: only the signed token that sign-in hands out (set-auth-token).
    plugins: [bearer({ requireSignature: true })],
    rateLimit: {
      enabled: process.env.RATE_LIMIT !== "off",
      // Counted where the app's own limits are: shared by every app server on PostgreSQL.
      customStorage: betterAuthRateLimitStorage,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
        "/change-password": { window: 60, max: 10 },
        "/change-email": { window: 60, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [AUTH_ADDRESS_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

const globalStore = globalThis as typeof globalThis & { __studioAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  globalStore.__studioAuth ??= createAuth();
  return globalStore.__studioAuth;
}

export function resetAuth(): void {
  globalStore.__studioAuth = undefined;
}

// Its appName is the studio's name (Admin → Settings): a new one takes effect on the next request.
onSiteChanged((change) => {
  if (change === "settings") resetAuth();
});

/** The endpoints whose answer carries the signed bearer token (set-auth-token) to an API script. */
const TOKEN_ISSUERS = new Set(["/api/auth/sign-in/email", "/api/auth/sign-up/email"]);

/**
 * better-auth's HTTP handler, minus what would give a page's JavaScript a usable credential: the
 * session's raw token in JSON bodies (get-session, list-sessions, sign-in) and the signed token
 * on any answer but sign-in and sign-up. The session cookie stays HttpOnly.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const response = await (await getAuth()).handler(request);
  const headers = new Headers(response.headers);
  if (!TOKEN_ISSUERS.has(new URL(request.url).pathname)) headers.delete("set-auth-token");
  if (!(headers.get("content-type") ?? "").includes("application/json"))
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  const text = await response.text();
  headers.delete("content-length");
  const body = text.includes('"token"')
    ? JSON.stringify(JSON.parse(text, (key, value: unknown) => (key === "token" ? undefined : value)))
    : text;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
