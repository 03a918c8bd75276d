import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOURS,
  formatTime,
  groupHours,
  localBusinessJsonLd,
  normalisePhone,
  openingHoursText,
  telHref,
  upcomingClosures,
  type StudioIdentity,
} from "./studio-identity.ts";
import { identityErrors, studioIdentityInput, studioIdentitySchema } from "./studio-identity-form.ts";

const valid = {
  name: "Forge & Filament",
  phone: "+1 514 555 0142",
  email: "hello@forgefilament.example",
  street: "1234 rue Saint-Denis",
  city: "Montréal, QC",
  hours: {
    monday: { open: "09:00", close: "18:00" },
    tuesday: { open: "09:00", close: "18:00" },
    wednesday: { open: "09:00", close: "18:00" },
    thursday: { open: "09:00", close: "18:00" },
    friday: { open: "09:00", close: "18:00" },
    saturday: { open: "10:00", close: "16:00" },
    sunday: { closed: true },
  },
  closures: [],
  socials: { instagram: "https://www.instagram.com/forge", youtube: "https://www.youtube.com/@forge" },
};

function errorsOf(input: unknown) {
  const result = studioIdentitySchema.safeParse(input);
  return result.success ? {} : identityErrors(result.error.issues);
}

describe("the phone number", () => {
  it.each([
    ["+1 514 555 0142", "+15145550142"],
    ["(514) 555-0142", "+15145550142"],
    ["514-555-0142", "+15145550142"],
    ["514.555.0142", "+15145550142"],
    ["1 514 555 0142", "+15145550142"],
    ["+1 (514) 555-0142", "+15145550142"],
    ["+33 1 23 45 67 89", "+33123456789"],
    ["+442071838750", "+442071838750"],
  ])("accepts %s as %s", (typed, e164) => {
    expect(normalisePhone(typed)).toBe(e164);
    expect(errorsOf({ ...valid, phone: typed }).phone).toBeUndefined();
  });

  it.each([
    "555-0142",
    "514 555 014",
    "014 555 0142",
    "514 055 0142",
    "+0 123 456 789",
    "call 514 555 0142",
    "+1 514 555 01420",
    "+123",
    "514-555-0142 ext 3",
  ])("refuses %s", (typed) => {
    expect(normalisePhone(typed)).toBeNull();
    expect(errorsOf({ ...valid, phone: typed }).phone).toBe("invalidPhone");
  });

  it("is required and limited in length; its tel: link is E.164", () => {
    expect(errorsOf({ ...valid, phone: " " }).phone).toBe("required");
    expect(errorsOf({ ...valid, phone: "5".repeat(31) }).phone).toBe("tooLong");
    expect(telHref("(514) 555-0142")).toBe("tel:+15145550142");
  });
});

describe("the other fields", () => {
  it("accepts a complete identity and keeps what was typed", () => {
    const result = studioIdentitySchema.parse(valid);
    expect(result).toMatchObject({
      name: "Forge & Filament",
      phone: "+1 514 555 0142",
      street: "1234 rue Saint-Denis",
    });
    expect(result.hours.sunday).toBeNull();
    expect(result.socials).toEqual({
      instagram: "https://www.instagram.com/forge",
      youtube: "https://www.youtube.com/@forge",
      facebook: null,
      tiktok: null,
      linkedin: null,
    });
  });

  it("checks the e-mail", () => {
    expect(errorsOf({ ...valid, email: "hello@" }).email).toBe("invalidEmail");
    expect(errorsOf({ ...valid, email: "" }).email).toBe("required");
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@b.ca` }).email).toBe("tooLong");
  });

  it("limits every text", () => {
    expect(errorsOf({ ...valid, name: "n".repeat(81) }).name).toBe("tooLong");
    expect(errorsOf({ ...valid, name: "" }).name).toBe("required");
    expect(errorsOf({ ...valid, street: "s".repeat(201) }).street).toBe("tooLong");
    expect(errorsOf({ ...valid, city: "c".repeat(81) }).city).toBe("tooLong");
    expect(errorsOf({ ...valid, city: "" }).city).toBe("required");
  });

  it("takes social links on https only", () => {
    const social = (url: string) =>
      errorsOf({ ...valid, socials: { ...valid.socials, facebook: url } })["socials.facebook"];
    expect(social("https://www.facebook.com/forge")).toBeUndefined();
    expect(social("")).toBeUndefined();
    expect(social("http://www.facebook.com/forge")).toBe("httpsOnly");
    expect(social("javascript:alert(1)")).toBe("invalidUrl");
    expect(social("facebook.com/forge")).toBe("invalidUrl");
    expect(social("https://localhost/forge")).toBe("invalidUrl");
    expect(social(`https://www.facebook.com/${"x".repeat(300)}`)).toBe("tooLong");
  });
});

describe("the opening hours", () => {
  const day = (hours: unknown) => errorsOf({ ...valid, hours: { ...valid.hours, monday: hours } });

  it("wants the opening before the closing", () => {
    expect(day({ open: "18:00", close: "09:00" })["hours.monday.close"]).toBe("closeBeforeOpen");
    expect(day({ open: "09:00", close: "09:00" })["hours.monday.close"]).toBe("closeBeforeOpen");
    expect(day({ open: "09:00", close: "09:30" })).toEqual({});
  });

  it("wants both times of an open day, as HH:MM", () => {
    expect(day({ open: "", close: "18:00" })["hours.monday.open"]).toBe("required");
    expect(day({ open: "9h", close: "18:00" })["hours.monday.open"]).toBe("invalidTime");
    expect(day({ open: "09:00", close: "24:00" })["hours.monday.close"]).toBe("invalidTime");
  });

  it("ignores the times of a closed day", () => {
    expect(
      studioIdentitySchema.parse({
        ...valid,
        hours: { ...valid.hours, monday: { closed: true, open: "18:00", close: "09:00" } },
      }).hours.monday,
    ).toBeNull();
  });

  it("groups days with the same hours and writes times per language", () => {
    expect(groupHours(DEFAULT_HOURS).map((g) => [g.first, g.last, g.hours?.open ?? null])).toEqual([
      ["monday", "friday", "09:00"],
      ["saturday", "saturday", "10:00"],
      ["sunday", "sunday", null],
    ]);
    expect(formatTime("09:00", "en")).toBe("9 a.m.");
    expect(formatTime("13:30", "en")).toBe("1:30 p.m.");
    expect(formatTime("00:15", "en")).toBe("12:15 a.m.");
    expect(formatTime("18:00", "fr")).toBe("18\u00a0h");
    expect(formatTime("09:05", "fr")).toBe("9\u00a0h\u00a005");
  });
});

describe("the closures", () => {
  const closures = (rows: unknown[]) => errorsOf({ ...valid, closures: rows });

  it("keeps filled rows, drops blank ones, sorts them and makes a one-day closure of a blank end", () => {
    const result = studioIdentitySchema.parse({
      ...valid,
      closures: [
        { from: "2026-12-24", to: "2027-01-02", labelEn: "Holidays", labelFr: "Fêtes" },
        { from: "", to: "", labelEn: "", labelFr: "" },
        { from: "2026-07-01", to: "", labelEn: "Canada Day", labelFr: "" },
      ],
    });
    expect(result.closures).toEqual([
      { from: "2026-07-01", to: "2026-07-01", label: { en: "Canada Day", fr: "" } },
      { from: "2026-12-24", to: "2027-01-02", label: { en: "Holidays", fr: "Fêtes" } },
    ]);
  });

  it("refuses a missing start, a bad date, an end before the start and a long label", () => {
    expect(closures([{ from: "", to: "2026-12-24", labelEn: "x" }])["closures.0.from"]).toBe("required");
    expect(closures([{ from: "2026-02-30" }])["closures.0.from"]).toBe("invalidDate");
    expect(closures([{ from: "2026-12-24", to: "2026-12-20" }])["closures.0.to"]).toBe("endBeforeStart");
    expect(closures([{}, { from: "2026-12-24", labelFr: "x".repeat(81) }])["closures.1.labelFr"]).toBe("tooLong");
  });

  it("refuses more than 20", () => {
    const rows = Array.from({ length: 21 }, (_, i) => ({ from: `2027-01-${String(i + 1).padStart(2, "0")}` }));
    expect(closures(rows).closures).toBe("tooMany");
  });

  it("shows those not over yet, soonest first", () => {
    const list = [
      { from: "2026-12-24", to: "2027-01-02", label: { en: "", fr: "" } },
      { from: "2026-01-01", to: "2026-01-02", label: { en: "", fr: "" } },
      { from: "2026-07-01", to: "2026-07-01", label: { en: "", fr: "" } },
    ];
    expect(upcomingClosures(list, "2026-07-01").map((c) => c.from)).toEqual(["2026-07-01", "2026-12-24"]);
  });
});

describe("the form's fields", () => {
  it("become the schema's input", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Forge",
      phone: "514-555-0142",
      email: "a@b.ca",
      street: "",
      city: "Laval, QC",
    }))
      form.set(name, value);
    form.set("hours.monday.open", "09:00");
    form.set("hours.monday.close", "17:00");
    for (const d of ["tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
      form.set(`hours.${d}.closed`, "on");
    for (const row of [
      ["2026-12-24", "2026-12-26", "Holidays", "Fêtes"],
      ["", "", "", ""],
    ]) {
      form.append("closures.from", row[0]!);
      form.append("closures.to", row[1]!);
      form.append("closures.labelEn", row[2]!);
      form.append("closures.labelFr", row[3]!);
    }
    form.set("socials.instagram", "https://instagram.com/forge");
    const result = studioIdentitySchema.parse(studioIdentityInput(form));
    expect(result.hours.monday).toEqual({ open: "09:00", close: "17:00" });
    expect(result.hours.sunday).toBeNull();
    expect(result.closures).toHaveLength(1);
    expect(result.socials.instagram).toBe("https://instagram.com/forge");
    expect(result.socials.youtube).toBeNull();
  });
});

describe("the LocalBusiness JSON-LD", () => {
  const identity: StudioIdentity = {
    ...studioIdentitySchema.parse(valid),
    tagline: { en: "", fr: "" },
    hoursNote: { en: "", fr: "" },
    orderPrefix: "FF",
    logo: null,
    closures: [
      { from: "2026-12-24", to: "2027-01-02", label: { en: "Holidays", fr: "Fêtes" } },
      { from: "2025-12-24", to: "2026-01-02", label: { en: "Past", fr: "Passé" } },
    ],
  };
  const ld = localBusinessJsonLd(identity, { url: "https://forge.example/contact", today: "2026-06-01" });

  it("gives the opening hours both ways", () => {
    expect(openingHoursText(identity.hours)).toEqual(["Mo-Fr 09:00-18:00", "Sa 10:00-16:00"]);
    expect(ld.openingHours).toEqual(["Mo-Fr 09:00-18:00", "Sa 10:00-16:00"]);
    expect(ld.openingHoursSpecification).toHaveLength(6);
    expect(ld.openingHoursSpecification[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "09:00",
      closes: "18:00",
    });
    expect(ld.openingHoursSpecification[5]).toMatchObject({
      dayOfWeek: "https://schema.org/Saturday",
      opens: "10:00",
      closes: "16:00",
    });
  });

  it("gives the address, the E.164 telephone, the e-mail, the social links and the closures to come", () => {
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Forge & Filament",
      telephone: "+15145550142",
      email: "hello@forgefilament.example",
      address: {
        "@type": "PostalAddress",
        streetAddress: "1234 rue Saint-Denis",
        addressLocality: "Montréal",
        addressRegion: "QC",
        addressCountry: "CA",
      },
      sameAs: ["https://www.instagram.com/forge", "https://www.youtube.com/@forge"],
    });
    expect(ld.specialOpeningHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2026-12-24",
        validThrough: "2027-01-02",
        opens: "00:00",
        closes: "00:00",
      },
    ]);
  });

  it("leaves out what the studio did not give", () => {
    const bare = localBusinessJsonLd(
      {
        ...identity,
        street: "",
        city: "Laval",
        closures: [],
        socials: { instagram: null, youtube: null, facebook: null, tiktok: null, linkedin: null },
      },
      { url: "https://x.example/", today: "2026-06-01" },
    );
    expect(bare.address).toEqual({ "@type": "PostalAddress", addressLocality: "Laval", addressCountry: "CA" });
    expect(bare).not.toHaveProperty("sameAs");
    expect(bare).not.toHaveProperty("specialOpeningHoursSpecification");
    expect(bare).not.toHaveProperty("logo");
  });

  it("gives the uploaded logo by its full address", () => {
    const withLogo = localBusinessJsonLd(
      { ...identity, logo: "/media/logo-3f2a.png" },
      { url: "https://forge.example/contact", today: "2026-06-01" },
    );
    expect(withLogo.logo).toBe("https://forge.example/media/logo-3f2a.png");
  });
});
