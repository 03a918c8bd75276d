import { useEffect, useId, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { AdminAnswer } from "../../../domain/admin-answer.ts";
import { useMessages } from "~/features/i18n/use-locale";
import { textTypedBeforeHydration } from "~/lib/early-text";

/** A page heading with its introduction and, on the right, its main action. */
export function AdminHeader({ title, intro, children }: { title: string; intro?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro && <p className="mt-1 max-w-2xl text-muted">{intro}</p>}
      </div>
      {children}
    </div>
  );
}

/** A failure (role=alert, read at once) or a confirmation (role=status). */
export function Notice({
  kind,
  title,
  children,
}: {
  kind: "error" | "success";
  title?: string;
  children?: React.ReactNode;
}) {
  if (kind === "error") {
    return (
      <div role="alert" className="alert-error mb-4">
        {title && <strong className="block">{title}</strong>}
        {children}
      </div>
    );
  }
  return (
    <div role="status" className="mb-4 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success">
      {children}
    </div>
  );
}

export type Tone = "neutral" | "success" | "warning" | "danger" | "accent";
const TONES: Record<Tone, string> = {
  neutral: "bg-surface-2 text-muted",
  success: "bg-success/10 text-success",
  warning: "bg-warning/10 text-warning",
  danger: "bg-danger/10 text-danger",
  accent: "bg-accent text-on-accent",
};

export function Badge({ tone = "neutral", children }: { tone?: Tone; children: React.ReactNode }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}>
      {children}
    </span>
  );
}

type FieldShell = {
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; describedBy?: string; invalid: boolean }) => React.ReactNode;
};

/** Label, control, hint and error message, tied together for screen readers. */
export function FieldFrame({ label, hint, error, children }: FieldShell) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  hint?: string;
  error?: string;
};

export function TextInput({ label, hint, error, className, ...input }: InputProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={`field-input ${invalid ? "border-danger" : ""} ${className ?? ""}`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

type TextAreaProps = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  label: string;
  hint?: string;
  error?: string;
};

export function TextArea({ label, hint, error, ...input }: TextAreaProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <EarlyTextarea
          id={id}
          rows={4}
          className={`field-input ${invalid ? "border-danger" : ""}`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

/** A textarea that starts from what was typed before the page's script ran (app/lib/early-text.ts). */
export function EarlyTextarea({
  id,
  defaultValue,
  ...props
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  const [initial] = useState(
    () => (props.value === undefined ? textTypedBeforeHydration(id) : undefined) ?? defaultValue,
  );
  return <textarea id={id} defaultValue={initial} {...props} />;
}

type SelectProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  hint?: string;
  error?: string;
};

export function Select({ label, hint, error, children, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={`field-input ${invalid ? "border-danger" : ""}`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** Asks before something that cannot be undone. A native modal dialog: focus trapped, Escape closes. */
/**
 * A button that changes something after a confirmation: without JavaScript it posts its form at once
 * (`intent` and `id` in `fields`); when the page runs, `onClick` opens the page's ConfirmDialog instead.
 */
export function ConfirmedButton({
  label,
  fields,
  onClick,
  className = "btn btn-secondary px-3 py-1.5 text-sm text-danger",
  children,
}: {
  label: string;
  fields: Record<string, string>;
  onClick: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <form method="post">
      <HiddenFields fields={fields} />
      <button
        type="submit"
        className={className}
        aria-label={label}
        onClick={(event) => {
          event.preventDefault();
          onClick();
        }}
      >
        {children}
      </button>
    </form>
  );
}

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** The answer of an admin action (plain form or fetcher), or the page's own notice when there is none. */
export function AnswerNotice({ answer, fallback }: { answer: AdminAnswer | undefined; fallback?: string }) {
  const m = useMessages("admin");
  if (answer?.confirm) {
    return (
      <section
        aria-label={m.admin.common.confirmTitle}
        className="mb-4 rounded-lg border border-border bg-surface-2 px-4 py-3"
      >
        <p>{answer.message}</p>
        <form method="post" className="mt-3 flex flex-wrap gap-3">
          <HiddenFields fields={answer.confirm} />
          <button type="submit" className="btn bg-danger text-surface hover:opacity-90">
            {m.admin.common.confirmYes}
          </button>
        </form>
      </section>
    );
  }
  return (
    <div aria-live="polite">
      {answer ? (
        <Notice kind={answer.ok ? "success" : "error"}>{answer.message}</Notice>
      ) : (
        fallback && <Notice kind="success">{fallback}</Notice>
      )}
    </div>
  );
}

/** Asks before a change; its confirm button posts `fields` with the page's fetcher, and it closes once that succeeds. */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  busyLabel,
  fetcher,
  fields,
  onClose,
}: {
  open: boolean;
  message: string;
  confirmLabel: string;
  busyLabel?: string;
  fetcher: FetcherWithComponents<AdminAnswer>;
  fields: Record<string, string>;
  onClose: () => void;
}) {
  const m = useMessages("admin");
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  // The answer shown is the one of this opening only; a success closes the dialog.
  const [sent, setSent] = useState(false);
  const answer = sent && fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) setSent(false);
  }, [open]);
  useEffect(() => {
    if (answer?.ok) onClose();
  }, [answer, onClose]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={onClose}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl border border-border bg-surface p-6 text-text shadow-xl backdrop:bg-black/50"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {m.admin.common.confirmTitle}
      </h2>
      <p className="mt-2">{message}</p>
      {answer && !answer.ok && (
        <p role="alert" className="alert-error mt-4">
          {answer.message}
        </p>
      )}
      <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3" onSubmit={() => setSent(true)}>
        <HiddenFields fields={{ ...fields, confirmed: "yes" }} />
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {m.admin.common.cancel}
        </button>
        <button
          type="submit"
          className="btn bg-danger text-surface hover:opacity-90"
          disabled={fetcher.state !== "idle"}
        >
          {fetcher.state !== "idle" ? (busyLabel ?? m.admin.common.deleting) : confirmLabel}
        </button>
      </fetcher.Form>
    </dialog>
  );
}

/** Moves keyboard focus to the first field marked invalid (after a refused save). */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
