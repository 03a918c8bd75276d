import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { intlLocale } from "../../../domain/locale.ts";
import type { QuoteView } from "../../../domain/quote-view.ts";
import { AddQuoteToCart } from "./add-quote-to-cart";
import { duration, number } from "./quote-format";
import { ReadyBy } from "./ready-by";

type Money = (cents: number) => string;

/** The instant estimate, worked out in the browser until the slicer's exact price arrives. */
function Estimate({ cents, minimumNote, money }: { cents: number; minimumNote: string | null; money: Money }) {
  const m = useMessages("quote").quote;
  return (
    <>
      <h4 className="font-semibold">{m.estimate}</h4>
      <p className="text-2xl font-bold">{money(cents)}</p>
      {minimumNote && <p className="text-sm">{minimumNote}</p>}
      <p className="text-xs text-muted">{m.estimateNote}</p>
    </>
  );
}

/** Before the server has answered: the estimate alone, beside the part. */
export function FirstEstimate(props: { cents: number; minimumNote: string | null; money: Money }) {
  const m = useMessages("quote").quote;
  return (
    <section aria-label={m.estimate} aria-live="polite" className="self-start rounded-lg bg-surface-2 p-4">
      <Estimate {...props} />
    </section>
  );
}

/**
 * The quote's price: the exact one once the slicer has priced the options shown (with what it
 * takes, the discount, the date it is held until and "Add to cart"), the estimate meanwhile, and
 * when it could be ready.
 */
export function PricePanel({
  quote,
  exact,
  quantity,
  estimateCents,
  estimateMinimum,
  minimumNote,
  upToDate,
  money,
}: {
  quote: QuoteView;
  exact: QuoteView["exact"];
  quantity: number;
  estimateCents: number | null;
  estimateMinimum: boolean;
  minimumNote: string;
  /** The quote answers for the options shown (not a choice still being priced). */
  upToDate: boolean;
  money: Money;
}) {
  const m = useMessages("quote").quote;
  const locale = useLocale();
  // Nothing to say of a price (a part no printer holds): no empty price box.
  if (!exact && estimateCents === null && !(upToDate && quote.readyBy)) return null;
  return (
    <section aria-label={exact ? m.exactPrice : m.estimate} aria-live="polite" className="rounded-lg bg-surface-2 p-4">
      {exact ? (
        <>
          <h4 className="font-semibold">{m.exactPrice}</h4>
          {exact.seconds === null && <p className="text-sm">{m.reviewPriced}</p>}
          <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
            {exact.seconds !== null && exact.grams !== null && (
              <>
                <dt>{m.printTime}</dt>
                <dd>{duration(exact.seconds)}</dd>
                <dt>{m.materialUsed}</dt>
                <dd>{m.grams(number(exact.grams, locale))}</dd>
              </>
            )}
            <dt>{m.unitPrice}</dt>
            <dd>{money(exact.unitCents)}</dd>
            {exact.discountPercent > 0 && (
              <>
                <dt>{m.discount(exact.discountPercent)}</dt>
                <dd>−{money(exact.unitCents * quantity - exact.totalCents)}</dd>
              </>
            )}
            <dt className="text-base font-bold">{m.total}</dt>
            <dd className="text-base font-bold">{money(exact.totalCents)}</dd>
          </dl>
          {exact.minimumApplies && <p className="mt-2 text-sm">{minimumNote}</p>}
          {quote.expiresAt && (
            <p className="mt-2 text-xs text-muted">
              {m.heldUntil(new Date(quote.expiresAt).toLocaleDateString(intlLocale(locale), { dateStyle: "long" }))}
            </p>
          )}
          {quote.status === "priced" && <AddQuoteToCart quoteId={quote.id} />}
        </>
      ) : (
        estimateCents !== null && (
          <>
            <Estimate cents={estimateCents} minimumNote={estimateMinimum ? minimumNote : null} money={money} />
            {(quote.status === "estimating" || !upToDate) && <p className="mt-2 text-sm">{m.slicing}</p>}
          </>
        )
      )}
      {/* The server's date for the options shown (a new choice brings a new one). */}
      {upToDate && quote.readyBy && <ReadyBy date={quote.readyBy} estimated={!exact} />}
    </section>
  );
}
