import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useRootData } from "~/root";
import { CartOutcome, useCartAction, useServerCart } from "~/features/cart/cart-contents";
import { LocalizedLink } from "~/features/i18n/localized-link";
import type { CartFormResult } from "../../../domain/cart.ts";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { useLatest } from "~/features/shell/use-latest";
import { fittingOrientation, MM_PER_INCH, type MeshMeasures } from "../../../domain/mesh.ts";
import { formatMoney } from "../../../domain/money.ts";
import { PriceBreaks } from "./price-breaks";
import { PrintabilityNotes } from "./printability-notes";
import { ReadyBy } from "./ready-by";
import { getJson, postJson, putJson } from "~/lib/api-client";
import { intlLocale, type Locale } from "../../../domain/locale.ts";
import {
  defaultOptions,
  offeredChoices,
  optionsProblem,
  type PriceTerms,
  type QuoteOptions,
} from "../../../domain/quote-pricing.ts";
import { boundedEstimate } from "../../../domain/quote-bounds.ts";
import type { Bounds } from "./model-viewer";
import { EDITABLE_QUOTE_STATUSES, ORDER_QUOTE_STATUSES } from "../../../domain/quote-states.ts";
import type { QuoteView } from "../../../domain/quote-view.ts";
import type { OrientationChoice } from "../../../domain/orientation.ts";
import type { ProblemFaces, WorkerRequest, WorkerResponse } from "./mesh.worker";

const loadViewer = () => import("./model-viewer");
const ModelViewer = lazy(loadViewer);

export type { QuoteView };

/**
 * The viewer shows the plate while the file is read; the part's measures come first (the estimate
 * and the dimensions), then the triangles (the viewer draws them), then the faces to mark.
 */
type Mesh = {
  positions: Float32Array | null;
  bounds: Bounds | null;
  measures: MeshMeasures | null;
  problems?: ProblemFaces | null;
  drawn?: () => void;
};

type Item = {
  key: string;
  name: string;
  progress: number | null;
  error: string | null;
  mesh: Mesh | null;
  quote: QuoteView | null;
  /** A STEP file: the server converts it, and the viewer shows the mesh it made. */
  convertedByServer?: boolean;
};

export type QuotePageProps = { terms: PriceTerms; maxBytes: number; signedIn: boolean; openQuoteId: string | null };

// One worker for the page, started when the page is (so that a file chosen at once is read at once).
let worker: Worker | null = null;
let nextRequest = 1;
const pending = new Map<number, (response: WorkerResponse) => void>();
function meshWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./mesh.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      pending.get(event.data.id)?.(event.data);
      if (event.data.done) pending.delete(event.data.id);
    };
  }
  return worker;
}

function readMesh(bytes: ArrayBuffer, onMessage: (response: WorkerResponse) => void): void {
  const id = nextRequest++;
  pending.set(id, onMessage);
  meshWorker().postMessage({ id, bytes, findProblems: true, checkAfterDrawing: true } satisfies WorkerRequest, [bytes]);
}

type Json = Record<string, unknown>;

function uploadFile(
  file: File,
  locale: Locale,
  onProgress: (percent: number) => void,
): Promise<{ ok: boolean; body: QuoteView & { error?: { message: string } } }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api/quotes?locale=${locale}`);
    request.responseType = "json";
    request.upload.onprogress = (event) =>
      event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    // The estimate's speed is measured from here (scripts/bench/quote.ts).
    request.upload.onload = () => performance.mark("quote:upload-sent");
    request.onload = () => resolve({ ok: request.status === 201, body: request.response ?? {} });
    request.onerror = () => resolve({ ok: false, body: {} as never });
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}

export function QuotePage({ terms, maxBytes, signedIn, openQuoteId }: QuotePageProps) {
  const m = useMessages("quote").quote;
  const locale = useLocale();
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const megabytes = Math.round(maxBytes / 1048576);
  useEffect(() => void meshWorker(), []);
  // The viewer is what the page is for: its chunk is loaded, and whether WebGL is drawn in software
  // asked, while the buyer looks for a file, not once it is chosen.
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const stop = window.cancelIdleCallback ?? window.clearTimeout;
    const id = whenIdle(() => void loadViewer().then((viewer) => viewer.warmUp()));
    return () => stop(id);
  }, []);

  const update = useCallback((key: string, change: Partial<Item> | ((item: Item) => Partial<Item>)) => {
    setItems((all) =>
      all.map((item) =>
        item.key === key ? { ...item, ...(typeof change === "function" ? change(item) : change) } : item,
      ),
    );
  }, []);

  const viewFile = useCallback(
    (key: string, bytes: ArrayBuffer, onStep?: () => void) => {
      update(key, { mesh: { positions: null, bounds: null, measures: null } });
      readMesh(bytes, (read) => {
        if (!read.ok && read.code === "step" && onStep) {
          update(key, { mesh: null, convertedByServer: true });
          onStep();
        } else if (!read.ok)
          update(key, { mesh: null }); // the server's check says what is wrong with the file
        else if ("positions" in read) {
          performance.mark("quote:mesh-parsed", { detail: key });
          // The worker's checks wait for the part's first frame (mesh.worker.ts).
          const drawn = () => meshWorker().postMessage({ id: read.id, drawn: true } satisfies WorkerRequest);
          update(key, (item) => ({
            mesh: { measures: null, ...item.mesh, positions: read.positions, bounds: read.bounds, drawn },
          }));
        } else if ("measures" in read)
          update(key, (item) => (item.mesh ? { mesh: { ...item.mesh, measures: read.measures } } : {}));
        else update(key, (item) => (item.mesh ? { mesh: { ...item.mesh, problems: read.problems } } : {}));
      });
    },
    [update],
  );

  // Quotes this browser (or account) already has, and the one an e-mail links to.
  useEffect(() => {
    void getJson<{ quotes: QuoteView[] }>("/api/quotes").then(async (mine) => {
      if (!mine.ok) return;
      let quotes = mine.data.quotes;
      if (openQuoteId && !quotes.some((q) => q.id === openQuoteId)) {
        const one = await getJson<QuoteView>(`/api/quotes/${encodeURIComponent(openQuoteId)}`);
        if (one.ok) quotes = [one.data, ...quotes];
      }
      setItems((current) => [
        ...current,
        ...quotes
          .filter((q) => !current.some((i) => i.quote?.id === q.id))
          .map((q) => ({ key: q.id, name: q.file.name, progress: null, error: null, mesh: null, quote: q })),
      ]);
      for (const q of quotes.slice(0, 3)) {
        const file = await fetch(`/api/quotes/${q.id}/file`);
        if (file.ok) viewFile(q.id, await file.arrayBuffer());
      }
    });
  }, [openQuoteId, viewFile]);

  function addFiles(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      const key = `${Date.now()}-${Math.random()}`;
      setItems((all) => [{ key, name: file.name, progress: 0, error: null, mesh: null, quote: null }, ...all]);
      if (file.size > maxBytes) {
        update(key, { progress: null, error: m.fileProblems["too-large"](megabytes) });
        continue;
      }
      performance.mark("quote:file-chosen", { detail: key });
      void loadViewer();
      // The viewer's chunk is fetched and its scene set up (the plate drawn) while the file is read and parsed.
      update(key, { mesh: { positions: null, bounds: null, measures: null } });
      // A STEP file is shown once the server has made its mesh: whichever of the two comes last.
      let step = false;
      let uploaded: string | null = null;
      const showServerMesh = async (id: string) => {
        const stored = await fetch(`/api/quotes/${id}/file`);
        if (stored.ok) viewFile(key, await stored.arrayBuffer());
      };
      void file.arrayBuffer().then((bytes) => {
        // The viewer's speed is measured from here to its first frame (scripts/bench/viewer.ts).
        performance.mark("quote:file-read", { detail: key });
        return viewFile(key, bytes, () => {
          step = true;
          if (uploaded) void showServerMesh(uploaded);
        });
      });
      void uploadFile(file, locale, (progress) => update(key, { progress })).then(({ ok, body }) => {
        update(
          key,
          ok ? { progress: null, quote: body } : { progress: null, error: body.error?.message ?? m.uploadFailed },
        );
        if (!ok) return;
        uploaded = body.id;
        if (step) void showServerMesh(body.id);
      });
    }
  }

  // Files chosen before the page ran are still in the input (its change event went unheard):
  // they are taken when it starts, so "Choose files" is never disabled waiting for JavaScript.
  const fileInput = useRef<HTMLInputElement>(null);
  const latestAddFiles = useLatest(addFiles);
  useEffect(() => {
    const input = fileInput.current;
    if (!input?.files?.length) return;
    latestAddFiles.current(input.files);
    input.value = "";
  }, [latestAddFiles]);

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <div
        className={`card flex flex-col items-center gap-3 border-2 border-dashed text-center ${dragging ? "border-accent" : "border-border"}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          addFiles(event.dataTransfer.files);
        }}
      >
        <p className="text-lg font-semibold">{m.dropZone}</p>
        <input
          id={inputId}
          type="file"
          multiple
          accept=".stl,.obj,.3mf,.step,.stp,model/stl,model/obj,model/3mf,model/step"
          className="peer sr-only"
          ref={fileInput}
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            event.target.value = "";
          }}
        />
        {/* The label is the visible button; the (visually hidden) input keeps the keyboard focus, shown on the label. */}
        <label
          htmlFor={inputId}
          className="btn btn-primary cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent"
        >
          {m.chooseFiles}
        </label>
        <p className="text-sm text-muted">{m.fileLimit(megabytes)}</p>
      </div>

      {items.length > 0 && (
        <section aria-labelledby="your-quotes" className="space-y-6">
          <h2 id="your-quotes" className="text-2xl font-bold">
            {m.yourQuotes}
          </h2>
          {items.map((item) => (
            <QuoteCard
              key={item.key}
              item={item}
              terms={terms}
              signedIn={signedIn}
              onQuote={(quote) => update(item.key, { quote })}
            />
          ))}
        </section>
      )}
    </div>
  );
}

function number(value: number, locale: Locale, digits = 1): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: digits }).format(value);
}

function duration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

const REPORT_POLLS = 30;

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

function QuoteCard({
  item,
  terms,
  signedIn,
  onQuote,
}: {
  item: Item;
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
  const [review, setReview] = useState<"closed" | "open" | "sending">("closed");
  const [reviewError, setReviewError] = useState<string | null>(null);
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
  const offered = offeredChoices(terms);

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
  const upToDate =
    quote &&
    options &&
    scale === quote.scale &&
    orientation === quote.orientation.choice &&
    JSON.stringify(options) === JSON.stringify(quote.options);
  const supportAreaMm2 = quote?.orientation.supportAreaMm2 ?? null;
  const exact =
    upToDate && (quote.status === "priced" || ORDER_QUOTE_STATUSES.includes(quote.status)) && quote.exact
      ? quote.exact
      : null;
  // In an order, with the studio, or declined: the options are what was ordered or asked, and stay so.
  const locked = quote ? !EDITABLE_QUOTE_STATUSES.includes(quote.status) : false;
  const expired = quote?.status === "expired";

  // Marked from the file's choice, before the viewer's chunk arrives: the page's decoration is
  // already still when the viewer's setup holds the page's thread (app.css).
  return (
    <article
      aria-labelledby={headingId}
      data-model-viewer={item.mesh ? "" : undefined}
      className="card grid gap-6 lg:grid-cols-[3fr_2fr]"
    >
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
              colour={colour?.hex ?? "#b0b0b0"}
              plate={terms.buildVolumeMm}
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
        {suggestion && options && (
          <p className="flex flex-wrap items-center gap-3 rounded-lg bg-surface-2 p-3 text-sm">
            {m.scaleSuggestion(
              String(suggestion.factor).replace(".", locale === "fr" ? "," : "."),
              m.units[suggestion.reason],
            )}
            <button type="button" className="btn btn-secondary" onClick={() => void change(options, suggestion.factor)}>
              {m.applyScale(String(suggestion.factor).replace(".", locale === "fr" ? "," : "."))}
            </button>
          </p>
        )}
        {scale !== 1 && options && (
          <p className="flex flex-wrap items-center gap-3 text-sm">
            {m.scaled(String(scale).replace(".", locale === "fr" ? "," : "."))}
            <button type="button" className="btn btn-secondary" onClick={() => void change(options, 1)}>
              {m.undoScale}
            </button>
          </p>
        )}
      </div>

      {!quote && estimateShown && (
        <section aria-label={m.estimate} aria-live="polite" className="self-start rounded-lg bg-surface-2 p-4">
          <h4 className="font-semibold">{m.estimate}</h4>
          <p className="text-2xl font-bold">{money(estimateCents!)}</p>
          {estimate?.minimumApplies && <p className="text-sm">{minimumNote}</p>}
          <p className="text-xs text-muted">{m.estimateNote}</p>
        </section>
      )}

      {quote && options && (
        <div className="space-y-4">
          <fieldset className="space-y-3" disabled={locked}>
            <legend className="text-lg font-semibold">{m.options}</legend>
            <Select
              label={m.material}
              value={options.materialId}
              onChange={(materialId) => {
                const next = offered.materials.find((x) => x.id === materialId)!;
                void change(
                  { ...options, materialId, colourId: (next.colours.find((c) => c.inStock) ?? next.colours[0]!).id },
                  scale,
                );
              }}
              choices={offered.materials.map((x) => [x.id, x.name[locale]])}
            />
            <Select
              label={m.colour}
              value={options.colourId}
              onChange={(colourId) => void change({ ...options, colourId }, scale)}
              choices={(offered.materials.find((x) => x.id === material?.id)?.colours ?? []).map((c) => [
                c.id,
                c.inStock ? c.name[locale] : m.outOfStock(c.name[locale]),
              ])}
            />
            <Select
              label={m.quality}
              value={options.qualityId}
              onChange={(qualityId) => void change({ ...options, qualityId }, scale)}
              choices={offered.qualities.map((q) => [q.id, q.name[locale]])}
            />
            <Select
              label={m.infill}
              value={String(options.infillPercent)}
              onChange={(value) => void change({ ...options, infillPercent: Number(value) }, scale)}
              choices={terms.infills.map((i) => [String(i), m.infillValue(i)])}
            />
            <QuantityField
              label={m.quantity}
              value={options.quantity}
              max={terms.maxQuantity}
              onChange={(quantity) => void change({ ...options, quantity }, scale)}
            />
            {quote.orientation.offered ? (
              <fieldset className="space-y-1">
                <legend className="field-label">{m.orientation}</legend>
                {(["best", "as-file"] as const).map((choice) => (
                  <label key={choice} className="flex items-start gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${headingId}-orientation`}
                      value={choice}
                      checked={orientation === choice}
                      onChange={() => void change(options, scale, choice)}
                      className="mt-1"
                    />
                    {choice === "best" ? m.orientationBest : m.orientationAsFile}
                  </label>
                ))}
              </fieldset>
            ) : (
              quote.orientation.placement && <p className="text-sm">{m.orientationTurned}</p>
            )}
            {supportAreaMm2 !== null && (
              <p className="text-sm">
                {supportAreaMm2 > 0
                  ? `${m.supportsIncluded(number(supportAreaMm2 / 100, locale, supportAreaMm2 < 1000 ? 1 : 0))} ${m.supportsLegend}`
                  : m.noSupports}
              </p>
            )}
          </fieldset>

          {quote.priceBreaks && (
            <PriceBreaks
              breaks={quote.priceBreaks}
              quantity={options.quantity}
              money={money}
              minimumCentsPerPart={quote.minimumCentsPerPart}
            />
          )}

          {/* Nothing to say of a price (a part no printer holds): no empty price box. */}
          {(exact || estimateCents !== null || (upToDate && quote.readyBy)) && (
            <section
              aria-label={exact ? m.exactPrice : m.estimate}
              aria-live="polite"
              className="rounded-lg bg-surface-2 p-4"
            >
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
                        <dd>−{money(exact.unitCents * options.quantity - exact.totalCents)}</dd>
                      </>
                    )}
                    <dt className="text-base font-bold">{m.total}</dt>
                    <dd className="text-base font-bold">{money(exact.totalCents)}</dd>
                  </dl>
                  {exact.minimumApplies && <p className="mt-2 text-sm">{minimumNote}</p>}
                  {quote.expiresAt && (
                    <p className="mt-2 text-xs text-muted">
                      {m.heldUntil(
                        new Date(quote.expiresAt).toLocaleDateString(intlLocale(locale), { dateStyle: "long" }),
                      )}
                    </p>
                  )}
                  {quote.status === "priced" && <AddQuoteToCart quoteId={quote.id} />}
                </>
              ) : (
                estimateCents !== null && (
                  <>
                    <h4 className="font-semibold">{m.estimate}</h4>
                    <p className="text-2xl font-bold">{money(estimateCents)}</p>
                    {estimate?.minimumApplies && <p className="text-sm">{minimumNote}</p>}
                    <p className="text-xs text-muted">{m.estimateNote}</p>
                    {(quote.status === "estimating" || !upToDate) && <p className="mt-2 text-sm">{m.slicing}</p>}
                  </>
                )
              )}
              {/* The server's date for the options shown (a new choice brings a new one). */}
              {upToDate && quote.readyBy && <ReadyBy date={quote.readyBy} estimated={!exact} />}
            </section>
          )}

          <PrintabilityNotes report={quote.printability} partName={item.name} headingLevel={4} />

          {expired && <p className="alert-error">{m.expired}</p>}
          {quote.status === "declined" && <p className="alert-error">{m.declined(quote.declineReason ?? "")}</p>}
          {quote.status === "needs_review" && <p role="status">{m.reviewSent}</p>}
          {quote.status === "accepted" && <p role="status">{m.inOrder}</p>}
          {quote.status === "ordered" && <p role="status">{m.inProduction}</p>}
          {quote.status === "cancelled" && <p role="status">{m.orderCancelled}</p>}
          {quote.status === "failed" && upToDate && (
            <div className="space-y-3">
              <div role="alert" className="alert-error">
                <p className="font-semibold">{m.failureTitle}</p>
                <p>{m.failures[quote.failure ?? "slicer-failed"] ?? m.failures["slicer-failed"]}</p>
              </div>
              {review === "closed" ? (
                <button type="button" className="btn btn-primary" onClick={() => setReview("open")}>
                  {m.askStudio}
                </button>
              ) : (
                <form
                  className="space-y-3"
                  onSubmit={async (event) => {
                    event.preventDefault();
                    const form = new FormData(event.currentTarget);
                    setReview("sending");
                    const body: Json = { note: String(form.get("note") ?? "") };
                    if (!signedIn) body.email = String(form.get("email") ?? "");
                    const answer = await postJson<QuoteView>(`/api/quotes/${quote.id}/review`, body);
                    setReview("open");
                    if (answer.ok) onQuote(answer.data);
                    else setReviewError(answer.error?.message ?? m.uploadFailed);
                  }}
                >
                  <p className="text-sm">{m.askStudioIntro}</p>
                  {!signedIn && (
                    <div>
                      <label className="field-label" htmlFor={`${headingId}-email`}>
                        {m.reviewEmail}
                      </label>
                      <input
                        id={`${headingId}-email`}
                        name="email"
                        type="email"
                        required
                        maxLength={254}
                        className="field-input"
                        autoComplete="email"
                      />
                    </div>
                  )}
                  <div>
                    <label className="field-label" htmlFor={`${headingId}-note`}>
                      {m.reviewNote}
                    </label>
                    <textarea id={`${headingId}-note`} name="note" maxLength={2000} rows={3} className="field-input" />
                  </div>
                  {reviewError && <p className="alert-error">{reviewError}</p>}
                  <button type="submit" className="btn btn-primary" disabled={review === "sending"}>
                    {m.sendRequest}
                  </button>
                </form>
              )}
            </div>
          )}
        </div>
      )}
    </article>
  );
}

function Select({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: [string, string][];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field-input" value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function QuantityField({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        min={1}
        max={max}
        inputMode="numeric"
        className="field-input"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const quantity = Number(event.target.value);
          if (Number.isInteger(quantity) && quantity >= 1 && quantity <= max) onChange(quantity);
        }}
      />
    </div>
  );
}

/** "Add to cart" for a priced quote: a plain form to the /cart action, sent by a fetcher when the page runs. */
function AddQuoteToCart({ quoteId }: { quoteId: string }) {
  const m = useMessages("cart", "quote");
  const fetcher = useFetcher<CartFormResult>();
  const action = useCartAction();
  const inCart = useServerCart().customLines.some((line) => line.quoteId === quoteId);
  if (inCart)
    return (
      <p role="status" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        {fetcher.data ? <CartOutcome result={fetcher.data} /> : <span className="font-semibold">{m.quote.inCart}</span>}
        <LocalizedLink to="/cart" className="font-semibold text-accent underline">
          {m.quote.viewCart}
        </LocalizedLink>
      </p>
    );
  return (
    <fetcher.Form method="post" action={action} className="mt-3 flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="add-quote" />
      <input type="hidden" name="quoteId" value={quoteId} />
      <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
        {m.cart.addToCart}
      </button>
      <span role="status" aria-live="polite" className="text-sm">
        <CartOutcome result={fetcher.data} />
      </span>
    </fetcher.Form>
  );
}
