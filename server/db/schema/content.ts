import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ProjectPicture, ProjectTranslations } from "../../../domain/portfolio.ts";
import { timestamps } from "./columns.ts";

/** The FAQ of /contact (issue 23): Markdown answers, ordered by position; French may be missing. */
export const faqEntries = pgTable(
  "faq_entries",
  {
    id: serial("id").primaryKey(),
    position: integer("position").notNull(),
    published: boolean("published").notNull().default(false),
    question: jsonb("question").$type<{ en: string; fr: string }>().notNull(),
    answer: jsonb("answer").$type<{ en: string; fr: string }>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("faq_entries_position_idx").on(t.position)],
);

// The studio's portfolio (/inspirations, the home page's featured three), managed in the admin.
export const portfolioProjects = pgTable(
  "portfolio_projects",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    category: text("category").notNull(),
    // Every text in English and French: title, description, client, duration, materials, process,
    // challenge, solution (long texts are Markdown).
    translations: jsonb("translations").$type<ProjectTranslations>().notNull(),
    // The main picture and the gallery: an uploaded media address or a sample drawing, with alt text and caption per language.
    image: jsonb("image").$type<ProjectPicture>().notNull(),
    gallery: jsonb("gallery").$type<ProjectPicture[]>().notNull().default([]),
    position: integer("position").notNull(),
    published: boolean("published").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check(
      "portfolio_projects_category_check",
      sql`${t.category} in ('decoration', 'cosplay', 'filmProps', 'functional')`,
    ),
    index("portfolio_projects_position_idx").on(t.position),
  ],
);

/**
 * The home page's "What we do" and "Who we work with" cards (issue 23), edited in Admin → Home page:
 * plain text in English and French (a card without its French is left off /fr), ordered by position
 * within its section. `version` refuses a save from a page opened before the latest one.
 */
export const homeCards = pgTable(
  "home_cards",
  {
    id: serial("id").primaryKey(),
    section: text("section").notNull(),
    position: integer("position").notNull(),
    icon: text("icon").notNull(),
    title: jsonb("title").$type<{ en: string; fr: string }>().notNull(),
    text: jsonb("text").$type<{ en: string; fr: string }>().notNull(),
    published: boolean("published").notNull().default(false),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check("home_cards_section_check", sql`${t.section} in ('services', 'industries')`),
    check("home_cards_icon_check", sql`${t.icon} in ('scan', 'printer', 'spool', 'mask', 'clapper', 'lamp')`),
    index("home_cards_section_position_idx").on(t.section, t.position),
  ],
);

/** The home page's hero (issue 23): one row, every text in both languages; `{city}` in the subtitle is the studio's city. */
export const homeHero = pgTable(
  "home_hero",
  {
    id: integer("id").primaryKey().default(1),
    eyebrow: jsonb("eyebrow").$type<{ en: string; fr: string }>().notNull(),
    title: jsonb("title").$type<{ en: string; fr: string }>().notNull(),
    subtitle: jsonb("subtitle").$type<{ en: string; fr: string }>().notNull(),
    imageAlt: jsonb("image_alt").$type<{ en: string; fr: string }>().notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("home_hero_single_row", sql`${t.id} = 1`)],
);

/**
 * The studio's own words on /about and /services (issue 35), edited in Admin → About and Admin →
 * Services: ordered sections in English and French (`domain/page-sections.ts`). A story part and an
 * offer are Markdown; a team member is a name, a role, a few lines and a photo.
 */
export const pageSections = pgTable(
  "page_sections",
  {
    id: serial("id").primaryKey(),
    page: text("page").notNull(),
    kind: text("kind").notNull(),
    position: integer("position").notNull(),
    title: jsonb("title").$type<{ en: string; fr: string }>().notNull(),
    subtitle: jsonb("subtitle").$type<{ en: string; fr: string }>().notNull(),
    text: jsonb("text").$type<{ en: string; fr: string }>().notNull(),
    priceCents: integer("price_cents"),
    picture: text("picture"),
    published: boolean("published").notNull().default(false),
    /** Seeded as sample content and not edited since: the owner's first steps ask to replace it. */
    sample: boolean("sample").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("page_sections_page_check", sql`${t.page} in ('about', 'services')`),
    check(
      "page_sections_kind_check",
      sql`(${t.page} = 'about' and ${t.kind} in ('story', 'member')) or (${t.page} = 'services' and ${t.kind} = 'offer')`,
    ),
    check("page_sections_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    index("page_sections_page_position_idx").on(t.page, t.position),
  ],
);

/**
 * The sample content a new install was offered, once each ("catalogue", "portfolio"): an owner who
 * deletes every sample item or project does not get them back at the next start.
 */
export const sampleContentOffers = pgTable("sample_content_offers", {
  name: text("name").primaryKey(),
  offeredAt: timestamp("offered_at", { withTimezone: true }).notNull().defaultNow(),
});
