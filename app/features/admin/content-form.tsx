import type { ReactNode } from "react";
import { LocalizedLink } from "../i18n/localized-link";
import { Notice, TextArea, TextInput } from "./ui";

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
export function PreviewAndSave(props: {
  busy: boolean;
  preview: { intent: string; label: string };
  save: { intent: string; label: string };
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="submit"
        name="intent"
        value={props.preview.intent}
        className="btn btn-secondary"
        disabled={props.busy}
      >
        {props.preview.label}
      </button>
      <button type="submit" name="intent" value={props.save.intent} className="btn btn-primary" disabled={props.busy}>
        {props.save.label}
      </button>
    </div>
  );
}

type BilingualField = { name: string; labelEn: string; labelFr: string; maxLength: number };

/**
 * A title and its longer text in English and in French (`${name}En`, `${name}Fr`): English is
 * required, French may wait (the entry then stays off the French site).
 */
export function BilingualTitleAndText(props: {
  title: BilingualField;
  text: BilingualField & { rows: number };
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}) {
  const { title, text, values, errors } = props;
  const column = (lang: "En" | "Fr") => (
    <>
      <TextInput
        label={lang === "En" ? title.labelEn : title.labelFr}
        name={`${title.name}${lang}`}
        defaultValue={String(values[`${title.name}${lang}`] ?? "")}
        maxLength={title.maxLength}
        required={lang === "En"}
        error={errors[`${title.name}${lang}`]}
      />
      <TextArea
        label={lang === "En" ? text.labelEn : text.labelFr}
        name={`${text.name}${lang}`}
        rows={text.rows}
        defaultValue={String(values[`${text.name}${lang}`] ?? "")}
        maxLength={text.maxLength}
        required={lang === "En"}
        error={errors[`${text.name}${lang}`]}
      />
    </>
  );
  return <BilingualColumns en={column("En")} fr={column("Fr")} />;
}

/** What a content form would publish, in English and in French, before anything is saved. */
export function ContentPreview(props: {
  id: string;
  heading: string;
  /** The form's catalogue, which names the two languages and the French not written yet. */
  words: { previewEnglish: string; previewFrench: string; previewNoFrench: string };
  en: ReactNode;
  /** Null when the French is not written yet. */
  fr: ReactNode | null;
}) {
  return (
    <section aria-labelledby={props.id} className="space-y-3 border-t border-border pt-4">
      <h3 id={props.id} className="text-lg font-semibold">
        {props.heading}
      </h3>
      <p className="text-sm font-semibold">{props.words.previewEnglish}</p>
      <div lang="en">{props.en}</div>
      <p className="text-sm font-semibold">{props.words.previewFrench}</p>
      {props.fr ? <div lang="fr">{props.fr}</div> : <p className="text-muted">{props.words.previewNoFrench}</p>}
    </section>
  );
}

/** A content form's heading, the way back to the list (while an entry is edited), and the answer to the last send. */
export function ContentFormHeading(props: {
  id: string;
  heading: string;
  cancel: { to: string; label: string } | null;
  answer: { ok: boolean; message: string } | undefined;
}) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={props.id} className="text-xl font-bold">
          {props.heading}
        </h2>
        {props.cancel && (
          <LocalizedLink to={props.cancel.to} className="text-sm underline underline-offset-4">
            {props.cancel.label}
          </LocalizedLink>
        )}
      </div>
      {props.answer?.message && <Notice kind={props.answer.ok ? "success" : "error"}>{props.answer.message}</Notice>}
    </>
  );
}
