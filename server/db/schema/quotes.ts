import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { PrintabilityReport } from "../../../domain/printability-report.ts";
import type { PriceTerms } from "../../../domain/quote-pricing.ts";
import { ORIENTATION_CHOICES, type PartOrientations } from "../../../domain/orientation.ts";
import {
  PRODUCTION_STATUSES,
  QUOTE_STATUSES,
  type ProductionStatus,
  type QuoteStatus,
} from "../../../domain/quote-states.ts";
import { timestamps } from "./columns.ts";
import { user } from "./accounts.ts";

// Custom prints. Price terms are versioned: a quote points at the version it was priced with.
export const quotePriceTerms = pgTable("quote_price_terms", {
  version: serial("version").primaryKey(),
  terms: jsonb("terms").$type<PriceTerms>().notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const quoteFiles = pgTable(
  "quote_files",
  {
    id: text("id").primaryKey(),
    storageKey: text("storage_key").notNull(),
    sha256: text("sha256").notNull(),
    bytes: integer("bytes").notNull(),
    format: text("format", { enum: ["stl", "obj", "3mf"] }).notNull(),
    originalName: text("original_name").notNull(),
    sizeMm: jsonb("size_mm").$type<[number, number, number]>().notNull(),
    // Past 2³¹ for a part over 1.3 m a side; kept up to 2⁵³ (domain/quote-bounds.ts).
    volumeMm3: bigint("volume_mm3", { mode: "number" }).notNull(),
    areaMm2: bigint("area_mm2", { mode: "number" }).notNull(),
    triangles: integer("triangles").notNull(),
    manifold: boolean("manifold").notNull(),
    // The ways the part may be placed on the bed (domain/orientation.ts); null for files uploaded before.
    orientations: jsonb("orientations").$type<PartOrientations>(),
    ...timestamps,
  },
  (t) => [index("quote_files_created_idx").on(t.createdAt)],
);

export { QUOTE_STATUSES, PRODUCTION_STATUSES, type QuoteStatus, type ProductionStatus };

export const quotes = pgTable(
  "quotes",
  {
    id: text("id").primaryKey(),
    // The owner: a browser (sha-256 of the id in its HttpOnly cookie) until it logs in, then the user.
    browserHash: text("browser_hash"),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => quoteFiles.id, { onDelete: "cascade" }),
    scale: jsonb("scale").$type<number>().notNull().default(1),
    materialId: text("material_id").notNull(),
    colourId: text("colour_id").notNull(),
    qualityId: text("quality_id").notNull(),
    infillPercent: integer("infill_percent").notNull(),
    quantity: integer("quantity").notNull(),
    orientation: text("orientation", { enum: ORIENTATION_CHOICES }).notNull().default("best"),
    termsVersion: integer("terms_version")
      .notNull()
      .references(() => quotePriceTerms.version, { onDelete: "restrict" }),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("estimating"),
    estimateCents: integer("estimate_cents"),
    // The slicer's figures for one part and the price from them (or the studio's price after review).
    grams: jsonb("grams").$type<number>(),
    printSeconds: integer("print_seconds"),
    unitCents: integer("unit_cents"),
    totalCents: integer("total_cents"),
    discountPercent: integer("discount_percent"),
    failureCode: text("failure_code"),
    // Which slice_results row gives this quote its exact figures (file + slicing options).
    sliceKey: text("slice_key"),
    reviewNote: text("review_note"),
    reviewEmail: text("review_email"),
    declineReason: text("decline_reason"),
    // Set when a person at the studio priced it: that price stands until the buyer changes the options.
    studioPricedAt: timestamp("studio_priced_at", { withTimezone: true }),
    locale: text("locale").notNull().default("en"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    orderId: text("order_id"),
    productionStatus: text("production_status", { enum: PRODUCTION_STATUSES }),
    ...timestamps,
  },
  (t) => [
    check("quotes_quantity_check", sql`${t.quantity} > 0`),
    check(
      "quotes_owner_check",
      sql`${t.browserHash} is not null or ${t.userId} is not null or ${t.orderId} is not null`,
    ),
    index("quotes_browser_idx").on(t.browserHash),
    index("quotes_user_idx").on(t.userId),
    index("quotes_status_idx").on(t.status, t.updatedAt),
    index("quotes_file_idx").on(t.fileId),
  ],
);

// The slicer's answer for one file at one set of slicing options, shared by every quote that asks the same.
/** What a printer would make badly of a part at a scale, turned as it is printed (domain/printability.ts). */
export const partReports = pgTable(
  "part_reports",
  {
    fileId: text("file_id")
      .notNull()
      .references(() => quoteFiles.id, { onDelete: "cascade" }),
    scale: doublePrecision("scale").notNull(),
    // The rotation onto the bed (domain/orientation.ts rotationKey).
    turn: text("turn").notNull().default("[1,0,0,0,1,0,0,0,1]"),
    report: jsonb("report").$type<PrintabilityReport>().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.fileId, t.scale, t.turn] })],
);

export const sliceResults = pgTable("slice_results", {
  key: text("key").primaryKey(),
  fileId: text("file_id")
    .notNull()
    .references(() => quoteFiles.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["pending", "done", "failed"] })
    .notNull()
    .default("pending"),
  grams: jsonb("grams").$type<number>(),
  printSeconds: integer("print_seconds"),
  failureCode: text("failure_code"),
  detail: text("detail"),
  ...timestamps,
});
