import { z } from "zod";
import { isCalendarDay } from "./calendar-day.ts";
import {
  IDENTITY_LIMITS,
  normalisePhone,
  ORDER_PREFIX,
  SOCIAL_NETWORKS,
  WEEKDAYS,
  type Closure,
  type DayHours,
  type IdentityFieldError,
  type SocialNetwork,
  type StudioIdentity,
  type Weekday,
} from "./studio-identity.ts";

/**
 * The identity form's schema (Admin → Settings) for the page and the server. Kept apart from
 * studio-identity.ts, which every page's footer reads: zod stays out of the public pages' scripts.
 */
/** The identity as the form and the API send it: the logo is uploaded apart. */
export type IdentityFields = Omit<StudioIdentity, "logo" | "tagline" | "hoursNote" | "orderPrefix"> &
  Partial<Pick<StudioIdentity, "tagline" | "hoursNote" | "orderPrefix">>;

const requiredText = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });
const optionalText = (max: number) => z.string().trim().max(max, { error: "tooLong" }).optional().default("");

const phone = requiredText(IDENTITY_LIMITS.phone).refine((value) => normalisePhone(value) !== null, {
  error: "invalidPhone",
});
const email = requiredText(IDENTITY_LIMITS.email).pipe(z.email({ error: "invalidEmail" }));

/** An https address, or blank (the link is not shown). */
const httpsUrl = z
  .string()
  .trim()
  .max(IDENTITY_LIMITS.url, { error: "tooLong" })
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: "custom", message: "invalidUrl" });
      return z.NEVER;
    }
    if (url.protocol !== "https:") {
      context.addIssue({ code: "custom", message: url.protocol === "http:" ? "httpsOnly" : "invalidUrl" });
      return z.NEVER;
    }
    if (!url.hostname.includes(".") || url.username || url.password) {
      context.addIssue({ code: "custom", message: "invalidUrl" });
      return z.NEVER;
    }
    return url.toString();
  });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().trim().max(5, { error: "invalidTime" }).optional().default("");

const dayHours = z
  .object({ closed: z.boolean().optional().default(false), open: time, close: time })
  .transform((day, context): DayHours => {
    if (day.closed) return null;
    let ok = true;
    for (const key of ["open", "close"] as const) {
      if (!day[key]) {
        context.addIssue({ code: "custom", path: [key], message: "required" });
        ok = false;
      } else if (!TIME.test(day[key])) {
        context.addIssue({ code: "custom", path: [key], message: "invalidTime" });
        ok = false;
      }
    }
    if (!ok) return z.NEVER;
    if (day.open >= day.close) {
      context.addIssue({ code: "custom", path: ["close"], message: "closeBeforeOpen" });
      return z.NEVER;
    }
    return { open: day.open, close: day.close };
  });

/** A closure as the form posts it; a row left blank is dropped (null). */
const closure = z
  .object({
    from: z.string().trim().max(10, { error: "invalidDate" }).optional().default(""),
    to: z.string().trim().max(10, { error: "invalidDate" }).optional().default(""),
    labelEn: optionalText(IDENTITY_LIMITS.label),
    labelFr: optionalText(IDENTITY_LIMITS.label),
  })
  .transform((row, context): Closure | null => {
    if (!row.from && !row.to && !row.labelEn && !row.labelFr) return null;
    if (!row.from) context.addIssue({ code: "custom", path: ["from"], message: "required" });
    else if (!isCalendarDay(row.from)) context.addIssue({ code: "custom", path: ["from"], message: "invalidDate" });
    // One day when "to" is blank.
    const to = row.to || row.from;
    if (row.to && !isCalendarDay(row.to)) context.addIssue({ code: "custom", path: ["to"], message: "invalidDate" });
    else if (row.from && isCalendarDay(row.from) && to < row.from)
      context.addIssue({ code: "custom", path: ["to"], message: "endBeforeStart" });
    if (context.issues.length > 0) return z.NEVER;
    return { from: row.from, to, label: { en: row.labelEn, fr: row.labelFr } };
  });

export const studioIdentitySchema = z
  .object({
    name: requiredText(IDENTITY_LIMITS.name),
    phone,
    email,
    street: optionalText(IDENTITY_LIMITS.street),
    city: requiredText(IDENTITY_LIMITS.city),
    hours: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours])) as Record<Weekday, typeof dayHours>),
    closures: z
      .array(closure)
      .max(IDENTITY_LIMITS.closures * 2, { error: "tooMany" })
      .optional()
      .default([]),
    socials: z.object(
      Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, httpsUrl])) as Record<
        SocialNetwork,
        typeof httpsUrl
      >,
    ),
    // The words and the prefix came after the first API clients: one that does not send them keeps them.
    tagline: z
      .object({ en: optionalText(IDENTITY_LIMITS.tagline), fr: optionalText(IDENTITY_LIMITS.tagline) })
      .optional(),
    hoursNote: z
      .object({ en: optionalText(IDENTITY_LIMITS.hoursNote), fr: optionalText(IDENTITY_LIMITS.hoursNote) })
      .optional(),
    orderPrefix: z
      .string()
      .trim()
      .max(8, { error: "invalidPrefix" })
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(ORDER_PREFIX, { error: "invalidPrefix" }))
      .optional(),
  })
  .transform((value, context): IdentityFields => {
    const closures = value.closures
      .filter((c): c is Closure => c !== null)
      .sort((a, b) => a.from.localeCompare(b.from));
    if (closures.length > IDENTITY_LIMITS.closures) {
      context.addIssue({ code: "custom", path: ["closures"], message: "tooMany" });
      return z.NEVER;
    }
    return { ...value, closures };
  });
export type StudioIdentityInput = z.input<typeof studioIdentitySchema>;

/** The identity form's fields (named after the schema's paths) as the schema's input. */
export function studioIdentityInput(form: FormData): unknown {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const rows = Math.min(form.getAll("closures.from").length, IDENTITY_LIMITS.closures * 2);
  const all = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
  const [from, to, labelEn, labelFr] = [
    all("closures.from"),
    all("closures.to"),
    all("closures.labelEn"),
    all("closures.labelFr"),
  ];
  return {
    name: text("name"),
    phone: text("phone"),
    email: text("email"),
    street: text("street"),
    city: text("city"),
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        {
          closed: text(`hours.${day}.closed`) === "on",
          open: text(`hours.${day}.open`),
          close: text(`hours.${day}.close`),
        },
      ]),
    ),
    closures: Array.from({ length: rows }, (_, i) => ({
      from: from[i],
      to: to[i],
      labelEn: labelEn[i],
      labelFr: labelFr[i],
    })),
    socials: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, text(`socials.${network}`)])),
    // A form from before these fields (a page still open) leaves them as they are.
    tagline: form.has("tagline.en") ? { en: text("tagline.en"), fr: text("tagline.fr") } : undefined,
    hoursNote: form.has("hoursNote.en") ? { en: text("hoursNote.en"), fr: text("hoursNote.fr") } : undefined,
    orderPrefix: text("orderPrefix"),
  };
}

/** Zod's issues as the first problem of each field ("hours.monday.close", "closures.2.to"). */
export function identityErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, IdentityFieldError> {
  const errors: Record<string, IdentityFieldError> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message as IdentityFieldError;
  }
  return errors;
}
