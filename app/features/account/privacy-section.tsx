import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { useMessages } from "~/features/i18n/use-locale";

const CONFIRM = "delete-account";

/**
 * "Download my data" and "Delete my account" (Quebec's Law 25: access and deletion). Without
 * JavaScript, "Delete my account" reloads the page with the confirmation form in it
 * (?delete-account=1); when the page runs, the same form opens in the site's dialog.
 */
export function PrivacySection({ email, error }: { email: string; error?: string }) {
  const m = useMessages("auth").auth;
  const dialog = useRef<HTMLDialogElement>(null);
  const inline = useSearchParams()[0].has(CONFIRM);
  const [open, setOpen] = useState(Boolean(error) && !inline);
  // Not useId: the profile is also rendered on its own, to be spliced into a shared frame (decision 075).
  const id = "privacy";

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
        {!inline && (
          <form method="get">
            <button
              type="submit"
              name={CONFIRM}
              value="1"
              className="btn btn-secondary text-danger"
              onClick={(event) => {
                event.preventDefault();
                setOpen(true);
              }}
            >
              {m.deleteAccount}
            </button>
          </form>
        )}
      </div>
      {inline && (
        <section aria-labelledby={`${id}-inline`} className="rounded-xl border border-danger/50 p-4">
          <ConfirmDeletion id={`${id}-inline`} email={email} error={error} action={`?${CONFIRM}=1`} />
        </section>
      )}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-confirm`}
        onClose={() => setOpen(false)}
        className="m-auto w-[min(92vw,30rem)] rounded-2xl border border-border bg-surface p-6 text-text shadow-xl backdrop:bg-black/50"
      >
        {open && <ConfirmDeletion id={`${id}-confirm`} email={email} error={error} onCancel={() => setOpen(false)} />}
      </dialog>
    </section>
  );
}

/** The confirmation: the account's e-mail address typed again, checked by the profile's action. */
function ConfirmDeletion({
  id,
  email,
  error,
  action,
  onCancel,
}: {
  id: string;
  email: string;
  error?: string;
  action?: string;
  onCancel?: () => void;
}) {
  const m = useMessages("auth").auth;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h2 id={id} className="text-lg font-bold">
        {m.deleteAccountConfirmTitle}
      </h2>
      <p className="mt-2">{m.deleteAccountConfirmText}</p>
      <p className="mt-2 font-semibold break-words">{email}</p>
      <Form method="post" action={action} className="mt-4 space-y-4" noValidate>
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
          {onCancel ? (
            <button type="button" className="btn btn-secondary" onClick={onCancel}>
              {m.cancel}
            </button>
          ) : (
            <a href="?" className="btn btn-secondary">
              {m.cancel}
            </a>
          )}
          <button type="submit" className="btn bg-danger text-surface hover:opacity-90" disabled={busy}>
            {busy ? m.deleteAccountDeleting : m.deleteAccountConfirm}
          </button>
        </div>
      </Form>
    </>
  );
}
