import { z } from "zod";
import {
  CONTACT_LIMITS,
  HONEYPOT_FIELD,
  PROJECT_TYPES,
  type ContactErrors,
  type ContactField,
  type ContactFieldError,
  type ProjectType,
} from "./contact-fields.ts";
import { isLocale, type Locale } from "./locale.ts";

const requiredText = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });

/** The contact form of the spec, checked the same way in the browser and on the server. */
export const contactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name),
  email: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(CONTACT_LIMITS.email, { error: "tooLong" })
    .pipe(z.email({ error: "invalidEmail" })),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, { error: "tooLong" })
    .regex(/^[+()\d\s.-]*$/, { error: "invalidPhone" })
    .optional()
    .transform((value) => (value ? value : undefined)),
  projectType: z.enum(PROJECT_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? "required" : "invalidProjectType"),
  }),
  message: requiredText(CONTACT_LIMITS.message),
  // Canada's anti-spam law wants express consent: nothing said is a no (the spec's default of yes is not followed).
  newsletter: z.boolean().default(false),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactForm = z.output<typeof contactSchema>;

export type ContactValidation = { ok: true; value: ContactForm } | { ok: false; errors: ContactErrors };

const FIELDS: readonly ContactField[] = ["name", "email", "phone", "projectType", "message"];

export function validateContact(input: unknown): ContactValidation {
  const result = contactSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message as ContactFieldError;
  }
  // A problem outside the fields (the payload is not an object): every required field is missing.
  if (Object.keys(errors).length === 0)
    return { ok: false, errors: { name: "required", email: "required", projectType: "required", message: "required" } };
  return { ok: false, errors };
}

/** Reads the form as the browser posts it (FormData) or as JSON, into the schema's input. */
/** What a contact form or the API posted, read as the service takes it (the honeypot and the page's language beside it). */
export type ContactSubmission = ContactInput & { [HONEYPOT_FIELD]?: string; locale?: Locale };

export function contactInputFrom(source: FormData | Record<string, unknown>): ContactSubmission {
  const get = (key: string): unknown => (source instanceof FormData ? (source.get(key) ?? undefined) : source[key]);
  const text = (key: string) => {
    const value = get(key);
    return typeof value === "string" ? value : undefined;
  };
  const newsletter = get("newsletter");
  const locale = text("locale");
  return {
    name: text("name") as string,
    email: text("email") as string,
    phone: text("phone"),
    projectType: text("projectType") as ProjectType,
    message: text("message") as string,
    // A checkbox posts "on" when ticked and nothing otherwise; JSON carries a boolean.
    newsletter: source instanceof FormData ? newsletter === "on" || newsletter === "true" : newsletter === true,
    [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
    locale: isLocale(locale) ? locale : undefined,
  };
}
