import { isbot } from "isbot";
import { LOCALE_COOKIE, readCookie } from "./preferences.ts";

/**
 * Whether "/" sends this visitor to /fr: the remembered choice wins; a first visit follows the
 * browser's language, except for crawlers, which get the English page at its own address.
 */
export function wantsFrench(headers: Headers): boolean {
  const saved = readCookie(headers.get("cookie"), LOCALE_COOKIE);
  if (saved) return saved === "fr";
  if (isbot(headers.get("user-agent") ?? "")) return false;
  const preferred = headers.get("accept-language")?.split(",")[0]?.trim().toLowerCase() ?? "";
  return preferred.startsWith("fr");
}
