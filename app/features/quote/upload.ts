import type { QuoteView } from "../../../domain/quote-view.ts";
import type { MeshMeasures } from "../../../domain/mesh.ts";
import type { Locale } from "../../../domain/locale.ts";
import type { Bounds } from "./model-viewer";
import type { ProblemFaces, WorkerRequest, WorkerResponse } from "./mesh.worker";

/**
 * The viewer shows the plate while the file is read; the part's measures come first (the estimate
 * and the dimensions), then the triangles (the viewer draws them), then the faces to mark.
 */
export type Mesh = {
  positions: Float32Array | null;
  bounds: Bounds | null;
  measures: MeshMeasures | null;
  problems?: ProblemFaces | null;
  drawn?: () => void;
};

/** One part on the quote page: its file as it uploads and is read, then its quote. */
export type QuoteItem = {
  key: string;
  name: string;
  progress: number | null;
  error: string | null;
  mesh: Mesh | null;
  quote: QuoteView | null;
  /** A STEP file: the server converts it, and the viewer shows the mesh it made. */
  convertedByServer?: boolean;
};

// One worker for the page, started when the page is (so that a file chosen at once is read at once).
let worker: Worker | null = null;
let nextRequest = 1;
const pending = new Map<number, (response: WorkerResponse) => void>();
export function meshWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./mesh.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      pending.get(event.data.id)?.(event.data);
      if (event.data.done) pending.delete(event.data.id);
    };
  }
  return worker;
}

export function readMesh(bytes: ArrayBuffer, onMessage: (response: WorkerResponse) => void): void {
  const id = nextRequest++;
  pending.set(id, onMessage);
  meshWorker().postMessage({ id, bytes, findProblems: true, checkAfterDrawing: true } satisfies WorkerRequest, [bytes]);
}

export function uploadFile(
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
