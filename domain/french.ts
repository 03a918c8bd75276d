/** "de" before a name, elided before a vowel: "d’Orignal", "de Dragon" (an h is left as it is). */
export function deName(name: string): string {
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(name) ? `d’${name}` : `de ${name}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The colon after a label: French puts a no-break space before it ("Téléphone : …"). */
export function colon(locale: "en" | "fr"): string {
  return locale === "fr" ? "\u00a0: " : ": ";
}
