import { Form, useNavigation } from "react-router";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale } from "~/features/i18n/use-locale";
import { colon } from "../../../domain/french.ts";

/** The frame of every account form (log in, sign up, forgotten and new password, verification). */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <div className="card">
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro && <p className="mt-2 text-muted">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/**
 * An account form: posted to its route's action (it works before JavaScript runs), the action's
 * refusal above the fields, one full-width button that says when it is on its way.
 */
export function AuthForm({
  error,
  submit,
  submitting,
  children,
}: {
  error?: { title?: string; reason: string } | null | false;
  submit: string;
  submitting?: string;
  children: React.ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate className="space-y-4">
      {error && <FormError title={error.title} reason={error.reason} />}
      {children}
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy && submitting ? submitting : submit}
      </button>
    </Form>
  );
}

/** What went right (a link sent, a password changed), announced to screen readers. */
export function AuthNotice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success">
      {children}
    </p>
  );
}

/** The way to the next account page under the form ("No account? Sign up"), keeping where to go afterwards. */
export function AuthFooterLink({
  text,
  label,
  to,
  redirectTo,
}: {
  text?: string;
  label: string;
  to: string;
  redirectTo?: string;
}) {
  return (
    <p className="mt-6 text-center text-sm">
      {text && <>{text} </>}
      <LocalizedLink
        to={redirectTo ? `${to}?redirectTo=${encodeURIComponent(redirectTo)}` : to}
        className="font-semibold text-accent underline"
      >
        {label}
      </LocalizedLink>
    </p>
  );
}

export function FormError({ title, reason }: { title?: string; reason: string }) {
  const locale = useLocale();
  return (
    <div role="alert" className="alert-error">
      {title ? (
        <>
          <strong>{title}</strong>
          {colon(locale)}
          {reason}
        </>
      ) : (
        reason
      )}
    </div>
  );
}
