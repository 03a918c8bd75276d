import type { QuoteView } from "../../../domain/quote-view.ts";
import { useMessages } from "~/features/i18n/use-locale";

/**
 * What one part and each of the studio's quantity tiers cost, from the server (the same function
 * that prices the order), so the buyer sees what ten would cost before typing 10. The row of the
 * chosen quantity's tier is marked. Only where a break changes the price: none for a part the
 * studio's minimum prices, which says so instead.
 */
export function PriceBreaks({
  breaks,
  quantity,
  money,
  minimumCentsPerPart,
}: {
  breaks: NonNullable<QuoteView["priceBreaks"]>;
  quantity: number;
  money: (cents: number) => string;
  minimumCentsPerPart: number;
}) {
  const m = useMessages("quote").quote;
  if (breaks.rows.length < 2) return null;
  const atMinimum = breaks.rows.some((row) => row.unitCents <= minimumCentsPerPart);
  const current = [...breaks.rows].reverse().find((row) => quantity >= row.quantity)?.quantity;
  return (
    <div>
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-semibold">{m.priceBreaks}</caption>
        <thead>
          <tr className="border-b border-border text-muted">
            <th scope="col" className="py-1 pr-2 font-semibold">
              {m.quantity}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              {m.unitPrice}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              {m.total}
            </th>
          </tr>
        </thead>
        <tbody>
          {breaks.rows.map((row) => (
            <tr
              key={row.quantity}
              aria-current={row.quantity === current ? "true" : undefined}
              className={`border-b border-border last:border-0 ${row.quantity === current ? "font-semibold text-accent" : ""}`}
            >
              <th scope="row" className="py-1 pr-2 font-normal">
                {row.quantity}
                {row.percentOff > 0 && (
                  <>
                    {" "}
                    <span className="ml-1 text-xs text-muted">{m.priceBreaksOff(row.percentOff)}</span>
                  </>
                )}
              </th>
              <td className="py-1 pr-2 text-right tabular-nums">{money(row.unitCents)}</td>
              <td className="py-1 text-right tabular-nums">{money(row.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {atMinimum && <p className="mt-1 text-sm">{m.minimumApplies(money(minimumCentsPerPart))}</p>}
      {breaks.basis === "estimate" && <p className="mt-1 text-xs text-muted">{m.priceBreaksEstimated}</p>}
    </div>
  );
}
