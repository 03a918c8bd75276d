// The 3D view of a store item's model: its own chunk with three.js (the quote's viewer) and the mesh
// worker, downloaded when a buyer clicks "View in 3D" (item-model.tsx).
import { useEffect, useMemo, useState } from "react";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import ModelViewer, { type Bounds } from "~/features/quote/model-viewer";
import type { WorkerRequest, WorkerResponse } from "~/features/quote/mesh.worker";
import type { StoreItemModel } from "../../../domain/catalogue-types.ts";
import { intlLocale } from "../../../domain/locale.ts";

type Mesh = { positions: Float32Array; bounds: Bounds };

/** Fetches the model (cached for good by its versioned address) and reads it off the page's thread. */
function useMesh(url: string): { mesh: Mesh | null; failed: boolean } {
  const [mesh, setMesh] = useState<Mesh | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let worker: Worker | null = null;
    let cancelled = false;
    setMesh(null);
    setFailed(false);
    void (async () => {
      try {
        const response = await fetch(url, { credentials: "same-origin" });
        if (!response.ok) throw new Error(String(response.status));
        const bytes = await response.arrayBuffer();
        if (cancelled) return;
        worker = new Worker(new URL("../quote/mesh.worker.ts", import.meta.url), { type: "module" });
        let shown = false;
        worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
          const read = event.data;
          if (read.ok && "positions" in read) {
            shown = true;
            setMesh({ positions: read.positions, bounds: read.bounds });
          } else if (!read.ok && !shown) setFailed(true);
          if (read.done) worker?.terminate();
        };
        worker.onerror = () => setFailed(true);
        worker.postMessage({ id: 1, bytes } satisfies WorkerRequest, [bytes]);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      worker?.terminate();
    };
  }, [url]);
  return { mesh, failed };
}

export default function ModelView({ model, name }: { model: StoreItemModel; name: string }) {
  const m = useMessages("store").store;
  const locale = useLocale();
  const { mesh, failed } = useMesh(model.url);
  const [x, y, z] = model.sizeMm;
  // A plate a little larger than the part, in 10 mm squares (the viewer's grid).
  const plate = useMemo(() => {
    const side = Math.max(40, Math.ceil((Math.max(x, y) * 1.6) / 10) * 10);
    return { x: side, y: side, z: Math.max(10, Math.ceil((z * 1.2) / 10) * 10) };
  }, [x, y, z]);
  const mm = (value: number) => value.toLocaleString(intlLocale(locale), { maximumFractionDigits: 1 });
  return (
    <figure className="m-0">
      <ModelViewer
        positions={mesh?.positions ?? null}
        bounds={mesh?.bounds ?? null}
        scale={1}
        colour="#9aa3ad"
        plate={plate}
        label={m.viewerLabel(name)}
      />
      <figcaption className="mt-2 text-sm text-muted" aria-live="polite">
        {failed ? (
          <span role="alert" className="text-danger">
            {m.viewerFailed}
          </span>
        ) : mesh ? (
          m.modelSize(mm(x), mm(y), mm(z))
        ) : (
          m.viewerLoading
        )}
      </figcaption>
    </figure>
  );
}
