import { intlLocale, type Locale } from "../../../domain/locale.ts";

// One time zone on the server and in the browser, so that server-rendered dates match after hydration.
const STUDIO_TIME_ZONE = "America/Toronto";

export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: STUDIO_TIME_ZONE,
  }).format(new Date(iso));
}

export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: STUDIO_TIME_ZONE }).format(
    new Date(iso),
  );
}
