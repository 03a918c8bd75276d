import { messagesFor, type Messages } from "../../messages/messages.server.ts";
import type { Locale } from "../../domain/locale.ts";

/**
 * The language of an API answer: the site's pages send `Accept-Language: fr-CA` from French
 * pages; other clients get English, the spec's wording.
 */
export function requestLocale(headers: Headers): Locale {
  const first = headers.get("accept-language")?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("fr") ? "fr" : "en";
}

export function requestMessages(headers: Headers): Messages {
  return messagesFor(requestLocale(headers));
}
