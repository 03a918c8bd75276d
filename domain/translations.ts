import type { Locale } from "./locale.ts";

export type TranslatedText = { name: string; description: string };
/** Product content in both languages; French falls back to English where it is missing. */
export type Translations = { en: TranslatedText; fr?: Partial<TranslatedText> };

export function translate(translations: Translations, locale: Locale): TranslatedText {
  const en = translations.en;
  if (locale === "en") return en;
  const fr = translations.fr ?? {};
  return { name: fr.name || en.name, description: fr.description || en.description };
}
