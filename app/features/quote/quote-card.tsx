import { useEffect, useId, useRef, useState } from "react";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { getJson, putJson } from "~/lib/api-client";
import { useRootData } from "~/root";
import { fittingOrientation } from "../../../domain/mesh.ts";
import { formatMoney } from "../../../domain/money.ts";
import type { OrientationChoice } from "../../../domain/orientation.ts";
import { boundedEstimate } from "../../../domain/quote-bounds.ts";
import { defaultOptions, optionsProblem, type PriceTerms, type QuoteOptions } from "../../../domain/quote-pricing.ts";
import { EDITABLE_QUOTE_STATUSES, ORDER_QUOTE_STATUSES } from "../../../domain/quote-states.ts";
import type { QuoteView } from "../../../domain/quote-view.ts";
import { PartView } from "./part-view";
import { FirstEstimate, PricePanel } from "./price-panel";
import { PriceBreaks } from "./price-breaks";
import { PrintabilityNotes } from "./printability-notes";
import { QuoteOptionsForm } from "./quote-options";
import { QuoteStatus } from "./quote-status";
import type { QuoteItem } from "./upload";

const REPORT_POLLS = 30;

/**
 * One part on the quote page: the part and its measures, its options (each change priced again by
 * the server), its price, its printability report, and where the quote stands.
 */
export function QuoteCard({
  item,
  terms,
  signedIn,
  onQuote,
}: {
  item: QuoteItem;
  terms: PriceTerms;
  signedIn: boolean;
  onQuote: (quote: QuoteView) => void;
}) {
  const m = useMessages("quote").quote;
  const locale = useLocale();
  const { currency } = useRootData();
  const quote = item.quote;
  const headingId = useId();
  const [options, setOptions] = useState<QuoteOptions | null>(quote?.options ?? null);
  const [scale, setScale] = useState(quote?.scale ?? 1);
  const [orientation, setOrientation] = useState<OrientationChoice>(quote?.orientation.choice ?? "best");
  const latest = useRef(0);

  useEffect(() => {
    if (quote && !options) {
      setOptions(quote.options);
      setScale(quote.scale);
      setOrientation(quote.orientation.choice);
    }
  }, [quote, options]);

  // Wait for the exact price (or the reason there is none): the server answers the moment the slice
  // is recorded. Then, every 2 s for a minute at most, the printability report that follows it.
  const reportPolls = useRef(0);
  useEffect(() => {
    const waitingForReport = quote?.printability === null && reportPolls.current < REPORT_POLLS;
    if (!quote || (quote.status !== "estimating" && !waitingForReport)) return;
    const stop = new AbortController();
    const ask = async () => {
      if (quote.status !== "estimating") reportPolls.current++;
      const current = await getJson<QuoteView>(
        `/api/quotes/${quote.id}${quote.status === "estimating" ? "?wait=price" : ""}`,
        stop.signal,
      );
      if (current.ok && !stop.signal.aborted) onQuote(current.data);
      // A failed request is asked again after a pause (the effect runs again for a new answer only).
      else if (!stop.signal.aborted) timer = setTimeout(ask, 2000);
    };
    let timer = setTimeout(ask, quote.status === "estimating" ? 0 : 2000);
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [quote, onQuote]);

  async function change(next: QuoteOptions, nextScale: number, nextOrientation = orientation) {
    setOptions(next);
    setScale(nextScale);
    setOrientation(nextOrientation);
    if (!quote || optionsProblem(terms, next)) return;
    const request = ++latest.current;
    const priced = await putJson<QuoteView>(`/api/quotes/${quote.id}/options`, {
      ...next,
      scale: nextScale,
      orientation: nextOrientation,
    });
    if (priced.ok && request === latest.current) onQuote(priced.data);
  }

  const measures = item.mesh?.measures;
  const size = (measures?.size ?? quote?.file.sizeMm ?? [0, 0, 0]).map((v) => v * scale);
  const volumeMm3 = (measures?.volumeMm3 ?? quote?.file.volumeMm3 ?? 0) * scale ** 3;
  const areaMm2 = measures ? measures.areaMm2 * scale ** 2 : null;
  const triangles = measures?.triangles ?? quote?.file.triangles ?? 0;
  const material = options ? terms.materials.find((x) => x.id === options.materialId) : undefined;
  const colour = material?.colours.find((c) => c.id === options?.colourId);
  const suggestion = scale === 1 ? (quote?.scaleSuggestion ?? null) : null;

  // The instant estimate: the same formula as the server, from the geometry read in the browser; before
  // the server has answered, with the options it gives a new quote.
  // A part no printer can hold has no estimate: there is no price it could be printed at.
  let estimate = quote?.estimate ?? null;
  if (areaMm2 !== null)
    estimate =
      quote?.failure === "too-big" || fittingOrientation(size, terms.buildVolumeMm) === null
        ? null
        : boundedEstimate(terms, options ?? defaultOptions(terms), { volumeMm3, areaMm2 });
  const estimateCents = estimate?.totalCents ?? null;
  const estimateShown = estimateCents !== null && !item.error;
  const minimumNote = m.minimumApplies(
    formatMoney(quote?.minimumCentsPerPart ?? terms.minimumCentsPerPart, currency, locale),
  );
  useEffect(() => {
    if (estimateShown) performance.mark("quote:estimate-shown", { detail: item.key });
  }, [estimateShown, item.key]);
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const upToDate = Boolean(
    quote &&
    options &&
    scale === quote.scale &&
    orientation === quote.orientation.choice &&
    JSON.stringify(options) === JSON.stringify(quote.options),
  );
  const exact =
    quote && upToDate && (quote.status === "priced" || ORDER_QUOTE_STATUSES.includes(quote.status)) && quote.exact
      ? quote.exact
      : null;
  // In an order, with the studio, or declined: the options are what was ordered or asked, and stay so.
  const locked = quote ? !EDITABLE_QUOTE_STATUSES.includes(quote.status) : false;

  // Marked from the file's choice, before the viewer's chunk arrives: the page's decoration is
  // already still when the viewer's setup holds the page's thread (app.css).
  return (
    <article
      aria-labelledby={headingId}
      data-model-viewer={item.mesh ? "" : undefined}
      className="card grid gap-6 lg:grid-cols-[3fr_2fr]"
    >
      <PartView
        item={item}
        headingId={headingId}
        scale={scale}
        size={size}
        volumeMm3={volumeMm3}
        triangles={triangles}
        colourHex={colour?.hex ?? "#b0b0b0"}
        plate={terms.buildVolumeMm}
        supportAreaMm2={quote?.orientation.supportAreaMm2 ?? null}
        scaleSuggestion={suggestion}
        onScale={options ? (factor) => void change(options, factor) : null}
      />

      {!quote && estimateShown && (
        <FirstEstimate
          cents={estimateCents!}
          minimumNote={estimate?.minimumApplies ? minimumNote : null}
          money={money}
        />
      )}

      {quote && options && (
        <div className="space-y-4">
          <QuoteOptionsForm
            quote={quote}
            options={options}
            orientation={orientation}
            terms={terms}
            locked={locked}
            idPrefix={headingId}
            onChange={(next, nextOrientation) => void change(next, scale, nextOrientation)}
          />

          {quote.priceBreaks && (
            <PriceBreaks
              breaks={quote.priceBreaks}
              quantity={options.quantity}
              money={money}
              minimumCentsPerPart={quote.minimumCentsPerPart}
            />
          )}

          <PricePanel
            quote={quote}
            exact={exact}
            quantity={options.quantity}
            estimateCents={estimateCents}
            estimateMinimum={Boolean(estimate?.minimumApplies)}
            minimumNote={minimumNote}
            upToDate={upToDate}
            money={money}
          />

          <PrintabilityNotes report={quote.printability} partName={item.name} headingLevel={4} />

          <QuoteStatus quote={quote} upToDate={upToDate} signedIn={signedIn} idPrefix={headingId} onQuote={onQuote} />
        </div>
      )}
    </article>
  );
}
