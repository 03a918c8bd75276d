import { useRef, useState } from "react";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { MAX_GALLERY } from "../../../domain/inventory.ts";
import { mediaId, mediaUrl } from "../../../domain/media.ts";
import { languageHeader } from "~/lib/api-client";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";
export const MAX_PICTURES = MAX_GALLERY + 1;

type Upload = { key: number; name: string; progress: number; error?: string };

/** A small version of a picture for the editor: the 320-pixel WebP of an upload, the file itself otherwise. */
export function thumbnail(src: string): string {
  const id = mediaId(src);
  return id ? mediaUrl(id, 320) : src;
}

function uploadOne(file: File, accept: string, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/admin/media");
    request.setRequestHeader("accept-language", accept);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { picture?: { url: string }; error?: { message: string } } | null;
      if (request.status === 201 && body?.picture) resolve(body.picture.url);
      else reject(new Error(body?.error?.message ?? ""));
    };
    request.onerror = () => reject(new Error(""));
    const form = new FormData();
    form.set("file", file);
    request.send(form);
  });
}

/**
 * The item's pictures as one ordered list: the first is the main picture, the others the gallery.
 * Files come from the picker or by drag and drop, several at once, each with its progress bar.
 */
export function PictureManager({
  pictures,
  setPictures,
  onBusyChange,
  error,
}: {
  pictures: string[];
  setPictures: React.Dispatch<React.SetStateAction<string[]>>;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}) {
  const m = useMessages("admin");
  const p = m.admin.pictures;
  const locale = useLocale();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const active = useRef(0);

  async function addFiles(list: FileList | File[]) {
    const files = Array.from(list);
    if (files.length === 0) return;
    const room = MAX_PICTURES - pictures.length - uploads.filter((u) => !u.error).length;
    const accepted = files.slice(0, Math.max(0, room));
    const refused = files.slice(accepted.length);
    const entries = accepted.map((file) => ({ key: nextKey.current++, name: file.name, progress: 0 }));
    setUploads((current) => [
      ...current.filter((u) => !u.error),
      ...entries,
      ...refused.map((file) => ({ key: nextKey.current++, name: file.name, progress: 0, error: p.tooMany })),
    ]);
    active.current += entries.length;
    onBusyChange(active.current > 0);
    // One at a time: a studio's connection, and the server's re-encoding, are not infinite.
    for (const [index, file] of accepted.entries()) {
      const key = entries[index].key;
      try {
        const url = await uploadOne(file, languageHeader(locale), (progress) =>
          setUploads((current) => current.map((u) => (u.key === key ? { ...u, progress } : u))),
        );
        setPictures((current) => [...current, url]);
        setUploads((current) => current.filter((u) => u.key !== key));
      } catch (failure) {
        const reason = (failure as Error).message || p.uploadFailed;
        setUploads((current) => current.map((u) => (u.key === key ? { ...u, error: reason } : u)));
      } finally {
        active.current -= 1;
        onBusyChange(active.current > 0);
      }
    }
  }

  const move = (from: number, to: number) =>
    setPictures((current) => {
      if (to < 0 || to >= current.length) return current;
      const next = [...current];
      const [picked] = next.splice(from, 1);
      next.splice(to, 0, picked);
      return next;
    });
  const remove = (index: number) => setPictures((current) => current.filter((_, i) => i !== index));

  return (
    <div>
      <p id="pictures-hint" className="mb-3 text-sm text-muted">
        {p.hint}
      </p>
      {error && (
        <p className="mb-3 text-sm font-medium text-danger" id="pictures-error">
          {error}
        </p>
      )}
      {pictures.length === 0 ? (
        <p className="mb-3 text-sm">{p.none}</p>
      ) : (
        <ol className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {pictures.map((src, index) => (
            <li key={`${src}-${index}`} className="rounded-xl border border-border bg-surface p-2">
              <div className="relative">
                <img
                  src={thumbnail(src)}
                  alt={p.alt(index + 1)}
                  width={320}
                  height={240}
                  className="aspect-[4/3] w-full rounded-lg bg-surface-2 object-cover"
                />
                {index === 0 && (
                  <span className="absolute top-2 left-2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
                    {p.main}
                  </span>
                )}
              </div>
              <div className="mt-2 flex flex-wrap justify-center gap-1">
                <button
                  type="button"
                  className="icon-btn h-9 w-9"
                  aria-label={p.moveEarlier(index + 1)}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <span aria-hidden="true">←</span>
                </button>
                <button
                  type="button"
                  className="icon-btn h-9 w-9"
                  aria-label={p.moveLater(index + 1)}
                  disabled={index === pictures.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <span aria-hidden="true">→</span>
                </button>
                {index > 0 && (
                  <button
                    type="button"
                    className="icon-btn h-9 w-9"
                    aria-label={p.makeMain(index + 1)}
                    onClick={() => move(index, 0)}
                  >
                    <span aria-hidden="true">★</span>
                  </button>
                )}
                <button
                  type="button"
                  className="icon-btn h-9 w-9 text-danger"
                  aria-label={p.remove(index + 1)}
                  onClick={() => remove(index)}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}

      {uploads.length > 0 && (
        <ul className="mb-4 space-y-2" aria-live="polite">
          {uploads.map((upload) => (
            <li key={upload.key} className="text-sm">
              {upload.error ? (
                <span role="alert" className="text-danger">
                  {p.failed(upload.name, upload.error)}
                </span>
              ) : (
                <label className="flex items-center gap-3">
                  <span className="min-w-0 truncate">{p.uploading(upload.name)}</span>
                  <progress className="h-2 flex-1 accent-[var(--accent)]" max={1} value={upload.progress} />
                </label>
              )}
            </li>
          ))}
        </ul>
      )}

      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void addFiles(event.dataTransfer.files);
        }}
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center ${
          dragging ? "border-accent bg-accent/10" : "border-border"
        }`}
      >
        <p>{p.drop}</p>
        <label className="btn btn-secondary cursor-pointer focus-within:outline focus-within:outline-3 focus-within:outline-accent">
          {p.chooseLabel}
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            aria-describedby="pictures-hint"
            onChange={(event) => {
              if (event.target.files) void addFiles(event.target.files);
              event.target.value = "";
            }}
          />
        </label>
      </div>
    </div>
  );
}
