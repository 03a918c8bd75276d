export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "fr";
}

/** English lives at the spec's paths, French under /fr. */
export function localeFromPath(pathname: string): Locale {
  return pathname === "/fr" || pathname.startsWith("/fr/") ? "fr" : "en";
}

/** The path without its locale prefix: "/fr/store" → "/store". */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === "en") return pathname;
  const rest = pathname.slice(3);
  return rest === "" ? "/" : rest;
}

export function localizePath(path: string, locale: Locale): string {
  const base = stripLocale(path);
  if (locale === "en") return base;
  return base === "/" ? "/fr" : `/fr${base}`;
}

export function intlLocale(locale: Locale): string {
  return locale === "fr" ? "fr-CA" : "en-CA";
}
