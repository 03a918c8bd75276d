const PROBE = "http://site.invalid";

/**
 * Only a path on this site: never another origin ("//evil.example", "/\evil.example",
 * "https://…"), and nothing with control characters or backslashes, which browsers strip or
 * rewrite before reading the address ("/\t/evil.example" is "//evil.example" to them).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (!URL.canParse(to, PROBE)) return fallback;
  const url = new URL(to, PROBE);
  if (url.origin !== PROBE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
