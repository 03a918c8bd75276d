import { intlLocale, type Locale } from "../../../domain/locale.ts";
import { useLocale, useMessages } from "~/features/i18n/use-locale";

/** "Thursday, December 3" / « jeudi 3 décembre » (with the year when it is not this year's). */
export function readyByText(date: string, locale: Locale, today = new Date()): string {
  const day = new Date(`${date}T12:00:00Z`);
  const otherYear = day.getUTCFullYear() !== today.getUTCFullYear();
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(otherYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(day);
}

/**
 * When the quote's parts would be ready if ordered now (the server's date, from the studio's
 * production queue and working days), beside the price; marked as an estimate while the price is.
 */
export function ReadyBy({ date, estimated }: { date: string; estimated: boolean }) {
  const m = useMessages("quote").quote;
  const locale = useLocale();
  return (
    <div className="mt-3 border-t border-border pt-3 text-sm" data-testid="ready-by">
      <p className="font-semibold">
        <time dateTime={date}>{m.readyBy(readyByText(date, locale))}</time>
      </p>
      <p className="text-xs text-muted">{estimated ? `${m.readyByEstimated} ${m.readyByHint}` : m.readyByHint}</p>
    </div>
  );
}
