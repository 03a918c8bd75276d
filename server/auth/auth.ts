import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins";
import { authSecret, config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { account, session, user, verification } from "../db/schema.ts";
import { PASSWORD_MIN_LENGTH } from "../../app/lib/auth-rules.ts";
import { CLIENT_IP_HEADER } from "../http/client-ip.ts";
import { betterAuthRateLimitStorage } from "../http/rate-limit.ts";
import { sendResetPasswordMail, sendVerificationMail } from "../accounts/account-mail.ts";

/** A reset link works for one hour, a verification link for a day (decision 029). */
export const RESET_LINK_SECONDS = 60 * 60;
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

async function createAuth() {
  const db = await getDb();
  return betterAuth({
    appName: config.studio.name,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
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
    user: {
      fields: { name: "username" },
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    plugins: [bearer()],
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
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
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
