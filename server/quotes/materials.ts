// The studio's materials, colours and quality presets: added, edited and retired (no longer offered)
// by an admin. Each change is a new version of the price terms (who and when are stored with it), so
// quotes already given keep the names and figures they were priced with.
import { DomainError } from "../errors.ts";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { colourSchema, materialSchema, qualitySchema, type PriceTerms } from "../../domain/quote-pricing.ts";
import { getDb } from "../db/index.ts";
import { quotePriceTerms, user } from "../db/schema.ts";
import { changeTerms } from "./quotes.ts";

const materialInput = materialSchema.omit({ id: true, colours: true }).strict();
const colourInput = colourSchema.omit({ id: true }).strict();
const qualityInput = qualitySchema.omit({ id: true }).strict();
const newMaterialInput = materialInput.extend({ colour: colourInput });

export type MaterialInput = z.input<typeof materialInput>;
export type ColourInput = z.input<typeof colourInput>;
export type QualityInput = z.input<typeof qualityInput>;

/** Stable codes per field ("name.en": "too_big", "colours": "none-offered"); routes word them. */
function invalid(fields: Record<string, string>): DomainError {
  return new DomainError("material.invalid", { fields });
}

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "input"] ??= issue.code;
  throw invalid(fields);
}

/** The terms' own errors (a whole-list rule) named by list, not by position. */
/**
 * `loadedVersion` is the terms version the admin's page showed: a save over a newer version is
 * refused (settings.stale), checked under the terms' lock, so that two admins never undo each other.
 */
async function change(mutate: (terms: PriceTerms) => PriceTerms, adminId: string, loadedVersion?: number) {
  try {
    return await changeTerms(mutate, adminId, loadedVersion);
  } catch (error) {
    if (!(error instanceof DomainError) || !error.fields) throw error;
    const fields: Record<string, string> = {};
    for (const [path, code] of Object.entries(error.fields)) {
      const list = /colours/.test(path) ? "colours" : path.startsWith("qualities") ? "qualities" : "materials";
      fields[list] ??= code === "none-offered" ? code : "too_big";
    }
    throw invalid(fields);
  }
}

/** An id from the English name, kept for good (renaming never changes it) and never reused. */
export function slugFor(name: string, taken: string[]): string {
  const base =
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 28)
      .replace(/-+$/, "") || "item";
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}

function notFound(): DomainError {
  return new DomainError("material.not_found");
}

export async function addMaterial(input: unknown, adminId: string, loadedVersion?: number) {
  const { colour, ...material } = parse(newMaterialInput, input);
  let id = "";
  const saved = await change(
    (terms) => {
      id = slugFor(
        material.name.en,
        terms.materials.map((m) => m.id),
      );
      const first = { id: slugFor(colour.name.en, []), ...colour };
      return { ...terms, materials: [...terms.materials, { id, ...material, colours: [first] }] };
    },
    adminId,
    loadedVersion,
  );
  return { ...saved, id };
}

export async function updateMaterial(materialId: string, input: unknown, adminId: string, loadedVersion?: number) {
  const material = parse(materialInput, input);
  return change(
    (terms) => {
      if (!terms.materials.some((m) => m.id === materialId)) throw notFound();
      return { ...terms, materials: terms.materials.map((m) => (m.id === materialId ? { ...m, ...material } : m)) };
    },
    adminId,
    loadedVersion,
  );
}

function withColours(
  terms: PriceTerms,
  materialId: string,
  edit: (colours: z.infer<typeof colourSchema>[]) => z.infer<typeof colourSchema>[],
): PriceTerms {
  if (!terms.materials.some((m) => m.id === materialId)) throw notFound();
  return {
    ...terms,
    materials: terms.materials.map((m) => (m.id === materialId ? { ...m, colours: edit(m.colours) } : m)),
  };
}

export async function addColour(materialId: string, input: unknown, adminId: string, loadedVersion?: number) {
  const colour = parse(colourInput, input);
  let id = "";
  const saved = await change(
    (terms) =>
      withColours(terms, materialId, (colours) => {
        id = slugFor(
          colour.name.en,
          colours.map((c) => c.id),
        );
        return [...colours, { id, ...colour }];
      }),
    adminId,
    loadedVersion,
  );
  return { ...saved, id };
}

export async function updateColour(
  materialId: string,
  colourId: string,
  input: unknown,
  adminId: string,
  loadedVersion?: number,
) {
  const colour = parse(colourInput, input);
  return change(
    (terms) =>
      withColours(terms, materialId, (colours) => {
        if (!colours.some((c) => c.id === colourId)) throw notFound();
        return colours.map((c) => (c.id === colourId ? { ...c, ...colour } : c));
      }),
    adminId,
    loadedVersion,
  );
}

export async function addQuality(input: unknown, adminId: string, loadedVersion?: number) {
  const quality = parse(qualityInput, input);
  let id = "";
  const saved = await change(
    (terms) => {
      id = slugFor(
        quality.name.en,
        terms.qualities.map((q) => q.id),
      );
      return { ...terms, qualities: [...terms.qualities, { id, ...quality }] };
    },
    adminId,
    loadedVersion,
  );
  return { ...saved, id };
}

export async function updateQuality(qualityId: string, input: unknown, adminId: string, loadedVersion?: number) {
  const quality = parse(qualityInput, input);
  return change(
    (terms) => {
      if (!terms.qualities.some((q) => q.id === qualityId)) throw notFound();
      return { ...terms, qualities: terms.qualities.map((q) => (q.id === qualityId ? { ...q, ...quality } : q)) };
    },
    adminId,
    loadedVersion,
  );
}

/** Who saved the latest terms and when (null for the defaults the site started with). */
export async function lastTermsChange(): Promise<{ version: number; by: string | null; at: Date } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ version: quotePriceTerms.version, by: user.username, at: quotePriceTerms.createdAt })
    .from(quotePriceTerms)
    .leftJoin(user, eq(quotePriceTerms.createdBy, user.id))
    .orderBy(desc(quotePriceTerms.version))
    .limit(1);
  return row ?? null;
}
