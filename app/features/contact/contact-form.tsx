import { useEffect, useId, useRef, useState } from "react";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import type { ApiErrorBody } from "~/lib/api-errors";
import { CONTACT_LIMITS, HONEYPOT_FIELD, PROJECT_TYPES, type ContactField } from "~/lib/contact-fields";

// The schema (and zod) is downloaded when the visitor starts on the form, not with the page.
const loadSchema = () => import("~/lib/contact");

export type ContactStatus = "idle" | "sending" | "error" | "success";

/** What the page's action answered when the form was posted without JavaScript. */
export type ContactActionResult =
  | { status: "success" }
  | { status: "error"; message: string; fields: Partial<Record<ContactField, string>>; values: Record<string, string | boolean> };

const FIELD_ORDER: ContactField[] = ["name", "email", "phone", "projectType", "message"];

/**
 * The spec's contact form. With JavaScript it checks the fields with the shared schema, posts JSON
 * to /api/submitContactForm and goes idle → sending → success (and resets) or error. Without
 * JavaScript the browser posts it to the page, whose action calls the same service.
 */
export function ContactForm({ initial }: { initial?: ContactActionResult }) {
  const m = useMessages("contact");
  const locale = useLocale();
  const c = m.contact;
  const form = useRef<HTMLFormElement>(null);
  const checking = useRef(false);
  const id = useId();
  const [status, setStatus] = useState<ContactStatus>(initial?.status ?? "idle");
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>(initial?.status === "error" ? initial.fields : {});
  const [reason, setReason] = useState<string | undefined>(initial?.status === "error" ? initial.message : undefined);
  const values = initial?.status === "error" ? initial.values : {};
  // The result is announced and focused (which scrolls it into view below the sticky header):
  // otherwise a sent form just clears, with its banner out of sight.
  const result = useRef<HTMLDivElement>(null);
  const [resultShown, setResultShown] = useState(0);
  const showResult = () => setResultShown((n) => n + 1);
  useEffect(() => {
    if (resultShown > 0 || (initial && !Object.keys(initial.status === "error" ? initial.fields : {}).length)) result.current?.focus();
  }, [resultShown, initial]);

  const focusFirstError = (fields: Partial<Record<ContactField, string>>) => {
    const first = FIELD_ORDER.find((field) => fields[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "sending" || checking.current) return;
    const element = event.currentTarget;
    checking.current = true;
    let schema: Awaited<ReturnType<typeof loadSchema>>;
    try {
      schema = await loadSchema();
    } catch {
      setStatus("error");
      showResult();
      return;
    } finally {
      checking.current = false;
    }
    const { contactInputFrom, validateContact } = schema;
    const input = contactInputFrom(new FormData(element));
    const checked = validateContact(input);
    if (!checked.ok) {
      const fields = Object.fromEntries(Object.entries(checked.errors).map(([field, code]) => [field, c.errors[code]]));
      setErrors(fields);
      setStatus("idle");
      setReason(undefined);
      focusFirstError(fields);
      return;
    }
    setErrors({});
    setReason(undefined);
    setStatus("sending");
    try {
      const response = await fetch("/api/submitContactForm", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...checked.value, [HONEYPOT_FIELD]: input[HONEYPOT_FIELD] ?? "", locale }),
      });
      if (response.ok && ((await response.json()) as { success?: boolean }).success) {
        element.reset();
        setStatus("success");
        showResult();
        return;
      }
      const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
      const fields = (body?.error.fields ?? {}) as Partial<Record<ContactField, string>>;
      setErrors(fields);
      setReason(response.status === 429 ? c.tooMany : Object.keys(fields).length ? c.invalidForm : undefined);
      setStatus("error");
      if (Object.keys(fields).length) focusFirstError(fields);
      else showResult();
    } catch {
      setReason(undefined);
      setStatus("error");
      showResult();
    }
  }

  const describedBy = (field: ContactField, hint = false) =>
    [hint ? `${id}-${field}-hint` : "", errors[field] ? `${id}-${field}-error` : ""].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm font-medium text-danger">
        {errors[field]}
      </p>
    ) : null;
  const label = (field: ContactField, text: string, required: boolean) => (
    <label htmlFor={`${id}-${field}`} className="field-label">
      {text}
      {required && (
        <span className="text-danger" aria-hidden="true">
          {" "}
          *
        </span>
      )}
    </label>
  );
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : undefined);

  return (
    <form ref={form} method="post" noValidate onSubmit={onSubmit} onFocus={() => void loadSchema()} className="space-y-5" aria-describedby={`${id}-intro`}>
      <p id={`${id}-intro`} className="text-sm text-muted">
        {c.formIntro}
      </p>

      {status === "success" && (
        <div
          ref={result}
          tabIndex={-1}
          role="status"
          className="scroll-mt-28 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success"
        >
          <strong>{c.successTitle}</strong> {c.successText}
        </div>
      )}
      {status === "error" && (
        <div ref={result} tabIndex={-1} role="alert" className="alert-error scroll-mt-28">
          <strong>{c.failed}</strong>
          {reason && <span>{c.reasonSeparator}{reason}</span>}
        </div>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          {label("name", c.fields.name, true)}
          <input
            id={`${id}-name`}
            name="name"
            className="field-input"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            defaultValue={text("name")}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
          />
          {fieldError("name")}
        </div>
        <div>
          {label("email", c.fields.email, true)}
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            className="field-input"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            defaultValue={text("email")}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email")}
          />
          {fieldError("email")}
        </div>
        <div>
          {label("phone", c.fields.phone, false)}
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            className="field-input"
            autoComplete="tel"
            maxLength={CONTACT_LIMITS.phone}
            defaultValue={text("phone")}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy("phone")}
          />
          {fieldError("phone")}
        </div>
        <div>
          {label("projectType", c.fields.projectType, true)}
          <select
            id={`${id}-projectType`}
            name="projectType"
            className="field-input"
            required
            defaultValue={text("projectType") ?? ""}
            aria-invalid={errors.projectType ? true : undefined}
            aria-describedby={describedBy("projectType")}
          >
            <option value="">{c.fields.projectTypePlaceholder}</option>
            {PROJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {c.projectTypes[type]}
              </option>
            ))}
          </select>
          {fieldError("projectType")}
        </div>
      </div>

      <div>
        {label("message", c.fields.message, true)}
        <textarea
          id={`${id}-message`}
          name="message"
          rows={6}
          className="field-input"
          required
          maxLength={CONTACT_LIMITS.message}
          defaultValue={text("message")}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message", true)}
        />
        <p id={`${id}-message-hint`} className="mt-1 text-sm text-muted">
          {c.fields.messageHint}
        </p>
        {fieldError("message")}
      </div>

      {/* The honeypot: out of sight and out of the tab order; only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>{c.fields.honeypot}</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="flex items-start gap-3">
        <input
          id={`${id}-newsletter`}
          name="newsletter"
          type="checkbox"
          defaultChecked={values.newsletter === true}
          className="mt-1 h-5 w-5 accent-[var(--accent)]"
        />
        <label htmlFor={`${id}-newsletter`}>{c.fields.newsletter}</label>
      </div>

      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={status === "sending"}>
        {status === "sending" ? c.sending : c.submit}
      </button>
    </form>
  );
}
