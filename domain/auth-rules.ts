/** Why an account operation failed; the catalogue words each one. */
export type AuthFailure =
  | "invalidCredentials"
  | "emailTaken"
  | "invalidEmail"
  | "passwordTooShort"
  | "tooManyAttempts"
  | "invalidToken"
  | "wrongPassword"
  | "sameEmail"
  | "unknown";

export const PASSWORD_MIN_LENGTH = 6;
/** Every text of an account has a ceiling (better-auth's own password maximum is 128). */
export const USERNAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Codes of the spec's account messages; the catalogue gives each its words in both languages. */
export type AuthError = "fillAllFields" | "passwordsDoNotMatch" | "passwordTooShort" | "fieldTooLong";

export type LoginInput = { email: string; password: string };
export type SignupInput = LoginInput & { username: string; confirmPassword: string };

export function validateLogin(input: Partial<LoginInput>): AuthError | null {
  if (!input.email?.trim() || !input.password) return "fillAllFields";
  if (input.email.length > EMAIL_MAX_LENGTH || input.password.length > PASSWORD_MAX_LENGTH) return "fieldTooLong";
  return null;
}

export function validateSignup(input: Partial<SignupInput>): AuthError | null {
  if (!input.username?.trim() || !input.email?.trim() || !input.password || !input.confirmPassword) {
    return "fillAllFields";
  }
  if (
    input.username.trim().length > USERNAME_MAX_LENGTH ||
    input.email.length > EMAIL_MAX_LENGTH ||
    input.password.length > PASSWORD_MAX_LENGTH
  ) {
    return "fieldTooLong";
  }
  if (input.password !== input.confirmPassword) return "passwordsDoNotMatch";
  if (input.password.length < PASSWORD_MIN_LENGTH) return "passwordTooShort";
  return null;
}

/** The display name: the username, else the part of the e-mail before the at-sign. */
export function displayName(user: { username?: string | null; email: string }): string {
  return user.username?.trim() || user.email.split("@")[0];
}
