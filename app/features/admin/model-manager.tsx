import { useId, useState } from "react";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { deleteJson, languageHeader } from "~/lib/api-client";
import type { ItemModel } from "../../../domain/catalogue-types.ts";
import { intlLocale } from "../../../domain/locale.ts";
import { Notice } from "./ui";

const ACCEPT = ".stl,.obj,.3mf,.step,.stp,model/stl,model/obj,model/3mf,model/step";

type Upload = { name: string; progress: number };
type Outcome = { kind: "success" | "error"; text: string } | null;

function uploadModel(
  itemId: string,
  file: File,
  acceptLanguage: string,
  onProgress: (fraction: number) => void,
): Promise<ItemModel> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api/admin/items/${encodeURIComponent(itemId)}/model`);
    request.setRequestHeader("accept-language", acceptLanguage);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { model?: ItemModel; error?: { message: string } } | null;
      if (request.status === 201 && body?.model) resolve(body.model);
      else reject(new Error(body?.error?.message ?? ""));
    };
    request.onerror = () => reject(new Error(""));
    const form = new FormData();
    form.set("file", file);
    request.send(form);
  });
}

/**
 * The item's 3D model (decision 056): attached, replaced or removed at once through the admin API
 * (not with the form's Save), checked by the server as a quote's file is. Shows what is attached:
 * the file's name, its triangles and its size.
 */
export function ModelManager({ itemId, initial }: { itemId: string; initial: ItemModel | null }) {
  const t = useMessages("admin").admin.model;
  const locale = useLocale();
  const [model, setModel] = useState(initial);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [removing, setRemoving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const hintId = useId();
  const number = (value: number, digits = 0) =>
    value.toLocaleString(intlLocale(locale), { maximumFractionDigits: digits });

  async function attach(file: File) {
    setOutcome(null);
    setUpload({ name: file.name, progress: 0 });
    try {
      const attached = await uploadModel(itemId, file, languageHeader(locale), (progress) =>
        setUpload({ name: file.name, progress }),
      );
      setModel(attached);
      setOutcome({ kind: "success", text: t.attachedNotice(attached.name) });
    } catch (failure) {
      setOutcome({ kind: "error", text: t.failed(file.name, (failure as Error).message || t.uploadFailed) });
    } finally {
      setUpload(null);
    }
  }

  async function remove() {
    setOutcome(null);
    setRemoving(true);
    const answer = await deleteJson<{ ok: true }>(`/api/admin/items/${encodeURIComponent(itemId)}/model`, locale);
    setRemoving(false);
    if (answer.ok) {
      setModel(null);
      setOutcome({ kind: "success", text: t.removedNotice });
    } else setOutcome({ kind: "error", text: answer.error?.message ?? t.removeFailed });
  }

  const busy = upload !== null || removing;
  return (
    <section className="card mt-8 space-y-4" aria-labelledby="model-heading">
      <h2 id="model-heading" className="text-lg font-bold">
        {t.legend}
      </h2>
      <p id={hintId} className="text-sm text-muted">
        {t.hint}
      </p>
      <div aria-live="polite">{outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}</div>
      {model ? (
        <>
          <h3 className="font-semibold">{t.attached}</h3>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-semibold">{t.name}</dt>
              <dd className="break-all" data-testid="model-name">
                {model.name}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t.triangles}</dt>
              <dd data-testid="model-triangles">{number(model.triangles)}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t.size}</dt>
              <dd data-testid="model-size">
                {t.sizeMm(number(model.sizeMm[0], 1), number(model.sizeMm[1], 1), number(model.sizeMm[2], 1))}
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="text-sm">{t.none}</p>
      )}
      {upload && (
        <label className="flex items-center gap-3 text-sm">
          <span className="min-w-0 truncate">{t.uploading(upload.name)}</span>
          <progress className="h-2 flex-1 accent-[var(--accent)]" max={1} value={upload.progress} />
        </label>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={`btn btn-secondary cursor-pointer focus-within:outline focus-within:outline-3 focus-within:outline-accent ${busy ? "pointer-events-none opacity-60" : ""}`}
        >
          {model ? t.replace : t.choose}
          <input
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-describedby={hintId}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void attach(file);
            }}
          />
        </label>
        {model && (
          <button type="button" className="btn btn-secondary text-danger" disabled={busy} onClick={() => void remove()}>
            {t.remove}
          </button>
        )}
      </div>
    </section>
  );
}
