import { and, asc, count, desc, eq, gt, lt, max, sql } from "drizzle-orm";
import { frenchTypography } from "../../domain/french-typography.ts";
import type { Locale } from "../../domain/locale.ts";
import {
  hasFrench,
  SECTION_KINDS,
  SECTION_LIMITS,
  sectionErrors,
  sectionSchema,
  type PageSection,
  type PublicSection,
  type SectionValue,
  type SitePage,
} from "../../domain/page-sections.ts";
import type { Database } from "../db/client.ts";
import { getDb } from "../db/index.ts";
import { firstSampleOffer } from "../db/sample-content.ts";
import { pageSections } from "../db/schema.ts";
import { siteChanged } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import { renderMarkdown } from "./markdown.ts";
import { samplePageSections } from "./sample-pages.ts";

/**
 * The sections of /about and /services (issue 35), edited in Admin → About and Admin → Services.
 * Every change announces itself after it is written (`siteChanged("content")`), so that the cached
 * pages of every app server drop what they kept. An edit carries the `updatedAt` it was loaded at
 * and is refused when someone saved the section since.
 */
type Row = typeof pageSections.$inferSelect;
/** An id a section can have (a serial column), checked before any SQL sees it. */
const isSectionId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;
const SEED_LOCK_KEY = 7_301_946_301;

const view = (row: Row): PageSection => ({
  id: row.id,
  page: row.page as SitePage,
  kind: row.kind as PageSection["kind"],
  position: row.position,
  published: row.published,
  title: row.title,
  subtitle: row.subtitle,
  text: row.text,
  priceCents: row.priceCents,
  picture: row.picture,
  sample: row.sample,
  updatedAt: row.updatedAt.toISOString(),
});

/** Checks a section's fields for `page`; a refusal names each field with its problem. */
export function parseSection(page: SitePage, input: unknown): SectionValue {
  const parsed = sectionSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("pages.invalid", { fields: sectionErrors(parsed.error.issues) });
  if (!(SECTION_KINDS[page] as readonly string[]).includes(parsed.data.kind))
    throw new DomainError("pages.invalid", { fields: { kind: "required" } });
  return parsed.data;
}

/** Every section of `page`, in the order visitors see them. */
export async function listSections(page: SitePage): Promise<PageSection[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(pageSections)
    .where(eq(pageSections.page, page))
    .orderBy(asc(pageSections.position), asc(pageSections.id));
  return rows.map(view);
}

/** A section as visitors read it in `locale` (the admin's preview uses the same). */
export function sectionPreview(
  section: Pick<PageSection, "id" | "kind" | "title" | "subtitle" | "text" | "priceCents" | "picture">,
  locale: Locale,
): PublicSection {
  const pick = (both: { en: string; fr: string }) =>
    locale === "fr" && both.fr.trim() ? frenchTypography(both.fr) : both.en;
  return {
    id: section.id,
    kind: section.kind,
    title: pick(section.title),
    subtitle: pick(section.subtitle),
    textHtml: renderMarkdown(locale === "fr" && section.text.fr.trim() ? section.text.fr : section.text.en, locale),
    priceCents: section.priceCents,
    picture: section.picture,
  };
}

/** What `page` shows in `locale`: its published sections, without those missing their French on French pages. */
export async function publishedSections(page: SitePage, locale: Locale): Promise<PublicSection[]> {
  const sections = (await listSections(page)).filter(
    (section) => section.published && (locale === "en" || hasFrench(section)),
  );
  return sections.map((section) => sectionPreview(section, locale));
}

/** True once /about and /services each show something and no sample words are left (the owner's first steps). */
export async function pagesInOwnWords(): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ page: pageSections.page, sample: pageSections.sample })
    .from(pageSections)
    .where(eq(pageSections.published, true));
  const shown = new Set(rows.map((row) => row.page));
  return rows.every((row) => !row.sample) && shown.has("about") && shown.has("services");
}

/** The pages whose published words are still the sample's (the owner's first steps). */
export async function pagesWithSampleWords(): Promise<SitePage[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ page: pageSections.page })
    .from(pageSections)
    .where(eq(pageSections.sample, true));
  return rows.map((row) => row.page as SitePage).sort();
}

export async function createSection(page: SitePage, input: unknown): Promise<PageSection> {
  const value = parseSection(page, input);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [{ sections }] = await tx.select({ sections: count() }).from(pageSections).where(eq(pageSections.page, page));
    if (sections >= SECTION_LIMITS.sections)
      throw new DomainError("pages.too_many", { count: SECTION_LIMITS.sections });
    const [{ last }] = await tx
      .select({ last: max(pageSections.position) })
      .from(pageSections)
      .where(eq(pageSections.page, page));
    const [created] = await tx
      .insert(pageSections)
      .values({ page, ...value, position: (last ?? 0) + 1 })
      .returning();
    return created!;
  });
  siteChanged("content");
  return view(row);
}

/** Locks the section of `page` with `id`, refusing it when it was saved after `loadedAt`. */
async function lockedSection(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  page: SitePage,
  id: number,
  loadedAt?: string,
) {
  if (!isSectionId(id)) throw new DomainError("pages.not_found");
  const [current] = await tx
    .select()
    .from(pageSections)
    .where(and(eq(pageSections.id, id), eq(pageSections.page, page)))
    .for("update");
  if (!current) throw new DomainError("pages.not_found");
  if (loadedAt !== undefined && new Date(loadedAt).getTime() !== current.updatedAt.getTime())
    throw new DomainError("pages.stale");
  return current;
}

/** `loadedAt`: the section's updatedAt as the form showed it; a later save makes this one stale. */
export async function updateSection(
  page: SitePage,
  id: number,
  input: unknown,
  loadedAt?: string,
): Promise<PageSection> {
  const value = parseSection(page, input);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await lockedSection(tx, page, id, loadedAt);
    const [updated] = await tx
      .update(pageSections)
      .set({ ...value, sample: false, updatedAt: new Date() })
      .where(eq(pageSections.id, id))
      .returning();
    return updated!;
  });
  siteChanged("content");
  return view(row);
}

export async function setSectionPublished(
  page: SitePage,
  id: number,
  published: boolean,
  loadedAt?: string,
): Promise<PageSection> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await lockedSection(tx, page, id, loadedAt);
    const [updated] = await tx
      .update(pageSections)
      .set({ published, updatedAt: new Date() })
      .where(eq(pageSections.id, id))
      .returning();
    return updated!;
  });
  siteChanged("content");
  return view(row);
}

/** Swaps the section with the one above ("up") or below ("down") on its page; at the end it stays put. */
export async function moveSection(page: SitePage, id: number, direction: "up" | "down"): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await lockedSection(tx, page, id);
    const [neighbour] = await tx
      .select()
      .from(pageSections)
      .where(
        and(
          eq(pageSections.page, page),
          direction === "up"
            ? lt(pageSections.position, current.position)
            : gt(pageSections.position, current.position),
        ),
      )
      .orderBy(direction === "up" ? desc(pageSections.position) : asc(pageSections.position))
      .limit(1)
      .for("update");
    if (!neighbour) return;
    await tx.update(pageSections).set({ position: neighbour.position }).where(eq(pageSections.id, current.id));
    await tx.update(pageSections).set({ position: current.position }).where(eq(pageSections.id, neighbour.id));
  });
  siteChanged("content");
}

export async function deleteSection(page: SitePage, id: number): Promise<void> {
  if (!isSectionId(id)) throw new DomainError("pages.not_found");
  const db = await getDb();
  const deleted = await db
    .delete(pageSections)
    .where(and(eq(pageSections.id, id), eq(pageSections.page, page)))
    .returning({ id: pageSections.id });
  if (deleted.length === 0) throw new DomainError("pages.not_found");
  siteChanged("content");
}

/** The sample story, team and offers of `page`: removed in one action, from the owner's first steps too. */
export async function deleteSampleSections(page: SitePage): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .delete(pageSections)
    .where(and(eq(pageSections.page, page), eq(pageSections.sample, true)))
    .returning({ id: pageSections.id });
  if (deleted.length > 0) siteChanged("content");
  return deleted.length;
}

/** A new install's About and Services, offered once (deleted, they stay deleted). */
export async function seedSamplePages(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await firstSampleOffer(tx, "pages"))) return 0;
    const [any] = await tx.select({ id: pageSections.id }).from(pageSections).limit(1);
    if (any) return 0;
    const rows = samplePageSections.map((section, position) => ({
      ...section,
      position,
      published: true,
      sample: true,
    }));
    const inserted = await tx.insert(pageSections).values(rows).returning({ id: pageSections.id });
    return inserted.length;
  });
}
