import type { z } from "zod";
import { and, asc, count, desc, eq, gt, lt, max, sql } from "drizzle-orm";
import {
  cardHasFrench,
  fillCity,
  HOME_LIMITS,
  homeCardSchema,
  homeErrors,
  homeHeroSchema,
  homeSectionSchema,
  type HomeCard,
  type HomeHero,
  type HomeIcon,
  type HomeSection,
  type PublicHomeCard,
  type PublicHomeHero,
} from "../../domain/home-content.ts";
import { frenchTypography } from "../../domain/french-typography.ts";
import type { Locale } from "../../domain/locale.ts";
import { getDb } from "../db/index.ts";
import { homeCards, homeHero } from "../db/schema.ts";
import { siteChanged } from "../db/site-changes.ts";
import { snapshot } from "../db/snapshot.ts";
import { assertRecordIds, DomainError } from "../errors.ts";

// The home page's hero and cards (issue 23), edited in Admin → Home page. Visitors' reads come from
// memory until the content changes here or on another app server, or for `SNAPSHOT_MS` at most.
// Every write carries the version the form was loaded at: a save over a newer one is refused. Content
// the schema refuses is `home.invalid` with the HomeFieldError of each field.

type Snapshot = { hero: HomeHero; cards: HomeCard[] };
const cached = snapshot<Snapshot>("content");

type CardRow = typeof homeCards.$inferSelect;
const cardView = (row: CardRow): HomeCard => ({
  id: row.id,
  section: row.section as HomeSection,
  position: row.position,
  icon: row.icon as HomeIcon,
  published: row.published,
  title: row.title,
  text: row.text,
  version: row.version,
});

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new DomainError("home.invalid", { fields: homeErrors(parsed.error.issues) });
  return parsed.data;
}

/** Every card, by section then position (the admin's list). */
export async function listHomeCards(): Promise<HomeCard[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(homeCards)
    .orderBy(asc(homeCards.section), asc(homeCards.position), asc(homeCards.id));
  return rows.map(cardView);
}

export async function getHomeHero(): Promise<HomeHero> {
  const db = await getDb();
  const [row] = await db.select().from(homeHero).where(eq(homeHero.id, 1));
  if (!row) throw new DomainError("home.not_found");
  return {
    eyebrow: row.eyebrow,
    title: row.title,
    subtitle: row.subtitle,
    imageAlt: row.imageAlt,
    version: row.version,
  };
}

function homeSnapshot(): Promise<Snapshot> {
  return cached.current() ?? cached.keep((async () => ({ hero: await getHomeHero(), cards: await listHomeCards() }))());
}

const inLocale = (text: string, locale: Locale) => (locale === "fr" ? frenchTypography(text) : text);

/** The hero as visitors read it in `locale` (the admin's preview uses the same). */
export function heroPreview(
  hero: Pick<HomeHero, "eyebrow" | "title" | "subtitle" | "imageAlt">,
  locale: Locale,
  city: string,
): PublicHomeHero {
  // French was required on save; a blank one (never saved so) falls back to English.
  const pick = (both: { en: string; fr: string }) =>
    locale === "fr" && both.fr.trim() ? inLocale(both.fr, "fr") : both.en;
  const lang = locale === "fr" && hero.subtitle.fr.trim() ? "fr" : "en";
  return {
    eyebrow: pick(hero.eyebrow),
    title: pick(hero.title),
    subtitle: fillCity(pick(hero.subtitle), city, lang),
    imageAlt: pick(hero.imageAlt),
  };
}

/** A card as visitors read it in `locale` (the admin's preview uses the same). */
export function cardPreview(card: Pick<HomeCard, "id" | "icon" | "title" | "text">, locale: Locale): PublicHomeCard {
  return {
    id: card.id,
    icon: card.icon,
    title: inLocale(card.title[locale], locale),
    text: inLocale(card.text[locale], locale),
  };
}

export type PublicHome = { hero: PublicHomeHero; services: PublicHomeCard[]; industries: PublicHomeCard[] };

/** What the home page shows in `locale`: the hero, and the published cards (without those missing their French on /fr). */
export async function publicHome(locale: Locale, city: string): Promise<PublicHome> {
  const { hero, cards } = await homeSnapshot();
  const shown = (section: HomeSection) =>
    cards
      .filter((card) => card.section === section && card.published && (locale === "en" || cardHasFrench(card)))
      .map((card) => cardPreview(card, locale));
  return { hero: heroPreview(hero, locale, city), services: shown("services"), industries: shown("industries") };
}

const bump = () => ({ version: sql`${homeCards.version} + 1`, updatedAt: new Date() });

export async function createHomeCard(section: unknown, input: unknown): Promise<HomeCard> {
  const where = parse(homeSectionSchema, section);
  const value = parse(homeCardSchema, input);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [{ cards }] = await tx.select({ cards: count() }).from(homeCards).where(eq(homeCards.section, where));
    if (cards >= HOME_LIMITS.cardsPerSection)
      throw new DomainError("home.too_many", { count: HOME_LIMITS.cardsPerSection });
    const [{ last }] = await tx
      .select({ last: max(homeCards.position) })
      .from(homeCards)
      .where(eq(homeCards.section, where));
    const [created] = await tx
      .insert(homeCards)
      .values({ ...value, section: where, position: (last ?? 0) + 1 })
      .returning();
    return created!;
  });
  siteChanged("content");
  return cardView(row);
}

/** Writes `set` over the card if it is still at `version`; otherwise "home.stale" (or "home.not_found"). */
async function writeCard(id: number, version: number, set: Partial<typeof homeCards.$inferInsert>): Promise<HomeCard> {
  assertRecordIds(id, version);
  const db = await getDb();
  const [updated] = await db
    .update(homeCards)
    .set({ ...set, ...bump() })
    .where(and(eq(homeCards.id, id), eq(homeCards.version, version)))
    .returning();
  if (!updated) {
    const [exists] = await db.select({ id: homeCards.id }).from(homeCards).where(eq(homeCards.id, id));
    throw new DomainError(exists ? "home.stale" : "home.not_found");
  }
  siteChanged("content");
  return cardView(updated);
}

/** `version`: the card's version as the form showed it; a later save makes this one stale. */
export async function updateHomeCard(id: number, input: unknown, version: number): Promise<HomeCard> {
  return writeCard(id, version, parse(homeCardSchema, input));
}

export async function setHomeCardPublished(id: number, published: boolean, version: number): Promise<HomeCard> {
  return writeCard(id, version, { published });
}

/** Swaps the card with the one above ("up") or below ("down") in its section; at the end it stays put. */
export async function moveHomeCard(id: number, direction: "up" | "down"): Promise<void> {
  assertRecordIds(id);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(homeCards).where(eq(homeCards.id, id)).for("update");
    if (!current) throw new DomainError("home.not_found");
    const [neighbour] = await tx
      .select()
      .from(homeCards)
      .where(
        and(
          eq(homeCards.section, current.section),
          direction === "up" ? lt(homeCards.position, current.position) : gt(homeCards.position, current.position),
        ),
      )
      .orderBy(direction === "up" ? desc(homeCards.position) : asc(homeCards.position))
      .limit(1)
      .for("update");
    if (!neighbour) return;
    await tx.update(homeCards).set({ position: neighbour.position }).where(eq(homeCards.id, current.id));
    await tx.update(homeCards).set({ position: current.position }).where(eq(homeCards.id, neighbour.id));
  });
  siteChanged("content");
}

/** Deletes the card; with `version`, only if nobody saved it since. */
export async function deleteHomeCard(id: number, version?: number): Promise<void> {
  assertRecordIds(id, version);
  const db = await getDb();
  const where =
    version === undefined ? eq(homeCards.id, id) : and(eq(homeCards.id, id), eq(homeCards.version, version));
  const deleted = await db.delete(homeCards).where(where).returning({ id: homeCards.id });
  if (deleted.length === 0) {
    const [exists] = await db.select({ id: homeCards.id }).from(homeCards).where(eq(homeCards.id, id));
    throw new DomainError(exists ? "home.stale" : "home.not_found");
  }
  siteChanged("content");
}

/** Saves the hero over the version it was loaded at. */
export async function updateHomeHero(input: unknown, version: number): Promise<HomeHero> {
  assertRecordIds(version);
  const value = parse(homeHeroSchema, input);
  const db = await getDb();
  const [updated] = await db
    .update(homeHero)
    .set({ ...value, version: sql`${homeHero.version} + 1`, updatedAt: new Date() })
    .where(and(eq(homeHero.id, 1), eq(homeHero.version, version)))
    .returning();
  if (!updated) throw new DomainError("home.stale");
  siteChanged("content");
  return {
    eyebrow: updated.eyebrow,
    title: updated.title,
    subtitle: updated.subtitle,
    imageAlt: updated.imageAlt,
    version: updated.version,
  };
}
