import { desc, eq, sql } from "drizzle-orm";
import { DEFAULT_PRICE_TERMS, priceTermsSchema, withDefaults, type PriceTerms } from "../../domain/quote-pricing.ts";
import { getDb, type Database } from "../db/index.ts";
import { quotePriceTerms } from "../db/schema.ts";
import { siteChanged } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";

// The price terms of custom prints, versioned: a quote keeps the version it was priced with.

/** The terms new quotes get; the first call on an empty database stores the defaults as version 1. */
export async function currentTerms(): Promise<{ version: number; terms: PriceTerms }> {
  const database = await getDb();
  const [latest] = await database.select().from(quotePriceTerms).orderBy(desc(quotePriceTerms.version)).limit(1);
  if (latest) return { version: latest.version, terms: withDefaults(latest.terms) };
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TERMS_LOCK})`);
    const [again] = await tx.select().from(quotePriceTerms).orderBy(desc(quotePriceTerms.version)).limit(1);
    if (again) return { version: again.version, terms: withDefaults(again.terms) };
    const [row] = await tx.insert(quotePriceTerms).values({ terms: DEFAULT_PRICE_TERMS }).returning();
    return { version: row!.version, terms: row!.terms };
  });
}

const TERMS_LOCK = 7240313;

export async function termsOf(version: number, db: Database): Promise<PriceTerms> {
  const [row] = await db.select().from(quotePriceTerms).where(eq(quotePriceTerms.version, version));
  if (!row) throw new Error(`Price terms ${version} are missing`);
  return withDefaults(row.terms);
}

/** An admin's new terms: validated, stored as a new version; quotes already given keep theirs. */
export async function saveTerms(
  input: unknown,
  adminId: string,
  loadedVersion?: number,
): Promise<{ version: number; terms: PriceTerms }> {
  return changeTerms(() => input, adminId, loadedVersion);
}

/**
 * A change to the latest terms (`change` gets them and returns the new ones, unchecked), made under
 * a lock so that two admins saving at once both keep their change. Validated, stored as a new version
 * with who made it; quotes already given keep theirs. Field codes in the error are stable.
 * `loadedVersion`, when given (a form posts the version it showed), refuses a save from a page
 * older than the latest version, which would silently undo another admin's change.
 */
export async function changeTerms(
  change: (current: PriceTerms) => unknown,
  adminId: string,
  loadedVersion?: number,
): Promise<{ version: number; terms: PriceTerms }> {
  const db = await getDb();
  await currentTerms();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TERMS_LOCK})`);
    const [latest] = await tx.select().from(quotePriceTerms).orderBy(desc(quotePriceTerms.version)).limit(1);
    if (loadedVersion !== undefined && loadedVersion !== latest!.version) throw new DomainError("settings.stale");
    const parsed = priceTermsSchema.safeParse(change(withDefaults(latest!.terms)));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        fields[issue.path.join(".") || "terms"] ??= issue.code === "custom" ? issue.message : issue.code;
      throw new DomainError("quote.terms_invalid", { fields });
    }
    const [row] = await tx.insert(quotePriceTerms).values({ terms: parsed.data, createdBy: adminId }).returning();
    // The quote page offers the terms' materials and prices to visitors from the kept pages.
    siteChanged("settings");
    return { version: row!.version, terms: row!.terms };
  });
}
