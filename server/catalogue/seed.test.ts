import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { asc, count } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { SAMPLE_IMAGE_DIR, sampleCategories, sampleItems } from "./sample-data.ts";
import { seedSampleCatalogue } from "./seed.ts";

// The database is this file's own clone of the migrated template (tests/support/per-file-database.ts).

const publicDir = fileURLToPath(new URL("../../public/", import.meta.url));
const pictureDir = path.join(publicDir, SAMPLE_IMAGE_DIR);

async function counts() {
  const db = await getDb();
  const [c] = await db.select({ n: count() }).from(tables.categories);
  const [i] = await db.select({ n: count() }).from(tables.inventoryItems);
  return { categories: c.n, items: i.n };
}

describe("seedSampleCatalogue", () => {
  beforeEach(async () => {
    const db = await getDb();
    await db.delete(tables.inventoryItems);
    await db.delete(tables.categories);
    await db.delete(tables.sampleContentOffers);
  });

  it("fills an empty catalogue with every sample category and item", async () => {
    const db = await getDb();
    const inserted = await seedSampleCatalogue(db);

    expect(inserted).toEqual({ categories: sampleCategories.length, items: sampleItems.length });
    expect(inserted.categories).toBeGreaterThanOrEqual(4);
    expect(inserted.items).toBeGreaterThanOrEqual(16);
    expect(await counts()).toEqual(inserted);

    const dragon = await db.query.inventoryItems.findFirst({
      where: (item, { eq }) => eq(item.slug, "ember-dragon-bust"),
    });
    expect(dragon).toMatchObject({
      categoryId: "cat-figurines",
      priceCents: 8900,
      translations: { en: { name: "Ember Dragon Bust" }, fr: { name: "Buste de dragon Braise" } },
      images: { main: "/images/catalogue/dragon-bust.svg" },
    });
  });

  it("lists the items newest first in the order of the sample data", async () => {
    const db = await getDb();
    await seedSampleCatalogue(db);
    const rows = await db
      .select({ id: tables.inventoryItems.id })
      .from(tables.inventoryItems)
      .orderBy(asc(tables.inventoryItems.createdAt));
    expect(rows.map((r) => r.id)).toEqual(sampleItems.map((item) => item.id).reverse());
  });

  it("inserts nothing the second time", async () => {
    const db = await getDb();
    await seedSampleCatalogue(db);
    const before = await counts();

    expect(await seedSampleCatalogue(db)).toEqual({ categories: 0, items: 0 });
    expect(await counts()).toEqual(before);
  });

  it("never duplicates when two seeds run at once", async () => {
    const db = await getDb();
    const results = await Promise.all([seedSampleCatalogue(db), seedSampleCatalogue(db), seedSampleCatalogue(db)]);

    const total = results.reduce((sum, r) => ({
      categories: sum.categories + r.categories,
      items: sum.items + r.items,
    }));
    expect(total).toEqual({ categories: sampleCategories.length, items: sampleItems.length });
    expect(await counts()).toEqual(total);
  });

  it("is offered once: an owner who deleted every sample does not get them back at the next start", async () => {
    const db = await getDb();
    await seedSampleCatalogue(db);
    await db.delete(tables.inventoryItems);
    await db.delete(tables.categories);

    expect(await seedSampleCatalogue(db)).toEqual({ categories: 0, items: 0 });
    expect(await counts()).toEqual({ categories: 0, items: 0 });
  });

  it("leaves a catalogue alone once anything is in it", async () => {
    const db = await getDb();
    await db.insert(tables.categories).values({
      id: "cat-own",
      slug: "our-own",
      translations: { en: { name: "Our own", description: "Made by the studio." } },
    });

    expect(await seedSampleCatalogue(db)).toEqual({ categories: 0, items: 0 });
    expect(await counts()).toEqual({ categories: 1, items: 0 });
  });
});

describe("the sample data", () => {
  const texts = [...sampleCategories, ...sampleItems].map((row) => ({ id: row.id, ...row.translations }));

  it("has every name and description in English and in French, the French actually translated", () => {
    for (const { id, en, fr } of texts) {
      for (const field of ["name", "description"] as const) {
        expect(en[field].trim(), `${id} en.${field}`).not.toBe("");
        expect(fr[field].trim(), `${id} fr.${field}`).not.toBe("");
        expect(fr[field], `${id} fr.${field}`).not.toBe(en[field]);
      }
    }
  });

  it("follows French typography: a no-break space before : ; ! ? » and after «", () => {
    for (const { id, fr } of texts) {
      for (const text of [fr.name, fr.description]) {
        expect(text, id).not.toMatch(/[^\u00a0][:;!?»]/);
        expect(text, id).not.toMatch(/«[^\u00a0]/);
        expect(text, id).not.toMatch(/'/);
      }
    }
  });

  it("has varied stock: one sold out, one hidden, a few nearly gone", () => {
    expect(sampleItems.filter((item) => item.stock === 0)).toHaveLength(1);
    expect(sampleItems.filter((item) => item.isVisible === false)).toHaveLength(1);
    expect(sampleItems.filter((item) => item.stock! > 0 && item.stock! < 5).length).toBeGreaterThanOrEqual(3);
    for (const item of sampleItems) {
      expect(item.stock, item.id).toBeGreaterThanOrEqual(0);
      expect(item.stock, item.id).toBeLessThanOrEqual(40);
    }
  });

  it("has whole-cent prices in a realistic range", () => {
    for (const item of sampleItems) {
      expect(Number.isInteger(item.priceCents), item.id).toBe(true);
      expect(item.priceCents, item.id).toBeGreaterThanOrEqual(500);
      expect(item.priceCents, item.id).toBeLessThanOrEqual(50_000);
    }
  });

  it("has unique ids and readable, unique slugs", () => {
    for (const rows of [sampleCategories, sampleItems]) {
      const slugs = rows.map((row) => row.slug);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(new Set(slugs).size).toBe(slugs.length);
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    }
  });

  it("puts every item in one of the sample categories, and every category has items", () => {
    const ids = new Set(sampleCategories.map((c) => c.id));
    for (const item of sampleItems) expect(ids.has(item.categoryId), item.id).toBe(true);
    for (const category of sampleCategories) {
      expect(
        sampleItems.some((item) => item.categoryId === category.id),
        category.id,
      ).toBe(true);
    }
  });

  it("points every image at a picture that exists under public/, with a gallery on several items", () => {
    for (const item of sampleItems) {
      for (const url of [item.images.main, ...item.images.gallery]) {
        expect(url, item.id).toMatch(/^\/images\/catalogue\/[a-z0-9-]+\.svg$/);
        expect(existsSync(path.join(publicDir, url)), url).toBe(true);
      }
      expect(item.images.gallery.length, item.id).toBeLessThanOrEqual(3);
    }
    expect(sampleItems.filter((item) => item.images.gallery.length >= 1).length).toBeGreaterThanOrEqual(4);
  });
});

describe("the sample pictures", () => {
  const files = readdirSync(pictureDir).filter((file) => file.endsWith(".svg"));
  const referenced = new Map<string, string>();
  for (const item of sampleItems) {
    for (const url of [item.images.main, ...item.images.gallery])
      referenced.set(path.basename(url), item.translations.en.name);
  }

  it("are exactly the pictures the sample data uses", () => {
    expect(files.sort()).toEqual([...referenced.keys()].sort());
  });

  it.each(files)("%s is a small, self-contained 800×600 SVG titled with the item's English name", (file) => {
    const svg = readFileSync(path.join(pictureDir, file), "utf8");
    expect(svg).toContain("<svg");
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    expect(svg).toContain('viewBox="0 0 800 600"');
    expect(svg).toContain('width="800"');
    expect(svg).toContain('height="600"');
    const title = /<title>([^<]+)<\/title>/.exec(svg)?.[1] ?? "";
    const name = referenced.get(file)!.replace(/&/g, "&amp;");
    expect(title.startsWith(name), `title "${title}"`).toBe(true);
    // Nothing fetched from elsewhere, no fonts or text.
    expect(svg).not.toMatch(/(href|src)="(?!#)/);
    expect(svg).not.toMatch(/url\((?!#)/);
    expect(svg).not.toMatch(/<(text|image|script|style|foreignObject)\b/);
    expect(Buffer.byteLength(svg)).toBeLessThan(6 * 1024);
  });
});
