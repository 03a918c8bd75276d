
export const PASSWORD_MIN_LENGTH = 6;
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Codes of the spec's account messages; the catalogue gives each its words in both languages. */
export type AuthError = "fillAllFields" | "passwordsDoNotMatch" | "passwordTooShort";

export type LoginInput = { email: string; password: string };
export type SignupInput = LoginInput & { username: string; confirmPassword: string };

export function validateLogin(input: Partial<LoginInput>): AuthError | null {
  if (!input.email?.trim() || !input.password) return "fillAllFields";
  return null;
}

export function validateSignup(input: Partial<SignupInput>): AuthError | null {
  if (!input.username?.trim() || !input.email?.trim() || !input.password || !input.confirmPassword) {
    return "fillAllFields";
  }
  if (input.password !== input.confirmPassword) return "passwordsDoNotMatch";
  if (input.password.length < PASSWORD_MIN_LENGTH) return "passwordTooShort";
  return null;
}


/** The display name: the username, else the part of the e-mail before the at-sign. */
export function displayName(user: { username?: string | null; email: string }): string {
  return user.username?.trim() || user.email.split("@")[0];
}
