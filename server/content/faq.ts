import { asc, count, eq, gt, lt, desc, max } from "drizzle-orm";
import { FAQ_LIMITS, faqEntrySchema, faqErrors, hasFrench, type FaqEntry } from "../../domain/faq.ts";
import { frenchTypography } from "../../domain/french-typography.ts";
import type { Locale } from "../../domain/locale.ts";
import { getDb } from "../db/index.ts";
import { faqEntries } from "../db/schema.ts";
import { siteChanged } from "../db/site-changes.ts";
import { assertRecordIds, DomainError } from "../errors.ts";
import { renderMarkdown } from "./markdown.ts";

// The FAQ of /contact (issue 23), edited in Admin → FAQ. Every change drops the cached pages. An
// entry the schema refuses is `faq.invalid` with the FaqFieldError of each field.

type Row = typeof faqEntries.$inferSelect;
const view = (row: Row): FaqEntry => ({
  id: row.id,
  position: row.position,
  published: row.published,
  question: row.question,
  answer: row.answer,
  updatedAt: row.updatedAt.toISOString(),
});

function parse(input: unknown) {
  const parsed = faqEntrySchema.safeParse(input);
  if (!parsed.success) throw new DomainError("faq.invalid", { fields: faqErrors(parsed.error.issues) });
  return parsed.data;
}

/** Every entry, in the order visitors see them. */
export async function listFaqEntries(): Promise<FaqEntry[]> {
  const db = await getDb();
  const rows = await db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id));
  return rows.map(view);
}

export type PublicFaqEntry = { id: number; question: string; answerHtml: string };

/** What /contact shows in `locale`: published entries, without those missing their French on French pages. */
export async function publishedFaq(locale: Locale): Promise<PublicFaqEntry[]> {
  const entries = (await listFaqEntries()).filter((entry) => entry.published && (locale === "en" || hasFrench(entry)));
  return entries.map((entry) => faqPreview(entry, locale));
}

/** An entry as visitors see it in `locale` (the admin's preview uses the same). */
export function faqPreview(entry: Pick<FaqEntry, "id" | "question" | "answer">, locale: Locale): PublicFaqEntry {
  const question = locale === "fr" ? frenchTypography(entry.question.fr) : entry.question.en;
  return { id: entry.id, question, answerHtml: renderMarkdown(entry.answer[locale], locale) };
}

export async function createFaqEntry(input: unknown): Promise<FaqEntry> {
  const value = parse(input);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [{ entries }] = await tx.select({ entries: count() }).from(faqEntries);
    if (entries >= FAQ_LIMITS.entries) throw new DomainError("faq.too_many", { count: FAQ_LIMITS.entries });
    const [{ last }] = await tx.select({ last: max(faqEntries.position) }).from(faqEntries);
    const [created] = await tx
      .insert(faqEntries)
      .values({ ...value, position: (last ?? 0) + 1 })
      .returning();
    return created!;
  });
  siteChanged("content");
  return view(row);
}

/** `loadedAt`: the entry's updatedAt as the form showed it; a later save makes this one stale. */
export async function updateFaqEntry(id: number, input: unknown, loadedAt?: string): Promise<FaqEntry> {
  assertRecordIds(id);
  const value = parse(input);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for("update");
    if (!current) throw new DomainError("faq.not_found");
    if (loadedAt !== undefined && new Date(loadedAt).getTime() !== current.updatedAt.getTime())
      throw new DomainError("faq.stale");
    const [updated] = await tx
      .update(faqEntries)
      .set({ ...value, updatedAt: new Date() })
      .where(eq(faqEntries.id, id))
      .returning();
    return updated!;
  });
  siteChanged("content");
  return view(row);
}

export async function setFaqPublished(id: number, published: boolean, loadedAt?: string): Promise<FaqEntry> {
  assertRecordIds(id);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for("update");
    if (!current) throw new DomainError("faq.not_found");
    if (loadedAt !== undefined && new Date(loadedAt).getTime() !== current.updatedAt.getTime())
      throw new DomainError("faq.stale");
    const [updated] = await tx
      .update(faqEntries)
      .set({ published, updatedAt: new Date() })
      .where(eq(faqEntries.id, id))
      .returning();
    return updated!;
  });
  siteChanged("content");
  return view(row);
}

/** Swaps the entry with the one above ("up") or below ("down"); at the end it stays put. */
export async function moveFaqEntry(id: number, direction: "up" | "down"): Promise<void> {
  assertRecordIds(id);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for("update");
    if (!current) throw new DomainError("faq.not_found");
    const [neighbour] = await tx
      .select()
      .from(faqEntries)
      .where(direction === "up" ? lt(faqEntries.position, current.position) : gt(faqEntries.position, current.position))
      .orderBy(direction === "up" ? desc(faqEntries.position) : asc(faqEntries.position))
      .limit(1)
      .for("update");
    if (!neighbour) return;
    await tx.update(faqEntries).set({ position: neighbour.position }).where(eq(faqEntries.id, current.id));
    await tx.update(faqEntries).set({ position: current.position }).where(eq(faqEntries.id, neighbour.id));
  });
  siteChanged("content");
}

export async function deleteFaqEntry(id: number): Promise<void> {
  assertRecordIds(id);
  const db = await getDb();
  const deleted = await db.delete(faqEntries).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id });
  if (deleted.length === 0) throw new DomainError("faq.not_found");
  siteChanged("content");
}
