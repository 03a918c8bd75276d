import { useLocale } from "~/features/i18n/use-locale";
import { formatMoney } from "../../../domain/money.ts";
import { useRootData } from "~/root";

/** Formats integer cents in the site's currency for the page's language. */
export function useMoney(): (cents: number) => string {
  const { currency } = useRootData();
  const locale = useLocale();
  return (cents) => formatMoney(cents, currency, locale);
}
