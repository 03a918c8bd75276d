import type { AuthFailure, LoginInput } from "../../domain/auth-rules.ts";
import { config } from "../config.ts";
import { AUTH_ADDRESS_HEADER } from "../http/client-address.ts";
import { getAuth } from "./auth.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { resetPasswordUrl, verifiedCallbackUrl } from "../accounts/account-mail.ts";

export type AuthResult =
  { ok: true; headers: Headers; userId: string } | { ok: false; failure: AuthFailure; message: string };

const FAILURES: Record<string, AuthFailure> = {
  INVALID_EMAIL_OR_PASSWORD: "invalidCredentials",
  USER_ALREADY_EXISTS: "emailTaken",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "emailTaken",
  INVALID_EMAIL: "invalidEmail",
  PASSWORD_TOO_SHORT: "passwordTooShort",
  INVALID_TOKEN: "invalidToken",
  INVALID_PASSWORD: "wrongPassword",
};

/**
 * Account actions go through better-auth's HTTP handler (not its server API) so that its rate
 * limits, keyed on the client's address, apply to the site's own forms too.
 */
async function callAuth(request: Request, clientAddress: string, path: string, body: unknown): Promise<AuthResult> {
  const auth = await getAuth();
  const headers = new Headers({
    "content-type": "application/json",
    origin: config.publicUrl,
    [AUTH_ADDRESS_HEADER]: clientAddress,
  });
  // The page's language, so that an e-mail better-auth asks us to send is in it.
  headers.set("accept-language", localeFromPath(new URL(request.url).pathname) === "fr" ? "fr-CA" : "en-CA");
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await auth.handler(
    new Request(`${config.publicUrl}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  if (response.ok) {
    const forwarded = new Headers();
    for (const cookie of response.headers.getSetCookie()) forwarded.append("Set-Cookie", cookie);
    const payload = (await response.json().catch(() => ({}))) as { user?: { id?: string } };
    return { ok: true, headers: forwarded, userId: payload.user?.id ?? "" };
  }
  const payload = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const failure =
    response.status === 429
      ? "tooManyAttempts"
      : payload.message === "Email is the same"
        ? "sameEmail"
        : (FAILURES[payload.code ?? ""] ?? "unknown");
  return { ok: false, failure, message: payload.message ?? "" };
}

export function signIn(request: Request, clientAddress: string, input: LoginInput): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/sign-in/email", { email: input.email.trim(), password: input.password });
}

export function signUp(
  request: Request,
  clientAddress: string,
  input: LoginInput & { username: string },
): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/sign-up/email", {
    name: input.username.trim(),
    email: input.email.trim(),
    password: input.password,
    callbackURL: verifiedCallbackUrl(localeFromPath(new URL(request.url).pathname)),
  });
}

export function signOut(request: Request, clientAddress: string): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/sign-out", {});
}

/**
 * Sends a reset link if the address has an account; the answer is the same either way, so the
 * form never tells who has an account. The link leads to our /reset-password page.
 */
export async function requestPasswordReset(
  request: Request,
  clientAddress: string,
  email: string,
): Promise<AuthResult> {
  const locale = localeFromPath(new URL(request.url).pathname);
  // better-auth checks redirectTo against the site's origin; our e-mail builds its own link from the token.
  return callAuth(request, clientAddress, "/request-password-reset", {
    email: email.trim(),
    redirectTo: resetPasswordUrl("", locale),
  });
}

export function resetPassword(
  request: Request,
  clientAddress: string,
  token: string,
  newPassword: string,
): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/reset-password", { token, newPassword });
}

/** "Send the link again": a new verification link to the signed-in buyer's address. */
export function sendVerificationAgain(request: Request, clientAddress: string, email: string): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/send-verification-email", {
    email,
    callbackURL: verifiedCallbackUrl(localeFromPath(new URL(request.url).pathname)),
  });
}

export function changePassword(
  request: Request,
  clientAddress: string,
  currentPassword: string,
  newPassword: string,
): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/change-password", {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });
}

/** A verified buyer's new address takes effect when they open the link sent to it; an unverified one's at once, with a link to verify. */
export function changeEmail(request: Request, clientAddress: string, newEmail: string): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/change-email", {
    newEmail: newEmail.trim(),
    callbackURL: verifiedCallbackUrl(localeFromPath(new URL(request.url).pathname)),
  });
}
