import type { Locale } from "../lib/locale.ts";
import { en, type Messages } from "./en/index.ts";
import { fr } from "./fr/index.ts";

export type { Messages };

const catalogues: Record<Locale, Messages> = { en, fr };

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}
