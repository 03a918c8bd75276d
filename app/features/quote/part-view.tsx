import { lazy, Suspense } from "react";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { MM_PER_INCH } from "../../../domain/mesh.ts";
import type { PriceTerms } from "../../../domain/quote-pricing.ts";
import type { QuoteView } from "../../../domain/quote-view.ts";
import type { ProblemFaces } from "./mesh.worker";
import { factor, number } from "./quote-format";
import type { QuoteItem } from "./upload";

export const loadViewer = () => import("./model-viewer");
const ModelViewer = lazy(loadViewer);

/** What the viewer's marks mean, in words (the colours alone would not tell everyone). */
function ProblemsLegend({ problems }: { problems: ProblemFaces | null }) {
  const m = useMessages("quote").quote.printability;
  if (!problems || (problems.thin.length === 0 && problems.open.length === 0)) return null;
  return (
    <ul className="text-sm" data-testid="viewer-legend">
      {problems.thin.length > 0 && <li>{m.thinMarked}</li>}
      {problems.open.length > 0 && <li>{m.openMarked}</li>}
    </ul>
  );
}

/**
 * The part card's first column: the file's name, its upload, the part in the viewer, its measures
 * at the chosen scale, and the offer to scale it (or to undo the scaling).
 */
export function PartView({
  item,
  headingId,
  scale,
  size,
  volumeMm3,
  triangles,
  colourHex,
  plate,
  supportAreaMm2,
  scaleSuggestion,
  onScale,
}: {
  item: QuoteItem;
  headingId: string;
  scale: number;
  size: number[];
  volumeMm3: number;
  triangles: number;
  colourHex: string;
  plate: PriceTerms["buildVolumeMm"];
  supportAreaMm2: number | null;
  scaleSuggestion: QuoteView["scaleSuggestion"];
  /** Null until the quote's options are known. */
  onScale: ((factor: number) => void) | null;
}) {
  const m = useMessages("quote").quote;
  const locale = useLocale();
  const quote = item.quote;
  const measures = item.mesh?.measures;
  return (
    <div className="space-y-4">
      <h3 id={headingId} className="text-xl font-bold break-all">
        {item.name}
      </h3>
      {item.progress !== null && (
        <div>
          <p className="text-sm">{m.uploading(item.name)}</p>
          <progress className="w-full" max={100} value={item.progress} aria-label={m.uploading(item.name)} />
          <p className="text-sm text-muted" aria-live="polite">
            {m.uploadProgress(item.progress)}
          </p>
        </div>
      )}
      {item.error && (
        <p role="alert" className="alert-error">
          {item.error}
        </p>
      )}
      {item.mesh && (
        <Suspense fallback={<p className="text-muted">{m.viewerLoading}</p>}>
          <ModelViewer
            positions={item.mesh.positions}
            bounds={item.mesh.bounds}
            scale={scale}
            colour={colourHex}
            plate={plate}
            label={m.viewerLabel(item.name)}
            placement={quote?.orientation.placement ?? null}
            showSupports={Boolean(supportAreaMm2)}
            problems={item.mesh.problems ?? null}
            onDrawn={item.mesh.drawn}
          />
          <ProblemsLegend problems={item.mesh.problems ?? null} />
        </Suspense>
      )}
      {!item.mesh?.positions && !item.error && (
        <p className="text-muted">{item.convertedByServer && !item.quote ? m.readingStep : m.reading}</p>
      )}
      {(measures || quote) && !item.error && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-semibold">{m.dimensions}</dt>
            <dd>{m.dimensionsMm(number(size[0]!, locale), number(size[1]!, locale), number(size[2]!, locale))}</dd>
            <dd className="text-muted">
              {m.dimensionsIn(
                number(size[0]! / MM_PER_INCH, locale, 2),
                number(size[1]! / MM_PER_INCH, locale, 2),
                number(size[2]! / MM_PER_INCH, locale, 2),
              )}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">{m.volume}</dt>
            <dd>{m.volumeCm3(number(volumeMm3 / 1000, locale, 2))}</dd>
          </div>
          <div>
            <dt className="font-semibold">{m.triangles}</dt>
            <dd>{number(triangles, locale, 0)}</dd>
          </div>
        </dl>
      )}
      {scaleSuggestion && onScale && (
        <p className="flex flex-wrap items-center gap-3 rounded-lg bg-surface-2 p-3 text-sm">
          {m.scaleSuggestion(factor(scaleSuggestion.factor, locale), m.units[scaleSuggestion.reason])}
          <button type="button" className="btn btn-secondary" onClick={() => onScale(scaleSuggestion.factor)}>
            {m.applyScale(factor(scaleSuggestion.factor, locale))}
          </button>
        </p>
      )}
      {scale !== 1 && onScale && (
        <p className="flex flex-wrap items-center gap-3 text-sm">
          {m.scaled(factor(scale, locale))}
          <button type="button" className="btn btn-secondary" onClick={() => onScale(1)}>
            {m.undoScale}
          </button>
        </p>
      )}
    </div>
  );
}
