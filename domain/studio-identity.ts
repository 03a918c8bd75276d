import { z } from "zod";

/**
 * The studio's identity as the owner edits it in Admin → Settings (issue 23): name, phone, e-mail,
 * address, opening hours per weekday, closures and social links. One schema for the page and the
 * server; problems are codes, worded by the `settings` catalogue (`identity.errors`).
 */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SOCIAL_NETWORKS = ["instagram", "youtube", "facebook", "tiktok", "linkedin"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export type DayHours = { open: string; close: string } | null;
export type Closure = { from: string; to: string; label: { en: string; fr: string } };

export type StudioIdentity = {
  name: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  hours: Record<Weekday, DayHours>;
  closures: Closure[];
  socials: Record<SocialNetwork, string | null>;
};

export const IDENTITY_LIMITS = {
  name: 80,
  phone: 30,
  email: 254,
  street: 200,
  city: 80,
  url: 300,
  label: 80,
  closures: 20,
} as const;

export type IdentityFieldError =
  | "required"
  | "tooLong"
  | "invalidPhone"
  | "invalidEmail"
  | "invalidUrl"
  | "httpsOnly"
  | "invalidTime"
  | "closeBeforeOpen"
  | "invalidDate"
  | "endBeforeStart"
  | "tooMany";

/** The hours of a new install (the owner's specification: Mon–Fri 9–6, Sat 10–4). */
export const DEFAULT_HOURS: Record<Weekday, DayHours> = {
  monday: { open: "09:00", close: "18:00" },
  tuesday: { open: "09:00", close: "18:00" },
  wednesday: { open: "09:00", close: "18:00" },
  thursday: { open: "09:00", close: "18:00" },
  friday: { open: "09:00", close: "18:00" },
  saturday: { open: "10:00", close: "16:00" },
  sunday: null,
};

/**
 * A phone number as E.164 (`+15145550142`), or null when it is neither E.164 (+ and 8 to 15
 * digits) nor a North American number (10 digits, or 11 starting with 1; area code and exchange
 * not starting with 0 or 1). Spaces, dots, dashes and parentheses are allowed between digits.
 */
export function normalisePhone(text: string): string | null {
  const value = text.trim();
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, "");
  const northAmerican = (ten: string) => (/^[2-9]\d{2}[2-9]\d{6}$/.test(ten) ? `+1${ten}` : null);
  if (value.startsWith("+")) {
    if (digits.startsWith("1")) return digits.length === 11 ? northAmerican(digits.slice(1)) : null;
    return /^[2-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  }
  if (digits.length === 10) return northAmerican(digits);
  if (digits.length === 11 && digits.startsWith("1")) return northAmerican(digits.slice(1));
  return null;
}

/** The `tel:` address of a valid phone number (the typed text, digits only, when it is not valid). */
export function telHref(phone: string): string {
  return `tel:${normalisePhone(phone) ?? phone.replace(/[^+\d]/g, "")}`;
}

const requiredText = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });
const optionalText = (max: number) => z.string().trim().max(max, { error: "tooLong" }).optional().default("");

const phone = requiredText(IDENTITY_LIMITS.phone).refine((value) => normalisePhone(value) !== null, { error: "invalidPhone" });
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

function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

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
    else if (!isIsoDate(row.from)) context.addIssue({ code: "custom", path: ["from"], message: "invalidDate" });
    // One day when "to" is blank.
    const to = row.to || row.from;
    if (row.to && !isIsoDate(row.to)) context.addIssue({ code: "custom", path: ["to"], message: "invalidDate" });
    else if (row.from && isIsoDate(row.from) && to < row.from) context.addIssue({ code: "custom", path: ["to"], message: "endBeforeStart" });
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
    closures: z.array(closure).max(IDENTITY_LIMITS.closures * 2, { error: "tooMany" }).optional().default([]),
    socials: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, httpsUrl])) as Record<SocialNetwork, typeof httpsUrl>),
  })
  .transform((value, context): StudioIdentity => {
    const closures = value.closures.filter((c): c is Closure => c !== null).sort((a, b) => a.from.localeCompare(b.from));
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
  const [from, to, labelEn, labelFr] = [all("closures.from"), all("closures.to"), all("closures.labelEn"), all("closures.labelFr")];
  return {
    name: text("name"),
    phone: text("phone"),
    email: text("email"),
    street: text("street"),
    city: text("city"),
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, { closed: text(`hours.${day}.closed`) === "on", open: text(`hours.${day}.open`), close: text(`hours.${day}.close`) }]),
    ),
    closures: Array.from({ length: rows }, (_, i) => ({ from: from[i], to: to[i], labelEn: labelEn[i], labelFr: labelFr[i] })),
    socials: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, text(`socials.${network}`)])),
  };
}

/** Zod's issues as the first problem of each field ("hours.monday.close", "closures.2.to"). */
export function identityErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, IdentityFieldError> {
  const errors: Record<string, IdentityFieldError> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message as IdentityFieldError;
  }
  return errors;
}

/** The closures that end today or later (`today` as YYYY-MM-DD, the studio's day), soonest first. */
export function upcomingClosures(closures: readonly Closure[], today: string, limit = 5): Closure[] {
  return closures.filter((c) => c.to >= today).sort((a, b) => a.from.localeCompare(b.from)).slice(0, limit);
}

const SCHEMA_DAYS: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};
const SHORT_DAYS: Record<Weekday, string> = { monday: "Mo", tuesday: "Tu", wednesday: "We", thursday: "Th", friday: "Fr", saturday: "Sa", sunday: "Su" };

export type HoursGroup = { first: Weekday; last: Weekday; hours: DayHours };

/** The week in runs of consecutive days with the same hours (closed days too), Monday first. */
export function groupHours(hours: Record<Weekday, DayHours>): HoursGroup[] {
  const groups: HoursGroup[] = [];
  for (const day of WEEKDAYS) {
    const today = hours[day];
    const previous = groups.at(-1);
    if (previous && previous.hours?.open === today?.open && previous.hours?.close === today?.close) previous.last = day;
    else groups.push({ first: day, last: day, hours: today });
  }
  return groups;
}

/** "09:00" → "9 a.m.", "13:30" → "1:30 p.m." in English; "9 h", "13 h 30" in French. */
export function formatTime(time: string, locale: "en" | "fr"): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  if (locale === "fr") return `${hours}\u00a0h${minutes ? `\u00a0${String(minutes).padStart(2, "0")}` : ""}`;
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""} ${hours < 12 ? "a.m." : "p.m."}`;
}

/** schema.org's `openingHours` text: consecutive days with the same hours grouped ("Mo-Fr 09:00-18:00"). */
export function openingHoursText(hours: Record<Weekday, DayHours>): string[] {
  return groupHours(hours).flatMap((g) =>
    g.hours ? [`${SHORT_DAYS[g.first]}${g.first === g.last ? "" : `-${SHORT_DAYS[g.last]}`} ${g.hours.open}-${g.hours.close}`] : [],
  );
}

/**
 * The LocalBusiness JSON-LD of the studio: address, telephone (E.164), e-mail, opening hours
 * (`openingHoursSpecification` and `openingHours`), upcoming closures as special opening hours,
 * and the social links as `sameAs`.
 */
export function localBusinessJsonLd(identity: StudioIdentity, options: { url: string; today: string }) {
  const [locality, ...region] = identity.city.split(",").map((part) => part.trim());
  const sameAs = SOCIAL_NETWORKS.map((network) => identity.socials[network]).filter((url): url is string => Boolean(url));
  const closures = upcomingClosures(identity.closures, options.today, 20);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: identity.name,
    url: options.url,
    telephone: normalisePhone(identity.phone) ?? identity.phone,
    email: identity.email,
    address: {
      "@type": "PostalAddress",
      ...(identity.street ? { streetAddress: identity.street } : {}),
      addressLocality: locality,
      ...(region.length > 0 ? { addressRegion: region.join(", ") } : {}),
      addressCountry: "CA",
    },
    openingHours: openingHoursText(identity.hours),
    openingHoursSpecification: WEEKDAYS.flatMap((day) => {
      const open = identity.hours[day];
      return open ? [{ "@type": "OpeningHoursSpecification", dayOfWeek: `https://schema.org/${SCHEMA_DAYS[day]}`, opens: open.open, closes: open.close }] : [];
    }),
    ...(closures.length > 0
      ? {
          specialOpeningHoursSpecification: closures.map((c) => ({
            "@type": "OpeningHoursSpecification",
            validFrom: c.from,
            validThrough: c.to,
            opens: "00:00",
            closes: "00:00",
          })),
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}
