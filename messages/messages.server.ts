import type { Locale } from "../domain/locale.ts";
import { en, type Messages } from "./en/index.ts";
import { fr } from "./fr/index.ts";

export type { Messages };

/**
 * Every catalogue in both languages, for the server: services, loaders and actions read them here,
 * and entry.server.tsx hands them to the pages it renders. The browser gets one language's
 * catalogues, one feature at a time, through catalogue.ts.
 */
const catalogues: Record<Locale, Messages> = { en, fr };

export const allMessages = catalogues;

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}
