import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  timestamp,
} from "drizzle-orm/pg-core";
import { TAX_CODES } from "../../../domain/tax.ts";
import {
  STARTING_HOURS_NOTE,
  STARTING_TAGLINE,
  type Closure,
  type DayHours,
  type SocialNetwork,
  type Weekday,
} from "../../../domain/studio-identity.ts";
import { user } from "./accounts.ts";

// Canada: taxes and shipping (decision 029); the studio's settings, identity and notices.

/** Sales tax rates. A rate in millionths (5 % = 50 000, QST 9.975 % = 99 750); a change is a new row. */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    // "CA" for the federal GST, else a province's two-letter code.
    jurisdiction: text("jurisdiction").notNull(),
    code: text("code", { enum: TAX_CODES }).notNull(),
    ratePpm: integer("rate_ppm").notNull(),
    effectiveFrom: text("effective_from").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("tax_rates_code_check", sql`${t.code} in ('GST', 'HST', 'QST', 'PST')`),
    check("tax_rates_rate_check", sql`${t.ratePpm} >= 0 and ${t.ratePpm} <= 1000000`),
    check("tax_rates_date_check", sql`${t.effectiveFrom} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    uniqueIndex("tax_rates_jurisdiction_code_from_idx").on(t.jurisdiction, t.code, t.effectiveFrom),
  ],
);

/** The provincial taxes the studio collects (QST, PST in BC/SK/MB). GST/HST are always collected. */
export const taxRegistrations = pgTable("tax_registrations", {
  jurisdiction: text("jurisdiction").primaryKey(),
  code: text("code", { enum: TAX_CODES }).notNull(),
  registered: boolean("registered").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const shippingZones = pgTable("shipping_zones", {
  id: text("id").primaryKey(),
  name: jsonb("name").$type<{ en: string; fr: string }>().notNull(),
  provinces: jsonb("provinces").$type<string[]>().notNull(),
  position: integer("position").notNull().default(0),
});

/** A parcel up to max_grams costs price_cents in its zone; heavier orders go as several parcels of the heaviest band. */
export const shippingWeightBands = pgTable(
  "shipping_weight_bands",
  {
    id: serial("id").primaryKey(),
    zoneId: text("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    maxGrams: integer("max_grams").notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [
    check("shipping_weight_bands_grams_check", sql`${t.maxGrams} > 0`),
    check("shipping_weight_bands_price_check", sql`${t.priceCents} >= 0`),
    uniqueIndex("shipping_weight_bands_zone_grams_idx").on(t.zoneId, t.maxGrams),
  ],
);

/** One row (id 1): the studio's own details used by checkout, invoices and e-mails. */
export const studioSettings = pgTable(
  "studio_settings",
  {
    id: integer("id").primaryKey().default(1),
    province: text("province").notNull(),
    legalName: text("legal_name").notNull(),
    pickupAddress: text("pickup_address").notNull(),
    pickupHours: jsonb("pickup_hours").$type<{ en: string; fr: string }>().notNull(),
    freeShippingThresholdCents: integer("free_shipping_threshold_cents"),
    gstHstNumber: text("gst_hst_number"),
    qstNumber: text("qst_number"),
    // The production capacity (issue 24): a quote's ready-by date comes from them (domain/lead-time.ts).
    printers: integer("printers").notNull().default(2),
    printerHoursPerDay: integer("printer_hours_per_day").notNull().default(10),
    handlingDays: integer("handling_days").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("studio_settings_single_row", sql`${t.id} = 1`),
    check(
      "studio_settings_threshold_check",
      sql`${t.freeShippingThresholdCents} is null or ${t.freeShippingThresholdCents} >= 0`,
    ),
    check(
      "studio_settings_capacity_check",
      sql`${t.printers} > 0 and ${t.printerHoursPerDay} between 1 and 24 and ${t.handlingDays} >= 0`,
    ),
  ],
);

/** Who changed which setting, when, and from what to what. */
export const settingsChanges = pgTable(
  "settings_changes",
  {
    id: serial("id").primaryKey(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    area: text("area").notNull(),
    change: jsonb("change").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("settings_changes_created_idx").on(t.createdAt)],
);

/**
 * The e-mails the studio gets about its business (server/mail/studio-notices.ts): one row. Each
 * kind on or off with its address (`kinds`, a kind absent keeps its default: on, STUDIO_EMAIL),
 * the language they are written in, and the stock below which an item is reported.
 */
export const studioNoticeSettings = pgTable(
  "studio_notice_settings",
  {
    id: integer("id").primaryKey().default(1),
    locale: text("locale", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(3),
    kinds: jsonb("kinds").$type<Record<string, { enabled: boolean; to: string }>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("studio_notice_settings_single_row", sql`${t.id} = 1`),
    check("studio_notice_settings_locale_check", sql`${t.locale} in ('en', 'fr')`),
    check("studio_notice_settings_threshold_check", sql`${t.lowStockThreshold} >= 0`),
  ],
);

/**
 * The studio's identity as the owner edits it in Admin → Settings (issue 23): one row, written on
 * first start from the STUDIO_* variables (server/settings/studio-identity.ts), then only by the admin.
 */
export const studioIdentity = pgTable(
  "studio_identity",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    street: text("street").notNull().default(""),
    city: text("city").notNull(),
    hours: jsonb("hours").$type<Record<Weekday, DayHours>>().notNull(),
    closures: jsonb("closures").$type<Closure[]>().notNull().default([]),
    socials: jsonb("socials").$type<Record<SocialNetwork, string | null>>().notNull(),
    tagline: jsonb("tagline").$type<{ en: string; fr: string }>().notNull().default(STARTING_TAGLINE),
    hoursNote: jsonb("hours_note").$type<{ en: string; fr: string }>().notNull().default(STARTING_HOURS_NOTE),
    // Installs from before the prefix was a setting keep the numbers they gave.
    orderPrefix: text("order_prefix").notNull().default("FF"),
    logo: text("logo"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("studio_identity_single_row", sql`${t.id} = 1`)],
);

/**
 * The owner's first steps (issue 35) the data cannot tell apart from "not done": a step marked done
 * by an admin (keeping the outbox, staying in test mode for now…). The rest is worked out from the data.
 */
export const firstStepsDone = pgTable("first_steps_done", {
  step: text("step").primaryKey(),
  doneBy: text("done_by").references(() => user.id, { onDelete: "set null" }),
  doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
});
