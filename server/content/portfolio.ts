import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import {
  FEATURED_MAX,
  frenchMissing,
  pictureIn,
  projectFormSchema,
  projectText,
  shownIn,
  type AdminProject,
  type ProjectCategory,
  type ProjectInput,
  type PublicProject,
} from "../../domain/portfolio.ts";
import type { Database } from "../db/client.ts";
import { getDb, tables } from "../db/index.ts";
import { siteChanged } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import { markdownToText, renderMarkdown } from "./markdown.ts";
import { sampleProjects } from "./sample-projects.ts";
import { firstSampleOffer } from "../db/sample-content.ts";

/**
 * The studio's portfolio: the projects of /inspirations and the home page's featured three, which
 * the owner manages in the admin. Every change announces itself (`siteChanged("content")`) so that
 * the page cache of every app server drops what it kept. An edit carries the version it was loaded
 * at and is refused when someone saved the project since.
 */

const { portfolioProjects: projects } = tables;
type Row = typeof projects.$inferSelect;

/** Transaction-scoped advisory lock keys: the seed, and the changes of the order and the featured three. */
const SEED_LOCK_KEY = 7_301_946_223;
const LIST_LOCK_KEY = 7_301_946_224;

function toAdmin(row: Row): AdminProject {
  return {
    id: row.id,
    slug: row.slug,
    category: row.category as ProjectCategory,
    translations: row.translations,
    image: row.image,
    gallery: row.gallery,
    position: row.position,
    published: row.published,
    featured: row.featured,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    frenchMissing: frenchMissing(row.translations),
  };
}

function toPublic(row: Row, locale: Locale): PublicProject {
  const text = projectText(row.translations, locale);
  const project: PublicProject = {
    slug: row.slug,
    category: row.category as ProjectCategory,
    title: text.title,
    descriptionHtml: renderMarkdown(text.description, locale),
    descriptionText: markdownToText(text.description, locale),
    image: pictureIn(row.image, locale),
    materials: text.materials,
    process: text.process,
    gallery: row.gallery.map((picture) => pictureIn(picture, locale)),
  };
  if (text.client) project.client = text.client;
  if (text.duration) project.duration = text.duration;
  if (text.challenge) project.challengeHtml = renderMarkdown(text.challenge, locale);
  if (text.solution) project.solutionHtml = renderMarkdown(text.solution, locale);
  return project;
}

async function publishedRows(): Promise<Row[]> {
  const db = await getDb();
  return db
    .select()
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(asc(projects.position), asc(projects.slug));
}

/** The published projects shown in `locale`, in the owner's order. */
export async function listPublicProjects(locale: Locale): Promise<PublicProject[]> {
  return (await publishedRows()).filter((row) => shownIn(row.translations, locale)).map((row) => toPublic(row, locale));
}

/** The home page's featured projects shown in `locale` (up to three), in the owner's order. */
export async function featuredProjects(locale: Locale): Promise<PublicProject[]> {
  return (await publishedRows())
    .filter((row) => row.featured && shownIn(row.translations, locale))
    .slice(0, FEATURED_MAX)
    .map((row) => toPublic(row, locale));
}

/** The published projects with the languages they are shown in, for the sitemap and hreflang. */
export async function publicProjectPages(): Promise<{ slug: string; updatedAt: Date; locales: Locale[] }[]> {
  return (await publishedRows()).map((row) => ({
    slug: row.slug,
    updatedAt: row.updatedAt,
    locales: shownIn(row.translations, "fr") ? ["en", "fr"] : ["en"],
  }));
}

export async function listAdminProjects(): Promise<AdminProject[]> {
  const db = await getDb();
  const rows = await db.select().from(projects).orderBy(asc(projects.position), asc(projects.slug));
  return rows.map(toAdmin);
}

export async function getAdminProject(id: string): Promise<AdminProject | null> {
  const db = await getDb();
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ? toAdmin(row) : null;
}

/** Checks any input (the page's form, a script's JSON) with the form's schema; the service has the last word. */
function checked(input: unknown): ProjectInput {
  const parsed = projectFormSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    // Named as the form names its controls: pictures[0].alt.en.
    const name = (path: PropertyKey[]) =>
      path.map((part, i) => (typeof part === "number" ? `[${part}]` : `${i ? "." : ""}${String(part)}`)).join("");
    for (const issue of parsed.error.issues) fields[name(issue.path) || "form"] ??= issue.message;
    throw new DomainError("portfolio.invalid", { fields });
  }
  const value: ProjectInput & { version?: number } = { ...parsed.data };
  delete value.version;
  return value;
}

function columns(input: ProjectInput) {
  const [image, ...gallery] = input.pictures;
  return {
    slug: input.slug,
    category: input.category,
    translations: { en: input.en, fr: input.fr },
    image,
    gallery,
    published: input.published,
  };
}

async function assertSlugFree(db: Database, slug: string, id?: string): Promise<void> {
  const [other] = await db.select({ id: projects.id }).from(projects).where(eq(projects.slug, slug));
  if (other && other.id !== id) throw new DomainError("portfolio.invalid", { fields: { slug: "slugTaken" } });
}

/** A new project, last in the order. */
export async function createProject(input: unknown): Promise<AdminProject> {
  const value = checked(input);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIST_LOCK_KEY})`);
    await assertSlugFree(tx, value.slug);
    const [last] = await tx
      .select({ position: projects.position })
      .from(projects)
      .orderBy(desc(projects.position))
      .limit(1);
    const [inserted] = await tx
      .insert(projects)
      .values({ id: randomUUID(), ...columns(value), position: (last?.position ?? -1) + 1 })
      .returning();
    return inserted;
  });
  siteChanged("content");
  return toAdmin(row);
}

/** Saves the form over the version it was loaded at; a project saved since by someone else is refused. */
export async function updateProject(
  id: string,
  loadedVersion: number | undefined,
  input: unknown,
): Promise<AdminProject> {
  const value = checked(input);
  if (!loadedVersion) throw new DomainError("portfolio.invalid", { fields: { version: "invalid" } });
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await assertSlugFree(tx, value.slug, id);
    const [updated] = await tx
      .update(projects)
      .set({ ...columns(value), version: sql`${projects.version} + 1`, updatedAt: new Date() })
      .where(and(eq(projects.id, id), eq(projects.version, loadedVersion)))
      .returning();
    if (updated) return updated;
    const [exists] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
    throw new DomainError(exists ? "portfolio.stale" : "portfolio.not_found");
  });
  siteChanged("content");
  return toAdmin(row);
}

async function change(id: string, set: Partial<typeof projects.$inferInsert>): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .update(projects)
    .set({ ...set, version: sql`${projects.version} + 1`, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning({ id: projects.id });
  if (!row) throw new DomainError("portfolio.not_found");
  siteChanged("content");
}

export function setPublished(id: string, published: boolean): Promise<void> {
  return change(id, { published });
}

/** Features a project on the home page (up to three) or takes it off. */
export async function setFeatured(id: string, featured: boolean): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIST_LOCK_KEY})`);
    const [row] = await tx.select({ featured: projects.featured }).from(projects).where(eq(projects.id, id));
    if (!row) throw new DomainError("portfolio.not_found");
    if (featured && !row.featured) {
      const [{ n }] = await tx.select({ n: count() }).from(projects).where(eq(projects.featured, true));
      if (n >= FEATURED_MAX) throw new DomainError("portfolio.too_many_featured", { count: FEATURED_MAX });
    }
    await tx
      .update(projects)
      .set({ featured, version: sql`${projects.version} + 1`, updatedAt: new Date() })
      .where(eq(projects.id, id));
  });
  siteChanged("content");
}

/** Swaps a project with its neighbour before ("up") or after ("down") it; at either end nothing moves. */
export async function moveProject(id: string, direction: "up" | "down"): Promise<void> {
  const db = await getDb();
  const moved = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIST_LOCK_KEY})`);
    const [row] = await tx
      .select({ id: projects.id, position: projects.position })
      .from(projects)
      .where(eq(projects.id, id));
    if (!row) throw new DomainError("portfolio.not_found");
    const [neighbour] = await tx
      .select({ id: projects.id, position: projects.position })
      .from(projects)
      .where(direction === "up" ? lt(projects.position, row.position) : gt(projects.position, row.position))
      .orderBy(direction === "up" ? desc(projects.position) : asc(projects.position))
      .limit(1);
    if (!neighbour) return false;
    const bump = { version: sql`${projects.version} + 1`, updatedAt: new Date() };
    await tx
      .update(projects)
      .set({ position: neighbour.position, ...bump })
      .where(eq(projects.id, row.id));
    await tx
      .update(projects)
      .set({ position: row.position, ...bump })
      .where(eq(projects.id, neighbour.id));
    return true;
  });
  if (moved) siteChanged("content");
}

/** Deletes a project. Its uploaded pictures stay in the media store (other content may use them). */
export async function deleteProject(id: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  if (!row) throw new DomainError("portfolio.not_found");
  siteChanged("content");
}

/**
 * Loads the sample projects into an EMPTY portfolio (a new install), published, the first three
 * featured, once per install. Once the owner has any project, or has deleted them all, nothing is added.
 * Safe to run twice or concurrently (an advisory lock; inserts ignore existing slugs).
 */
export async function seedSampleProjects(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await firstSampleOffer(tx, "portfolio"))) return 0;
    const [any] = await tx.select({ id: projects.id }).from(projects).limit(1);
    if (any) return 0;
    const inserted = await tx
      .insert(projects)
      .values(
        sampleProjects.map((sample, position) => ({
          id: randomUUID(),
          slug: sample.slug,
          category: sample.category,
          translations: sample.translations,
          image: sample.image,
          gallery: sample.gallery,
          position,
          published: true,
          featured: sample.featured,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: projects.id });
    return inserted.length;
  });
}
