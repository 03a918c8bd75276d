import type { ReactNode } from "react";

/** A content form's English fields and French fields, side by side on wide screens; the French column is marked as French. */
export function BilingualColumns({ en, fr }: { en: ReactNode; fr: ReactNode }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">{en}</div>
      <div className="space-y-4" lang="fr">
        {fr}
      </div>
    </div>
  );
}

/** "Published" as a box to tick. */
export function PublishedCheckbox({ label, defaultChecked }: { label: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" name="published" defaultChecked={defaultChecked} />
      <span>{label}</span>
    </label>
  );
}

/** A content form's two submit buttons: the preview (nothing saved) first, then the save. */
export function PreviewAndSave(props: { busy: boolean; preview: { intent: string; label: string }; save: { intent: string; label: string } }) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" name="intent" value={props.preview.intent} className="btn btn-secondary" disabled={props.busy}>
        {props.preview.label}
      </button>
      <button type="submit" name="intent" value={props.save.intent} className="btn btn-primary" disabled={props.busy}>
        {props.save.label}
      </button>
    </div>
  );
}
