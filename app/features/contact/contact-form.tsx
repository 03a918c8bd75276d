import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  parse,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useMessages } from "~/features/i18n/use-locale";
import {
  CONTACT_LIMITS,
  HONEYPOT_FIELD,
  PROJECT_TYPES,
  type ContactFieldError,
} from "../../../domain/contact-fields.ts";

// The schema (and zod) is downloaded when the visitor starts on the form, not with the page.
const loadValidation = () => import("./contact-validation");
let validation: Awaited<ReturnType<typeof loadValidation>> | undefined;
const preloadValidation = () =>
  void loadValidation().then(
    (module) => (validation = module),
    () => undefined,
  );

/** Problems of the whole form, as codes: the form words them in the page's language. */
export type ContactFormError = "invalidForm" | "tooMany" | "failed";

/** The page's action answer (Conform's report of the submission), with or without JavaScript. */
/** `sent`: what was sent, shown back (a copy is e-mailed only to a signed-in account's verified address). */
export type ContactActionData = {
  result: SubmissionResult<string[]>;
  sent?: { message: string; copyTo: string | null };
};

/**
 * The spec's contact form, posted to the page's action (the service behind /api/submitContactForm).
 * With JavaScript a fetcher posts it and Conform checks the fields with the shared schema first;
 * without, the browser posts it and the answer comes back with what was typed.
 */
export function ContactForm({ initial }: { initial?: ContactActionData }) {
  const c = useMessages("contact").contact;
  const fetcher = useFetcher<ContactActionData>();
  const answer = fetcher.data ?? initial;
  const [form, fields] = useForm({
    lastResult: answer?.result,
    shouldRevalidate: "onInput",
    // Before the schema has arrived, the server checks alone.
    onValidate: ({ formData }) =>
      validation?.validateContactForm(formData) ?? parse(formData, { resolve: (value) => ({ value }) }),
  });
  const sending = fetcher.state !== "idle";
  const failure = form.errors?.[0] as ContactFormError | undefined;
  const reason = failure === "tooMany" ? c.tooMany : failure === "invalidForm" ? c.invalidForm : undefined;

  // The result is announced and focused (which scrolls it into view below the sticky header):
  // otherwise a sent form just clears, with its banner out of sight.
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer?.sent || (answer && failure && failure !== "invalidForm")) result.current?.focus();
  }, [answer, failure]);

  const errorText = (errors: string[] | undefined) => {
    const code = errors?.[0] as ContactFieldError | undefined;
    return code ? (c.errors[code] ?? code) : undefined;
  };
  const fieldError = (field: (typeof fields)[keyof typeof fields]) =>
    field.errors ? (
      <p id={field.errorId} className="mt-1 text-sm font-medium text-danger">
        {errorText(field.errors)}
      </p>
    ) : null;
  const label = (field: { id: string }, text: string, required: boolean) => (
    <label htmlFor={field.id} className="field-label">
      {text}
      {required && (
        <span className="text-danger" aria-hidden="true">
          {" "}
          *
        </span>
      )}
    </label>
  );
  // Conform gives each control a key that changes when the form resets; React wants it apart.
  const { key: nameKey, ...name } = getInputProps(fields.name, { type: "text" });
  const { key: emailKey, ...email } = getInputProps(fields.email, { type: "email" });
  const { key: phoneKey, ...phone } = getInputProps(fields.phone, { type: "tel" });
  const { key: projectTypeKey, ...projectType } = getSelectProps(fields.projectType);
  const { key: messageKey, ...message } = getTextareaProps(fields.message, {
    ariaDescribedBy: `${fields.message.id}-hint`,
  });
  const { key: newsletterKey, ...newsletter } = getInputProps(fields.newsletter, { type: "checkbox" });

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onFocus={preloadValidation}
      className="space-y-5"
      aria-describedby={`${form.id}-intro`}
    >
      <p id={`${form.id}-intro`} className="text-sm text-muted">
        {c.formIntro}
      </p>

      {answer?.sent && (
        <div
          ref={result}
          tabIndex={-1}
          role="status"
          className="scroll-mt-28 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success"
        >
          <p>
            <strong>{c.successTitle}</strong> {c.successText}
          </p>
          <p className="text-fg mt-2">{answer.sent.copyTo ? c.copySent(answer.sent.copyTo) : c.keepCopy}</p>
          <figure className="text-fg mt-2 rounded-md bg-surface px-3 py-2">
            <figcaption className="text-sm font-semibold">{c.yourMessage}</figcaption>
            <p className="break-words whitespace-pre-wrap">{answer.sent.message}</p>
          </figure>
          {!answer.sent.copyTo && (
            <button type="button" className="btn btn-secondary mt-3 print:hidden" onClick={() => window.print()}>
              {c.print}
            </button>
          )}
        </div>
      )}
      {failure && (
        <div ref={result} tabIndex={-1} role="alert" id={form.errorId} className="alert-error scroll-mt-28">
          <strong>{c.failed}</strong>
          {reason && (
            <span>
              {c.reasonSeparator}
              {reason}
            </span>
          )}
        </div>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          {label(fields.name, c.fields.name, true)}
          <input
            key={nameKey}
            {...name}
            className="field-input"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
          />
          {fieldError(fields.name)}
        </div>
        <div>
          {label(fields.email, c.fields.email, true)}
          <input
            key={emailKey}
            {...email}
            className="field-input"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
          />
          {fieldError(fields.email)}
        </div>
        <div>
          {label(fields.phone, c.fields.phone, false)}
          <input
            key={phoneKey}
            {...phone}
            className="field-input"
            autoComplete="tel"
            maxLength={CONTACT_LIMITS.phone}
          />
          {fieldError(fields.phone)}
        </div>
        <div>
          {label(fields.projectType, c.fields.projectType, true)}
          <select key={projectTypeKey} {...projectType} className="field-input" required>
            <option value="">{c.fields.projectTypePlaceholder}</option>
            {PROJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {c.projectTypes[type]}
              </option>
            ))}
          </select>
          {fieldError(fields.projectType)}
        </div>
      </div>

      <div>
        {label(fields.message, c.fields.message, true)}
        <textarea
          key={messageKey}
          {...message}
          rows={6}
          className="field-input"
          required
          maxLength={CONTACT_LIMITS.message}
        />
        <p id={`${fields.message.id}-hint`} className="mt-1 text-sm text-muted">
          {c.fields.messageHint}
        </p>
        {fieldError(fields.message)}
      </div>

      {/* The honeypot: out of sight and out of the tab order; only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${form.id}-${HONEYPOT_FIELD}`}>{c.fields.honeypot}</label>
        <input
          id={`${form.id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <div className="flex items-start gap-3">
        <input key={newsletterKey} {...newsletter} className="mt-1 h-5 w-5 accent-[var(--accent)]" />
        <label htmlFor={fields.newsletter.id}>{c.fields.newsletter}</label>
      </div>

      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={sending}>
        {sending ? c.sending : c.submit}
      </button>
    </fetcher.Form>
  );
}
