import type { LoginInput } from "../../app/lib/auth-rules.ts";
import { config } from "../config.ts";
import { AUTH_ADDRESS_HEADER } from "../http/client-address.ts";
import { getAuth } from "./auth.ts";

export type AuthFailure =
  | "invalidCredentials"
  | "emailTaken"
  | "invalidEmail"
  | "passwordTooShort"
  | "tooManyAttempts"
  | "unknown";

export type AuthResult = { ok: true; headers: Headers } | { ok: false; failure: AuthFailure; message: string };

const FAILURES: Record<string, AuthFailure> = {
  INVALID_EMAIL_OR_PASSWORD: "invalidCredentials",
  USER_ALREADY_EXISTS: "emailTaken",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "emailTaken",
  INVALID_EMAIL: "invalidEmail",
  PASSWORD_TOO_SHORT: "passwordTooShort",
};

/**
 * Account actions go through better-auth's HTTP handler (not its server API) so that its rate
 * limits, keyed on the client's address, apply to the site's own forms too.
 */
async function callAuth(request: Request, clientAddress: string, path: string, body: unknown): Promise<AuthResult> {
  const auth = await getAuth();
  const headers = new Headers({ "content-type": "application/json", origin: config.publicUrl, [AUTH_ADDRESS_HEADER]: clientAddress });
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
    return { ok: true, headers: forwarded };
  }
  const payload = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const failure = response.status === 429 ? "tooManyAttempts" : (FAILURES[payload.code ?? ""] ?? "unknown");
  return { ok: false, failure, message: payload.message ?? "" };
}

export function signIn(request: Request, clientAddress: string, input: LoginInput): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/sign-in/email", { email: input.email.trim(), password: input.password });
}

export function signUp(request: Request, clientAddress: string, input: LoginInput & { username: string }): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/sign-up/email", {
    name: input.username.trim(),
    email: input.email.trim(),
    password: input.password,
  });
}

export function signOut(request: Request, clientAddress: string): Promise<AuthResult> {
  return callAuth(request, clientAddress, "/sign-out", {});
}
