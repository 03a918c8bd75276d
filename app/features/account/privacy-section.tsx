import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useMessages } from "~/features/i18n/use-locale";
import { useHydrated } from "~/features/shell/use-hydrated";

/** "Download my data" and "Delete my account" (Quebec's Law 25: access and deletion). */
export function PrivacySection({ email, error }: { email: string; error?: string }) {
  const m = useMessages("auth").auth;
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(Boolean(error));
  const id = useId();
  const busy = useNavigation().state === "submitting";

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <section aria-labelledby={`${id}-title`} className="card mt-8 space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {m.profilePrivacyTitle}
      </h2>
      <p className="text-muted">{m.profilePrivacyIntro}</p>
      <div className="flex flex-wrap gap-3">
        <a href="/api/account/data" download className="btn btn-secondary">
          {m.downloadData}
        </a>
        <button type="button" className="btn btn-secondary text-danger" disabled={!hydrated} onClick={() => setOpen(true)}>
          {m.deleteAccount}
        </button>
      </div>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-confirm`}
        onClose={() => setOpen(false)}
        className="m-auto w-[min(92vw,30rem)] rounded-2xl border border-border bg-surface p-6 text-text shadow-xl backdrop:bg-black/50"
      >
        <h2 id={`${id}-confirm`} className="text-lg font-bold">
          {m.deleteAccountConfirmTitle}
        </h2>
        <p className="mt-2">{m.deleteAccountConfirmText}</p>
        <p className="mt-2 break-words font-semibold">{email}</p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="delete-account" />
          <div>
            <label htmlFor={`${id}-email`} className="field-label">
              {m.deleteAccountEmailLabel}
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="off"
              maxLength={320}
              required
              className="field-input"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-danger">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              {m.cancel}
            </button>
            <button type="submit" className="btn bg-danger text-surface hover:opacity-90" disabled={busy}>
              {busy ? m.deleteAccountDeleting : m.deleteAccountConfirm}
            </button>
          </div>
        </Form>
      </dialog>
    </section>
  );
}
