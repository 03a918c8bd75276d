import type { Locale } from "./locale.ts";

export type Theme = "light" | "dark";
/** What a page is rendered in: the visitor's choice, or the system's preference until they choose. */
export type ThemeSetting = Theme | "system";
export const THEME_COOKIE = "theme";
export const LOCALE_COOKIE = "lang";
const YEAR = 60 * 60 * 24 * 365;

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined; // A malformed cookie counts as not sent.
    }
  }
  return undefined;
}

/** The visitor's saved choice; without one, the system's preference (issue 36, CSS `prefers-color-scheme`). */
export function themeFrom(saved: string | undefined): ThemeSetting {
  return saved === "dark" || saved === "light" ? saved : "system";
}

export function preferenceCookie(name: typeof THEME_COOKIE | typeof LOCALE_COOKIE, value: Theme | Locale): string {
  return `${name}=${value}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}
