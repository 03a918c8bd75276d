/**
 * The contact form's fields and limits, without its schema (contact.ts): the form renders from
 * these, and downloads the schema only when it is about to check what was typed.
 */
export const PROJECT_TYPES = ["cosplay", "decor", "film", "custom", "other"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** The honeypot: a field people never see; bots that fill every input fill it. */
export const HONEYPOT_FIELD = "website";

export const CONTACT_LIMITS = { name: 120, email: 254, phone: 40, message: 5000 } as const;

/** Codes of the field problems; the catalogue gives each its words in both languages. */
export type ContactFieldError = "required" | "invalidEmail" | "invalidPhone" | "invalidProjectType" | "tooLong";
export type ContactField = "name" | "email" | "phone" | "projectType" | "message";
export type ContactErrors = Partial<Record<ContactField, ContactFieldError>>;
