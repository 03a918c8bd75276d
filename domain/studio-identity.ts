/**
 * The studio's identity as the owner edits it in Admin → Settings (issue 23): name, phone, e-mail,
 * address, opening hours per weekday, closures and social links, and how pages show them. Its
 * form's schema is in studio-identity-form.ts; problems are codes, worded by the `settings`
 * catalogue (`identity.errors`).
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
  /** The footer's line under the studio's name, per language; blank hides it. */
  tagline: { en: string; fr: string };
  /** The line after the opening hours (footer and Contact), per language; blank hides it. */
  hoursNote: { en: string; fr: string };
  /** What every new order number starts with ("FF" gives FF-7K2M9QX4TB). */
  orderPrefix: string;
  /** The uploaded logo (a /media/ address), or null for the drawn mark. */
  logo: string | null;
};

/** A new install's words until the owner writes theirs (Admin → Settings). */
export const STARTING_TAGLINE = {
  en: "3D printing, scanning and materials studio",
  fr: "Studio d’impression 3D, de numérisation et de matériaux",
};
export const STARTING_HOURS_NOTE = { en: "Consultations by appointment", fr: "Consultations sur rendez-vous" };

/** Up to four capital letters or digits: short enough to read aloud with the number. */
export const ORDER_PREFIX = /^[A-Z0-9]{1,4}$/;

/** A prefix from the studio's name: its words' initials ("Forge & Filament" gives "FF"). */
export function prefixFromName(name: string): string {
  const initials = name
    .normalize("NFD")
    .replace(/[^A-Za-z0-9\s]/g, "")
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase())
    .join("")
    .slice(0, 4);
  return initials || "ORD";
}

export const IDENTITY_LIMITS = {
  name: 80,
  phone: 30,
  email: 254,
  street: 200,
  city: 80,
  url: 300,
  label: 80,
  closures: 20,
  tagline: 120,
  hoursNote: 120,
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
  | "tooMany"
  | "invalidPrefix";

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

/** The closures that end today or later (`today` as YYYY-MM-DD, the studio's day), soonest first. */
export function upcomingClosures(closures: readonly Closure[], today: string, limit = 5): Closure[] {
  return closures
    .filter((c) => c.to >= today)
    .sort((a, b) => a.from.localeCompare(b.from))
    .slice(0, limit);
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
const SHORT_DAYS: Record<Weekday, string> = {
  monday: "Mo",
  tuesday: "Tu",
  wednesday: "We",
  thursday: "Th",
  friday: "Fr",
  saturday: "Sa",
  sunday: "Su",
};

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
    g.hours
      ? [`${SHORT_DAYS[g.first]}${g.first === g.last ? "" : `-${SHORT_DAYS[g.last]}`} ${g.hours.open}-${g.hours.close}`]
      : [],
  );
}

/**
 * The LocalBusiness JSON-LD of the studio: address, telephone (E.164), e-mail, opening hours
 * (`openingHoursSpecification` and `openingHours`), upcoming closures as special opening hours,
 * the uploaded logo, and the social links as `sameAs`.
 */
export function localBusinessJsonLd(identity: StudioIdentity, options: { url: string; today: string }) {
  const [locality, ...region] = identity.city.split(",").map((part) => part.trim());
  const sameAs = SOCIAL_NETWORKS.map((network) => identity.socials[network]).filter((url): url is string =>
    Boolean(url),
  );
  const closures = upcomingClosures(identity.closures, options.today, 20);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: identity.name,
    url: options.url,
    ...(identity.logo ? { logo: new URL(identity.logo, options.url).href } : {}),
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
      return open
        ? [
            {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: `https://schema.org/${SCHEMA_DAYS[day]}`,
              opens: open.open,
              closes: open.close,
            },
          ]
        : [];
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
