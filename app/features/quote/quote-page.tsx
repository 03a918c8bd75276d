import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { useLatest } from "~/features/shell/use-latest";
import { getJson } from "~/lib/api-client";
import type { PriceTerms } from "../../../domain/quote-pricing.ts";
import type { QuoteView } from "../../../domain/quote-view.ts";
import type { WorkerRequest } from "./mesh.worker";
import { loadViewer } from "./part-view";
import { QuoteCard } from "./quote-card";
import { meshWorker, readMesh, uploadFile, type QuoteItem } from "./upload";

export type QuotePageProps = { terms: PriceTerms; maxBytes: number; signedIn: boolean; openQuoteId: string | null };

export function QuotePage({ terms, maxBytes, signedIn, openQuoteId }: QuotePageProps) {
  const m = useMessages("quote").quote;
  const locale = useLocale();
  const [items, setItems] = useState<QuoteItem[]>([]);
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

  const update = useCallback((key: string, change: Partial<QuoteItem> | ((item: QuoteItem) => Partial<QuoteItem>)) => {
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
