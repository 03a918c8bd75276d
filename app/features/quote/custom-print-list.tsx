import type { CustomPrintListItem } from "../../../domain/quote-view.ts";
import { LocalizedLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";
import { useFormatters } from "../orders/format";

/** The profile's "My custom prints": each quote with where it stands, its price and the studio's words. */
export function CustomPrintList({ prints }: { prints: CustomPrintListItem[] }) {
  const m = useMessages("quote").quote;
  const f = useFormatters();
  return (
    <section aria-labelledby="my-custom-prints" className="mt-10">
      <h2 id="my-custom-prints" className="text-2xl font-bold">
        {m.myCustomPrints}
      </h2>
      {prints.length === 0 ? (
        <p className="mt-4 text-muted">
          {m.noCustomPrints}{" "}
          <LocalizedLink to="/quote" className="font-semibold text-accent underline">
            {m.startQuote}
          </LocalizedLink>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface">
          {prints.map((print) => (
            <li key={print.id} className="space-y-1 px-4 py-3" data-testid="custom-print">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <LocalizedLink
                  to={`/quote?q=${print.id}`}
                  className="min-w-0 font-semibold [overflow-wrap:anywhere] text-accent underline"
                  aria-label={m.openQuote(print.name)}
                >
                  {print.name}
                </LocalizedLink>
                <span className="text-sm text-muted">{f.dateTime(print.createdAt)}</span>
                <span className="text-sm text-muted">× {print.quantity}</span>
                <span className="ml-auto font-semibold tabular-nums">
                  {print.totalCents !== null
                    ? f.money(print.totalCents)
                    : print.estimateCents !== null
                      ? `${m.estimate} ${f.money(print.estimateCents)}`
                      : "—"}
                </span>
                <span className="rounded-full border border-border px-3 py-0.5 text-sm font-semibold">
                  {print.refunded ? m.refunded : m.statuses[print.status]}
                </span>
              </div>
              {print.pricedByStudio && <p className="text-sm">{m.studioPrice}</p>}
              {print.buyerNote && (
                <p className="text-sm text-muted">
                  {m.yourNote}: {print.buyerNote}
                </p>
              )}
              {print.studioNote && (
                <p className="text-sm">
                  {m.studioNote}: {print.studioNote}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
