import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../tests/support/api.ts";
import { getDb, tables } from "../db/index.ts";
import { findVisibleItem, itemsByIds, listCategories, listItems } from "./catalogue.ts";
import { sampleItems } from "./sample-data.ts";
import { seedSampleCatalogue } from "./seed.ts";

// The database is this file's own clone of the migrated template, with the sample catalogue.
const HIDDEN = sampleItems.find((item) => item.isVisible === false)!;
const VISIBLE = sampleItems.filter((item) => item.isVisible !== false);

beforeAll(async () => {
  const db = await getDb();
  await seedSampleCatalogue(db);
  // Items whose words only an accent- and case-blind search finds, one hidden.
  await db.insert(tables.inventoryItems).values([
    {
      id: "item-test-creme",
      slug: "test-creme",
      categoryId: "cat-home-decor",
      priceCents: 1000,
      stock: 5,
      images: { main: "/a.svg", gallery: [] },
      translations: {
        en: { name: "Crème Brûlée Dish", description: "A ramekin for ŒUVRES of pastry." },
        fr: { name: "Plat à CRÈME BRÛLÉE", description: "Un ramequin pour les œuvres pâtissières." },
      },
    },
    {
      id: "item-test-english-only",
      slug: "test-english-only",
      categoryId: "cat-desk-tech",
      priceCents: 1000,
      stock: 5,
      images: { main: "/a.svg", gallery: [] },
      translations: { en: { name: "Zephyr Pen Cup", description: "Holds pens." } },
    },
    {
      id: "item-test-hidden-zephyr",
      slug: "test-hidden-zephyr",
      categoryId: "cat-desk-tech",
      priceCents: 1000,
      stock: 5,
      isVisible: false,
      images: { main: "/a.svg", gallery: [] },
      translations: { en: { name: "Zephyr Secret", description: "Not yet for sale." } },
    },
  ]);
});

const slugs = (list: { items: { slug: string }[] }) => list.items.map((item) => item.slug);

describe("listItems", () => {
  it("lists every visible item newest first, never a hidden one", async () => {
    const list = await listItems({ locale: "en", pageSize: 100 });
    expect(list.total).toBe(VISIBLE.length + 2);
    expect(slugs(list)).not.toContain(HIDDEN.slug);
    expect(slugs(list)).not.toContain("test-hidden-zephyr");
    // Sample items are created newest first in the sample order (the test ones came later, so first).
    expect(slugs(list).slice(2)).toEqual(VISIBLE.map((item) => item.slug));
  });

  it("gives each item its name, description and category in the page's language, French falling back to English", async () => {
    const en = await listItems({ locale: "en", q: "dragon bust" });
    expect(en.items[0]).toMatchObject({
      slug: "ember-dragon-bust",
      name: "Ember Dragon Bust",
      names: { en: "Ember Dragon Bust", fr: "Buste de dragon Braise" },
      category: { slug: "figurines-miniatures", name: "Figurines & Miniatures" },
      priceCents: 8900,
    });
    const fr = await listItems({ locale: "fr", q: "buste dragon" });
    expect(fr.items[0]).toMatchObject({
      name: "Buste de dragon Braise",
      category: { name: "Figurines et miniatures" },
    });
    const fallback = await listItems({ locale: "fr", q: "zephyr" });
    expect(fallback.items.map((item) => [item.name, item.names.fr])).toEqual([["Zephyr Pen Cup", "Zephyr Pen Cup"]]);
  });

  it("matches words in any case and with or without accents, in English", async () => {
    for (const q of ["creme brulee", "CRÈME", "Brûlée", "oeuvres", "œuvres", "  dish  "]) {
      expect(slugs(await listItems({ locale: "en", q })), q).toEqual(["test-creme"]);
    }
  });

  it("matches words in any case and with or without accents, in French", async () => {
    for (const q of ["plat a creme", "crème brûlée", "PATISSIERES", "Œuvres"]) {
      expect(slugs(await listItems({ locale: "fr", q })), q).toEqual(["test-creme"]);
    }
    // Accents of the sample data: "Épaulière elfique", "Déco", "érable".
    expect(slugs(await listItems({ locale: "fr", q: "epauliere" }))).toEqual(["elven-leaf-pauldron"]);
    expect(slugs(await listItems({ locale: "fr", q: "ERABLE" }))).toContain("maple-leaf-coaster-set");
  });

  it("searches the page's language only, name and description, every word as a word prefix", async () => {
    expect(slugs(await listItems({ locale: "en", q: "moose" }))).toEqual(["low-poly-moose"]);
    expect(slugs(await listItems({ locale: "fr", q: "moose" }))).toEqual([]);
    expect(slugs(await listItems({ locale: "fr", q: "orignal" }))).toEqual(["low-poly-moose"]);
    // Near spellings come after ("drag" is close to "drainage"): the word prefixes first.
    expect(slugs(await listItems({ locale: "en", q: "drag" })).slice(0, 2)).toEqual([
      "ember-dragon-bust",
      "articulated-crystal-dragon",
    ]);
    // Every word must match.
    expect(slugs(await listItems({ locale: "en", q: "dragon crystal" }))).toEqual(["articulated-crystal-dragon"]);
    // Description words count too.
    const description = sampleItems.find((item) => item.slug === "kitsune-mask")!.translations.en.description;
    const word = description.split(/\W+/).find((w) => w.length > 6)!;
    expect(slugs(await listItems({ locale: "en", q: word }))).toContain("kitsune-mask");
  });

  it("includes the category's name, with or without accents, in both languages", async () => {
    const decor = sampleItems.filter((item) => item.categoryId === "cat-home-decor" && item.isVisible !== false);
    for (const [locale, q] of [
      ["en", "deco"],
      ["en", "décor"],
      ["fr", "deco"],
      ["fr", "déco"],
      ["fr", "DÉCO MAISON"],
    ] as const) {
      const found = slugs(await listItems({ locale, q, pageSize: 100 }));
      for (const item of decor) expect(found, `${locale} ${q}`).toContain(item.slug);
      expect(found, `${locale} ${q}`).not.toContain(HIDDEN.slug);
      expect(found, `${locale} ${q}`).not.toContain("low-poly-moose");
    }
  });

  it("forgives a typo and puts the best matches first", async () => {
    expect(
      slugs(await listItems({ locale: "en", q: "dragn" }))
        .slice(0, 2)
        .sort(),
    ).toEqual(["articulated-crystal-dragon", "ember-dragon-bust"]);
    expect(
      slugs(await listItems({ locale: "fr", q: "dragn" }))
        .slice(0, 2)
        .sort(),
    ).toEqual(["articulated-crystal-dragon", "ember-dragon-bust"]);
    expect(slugs(await listItems({ locale: "en", q: "lithophne" }))[0]).toBe("moonlight-lithophane-lamp");
    expect(slugs(await listItems({ locale: "fr", q: "epaulire" }))[0]).toBe("elven-leaf-pauldron");
    // An item named by the words comes before one that only shares the category's name.
    const lamp = await listItems({ locale: "en", q: "lamp", pageSize: 100 });
    expect(slugs(lamp)[0]).toBe("moonlight-lithophane-lamp");
    // Nonsense finds nothing rather than everything.
    expect((await listItems({ locale: "en", q: "qqxzvw" })).total).toBe(0);
  });

  it("never finds a hidden item, even by its own words", async () => {
    expect(slugs(await listItems({ locale: "en", q: "secret" }))).toEqual([]);
    expect(slugs(await listItems({ locale: "en", q: HIDDEN.translations.en.name }))).toEqual([]);
    expect(slugs(await listItems({ locale: "fr", q: HIDDEN.translations.fr.name }))).toEqual([]);
  });

  it("treats punctuation and quotes in the query as word breaks, never as query syntax", async () => {
    for (const q of ["'", "&|!:*", "moose')", "\\", "moose & | !"]) {
      await expect(listItems({ locale: "en", q })).resolves.toBeDefined();
    }
    expect(slugs(await listItems({ locale: "en", q: "moose')" }))).toEqual(["low-poly-moose"]);
    expect((await listItems({ locale: "en", q: "!!!" })).total).toBe(VISIBLE.length + 2);
  });

  it("filters by category slug, with and without words", async () => {
    const cosplay = await listItems({ locale: "en", category: "cosplay-props-armour", pageSize: 100 });
    expect(cosplay.total).toBe(VISIBLE.filter((item) => item.categoryId === "cat-cosplay").length);
    expect(cosplay.items.every((item) => item.category.slug === "cosplay-props-armour")).toBe(true);
    expect(slugs(await listItems({ locale: "en", category: "cosplay-props-armour", q: "dragon" }))).toEqual([]);
    expect(slugs(await listItems({ locale: "en", category: "figurines-miniatures", q: "dragon" }))).toHaveLength(2);
    // The hidden bookends' category lists its visible items only.
    const decor = await listItems({ locale: "en", category: "home-decor", pageSize: 100 });
    expect(slugs(decor)).not.toContain(HIDDEN.slug);
    expect((await listItems({ locale: "en", category: "no-such-category" })).items).toEqual([]);
  });

  it("pages through the results without overlap", async () => {
    const all = slugs(await listItems({ locale: "en", pageSize: 100 }));
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const list = await listItems({ locale: "en", page, pageSize: 7 });
      expect(list).toMatchObject({ page, pageSize: 7, total: all.length, pageCount: Math.ceil(all.length / 7) });
      pages.push(...slugs(list));
    }
    expect(pages).toEqual(all);
    const beyond = await listItems({ locale: "en", page: 99, pageSize: 7 });
    expect(beyond).toMatchObject({ items: [], total: all.length, page: 99 });
  });
});

describe("findVisibleItem", () => {
  it("finds a visible item by slug with its pictures, and nothing for a hidden or unknown one", async () => {
    const item = await findVisibleItem("ember-dragon-bust", "fr");
    expect(item).toMatchObject({
      name: "Buste de dragon Braise",
      images: { main: "/images/catalogue/dragon-bust.svg" },
    });
    expect(await findVisibleItem(HIDDEN.slug!, "en")).toBeUndefined();
    expect(await findVisibleItem("no-such-item", "en")).toBeUndefined();
  });
});

describe("listCategories", () => {
  it("lists the categories sorted by name in the page's language", async () => {
    const en = await listCategories("en");
    expect(en.map((c) => c.name)).toEqual([...en.map((c) => c.name)].sort((a, b) => a.localeCompare(b, "en-CA")));
    const fr = await listCategories("fr");
    expect(fr.map((c) => c.name)).toContain("Déco maison");
  });
});

describe("itemsByIds", () => {
  it("gives the current price and stock, and says only 'unavailable' for hidden or unknown items", async () => {
    const result = await itemsByIds(["item-dragon-bust", HIDDEN.id!, "nope", "item-dragon-bust"]);
    expect(result).toEqual([
      {
        id: "item-dragon-bust",
        available: true,
        slug: "ember-dragon-bust",
        names: { en: "Ember Dragon Bust", fr: "Buste de dragon Braise" },
        priceCents: 8900,
        stock: 12,
        image: "/images/catalogue/dragon-bust.svg",
      },
      { id: HIDDEN.id, available: false },
      { id: "nope", available: false },
    ]);
  });
});

describe("GET /api/catalogue", () => {
  it("/items searches, filters and pages in the asked language", async () => {
    const response = await call("/api/catalogue/items?q=Epauliere&locale=fr");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      total: 1,
      page: 1,
      pageCount: 1,
      items: [{ slug: "elven-leaf-pauldron", name: "Épaulière elfique Feuillage" }],
    });

    const page2 = await (await call("/api/catalogue/items?page=2")).json();
    expect(page2).toMatchObject({ page: 2, total: VISIBLE.length + 2 });
    const filtered = await (await call("/api/catalogue/items?category=printing-materials")).json();
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.every((i: { category: { slug: string } }) => i.category.slug === "printing-materials")).toBe(
      true,
    );
  });

  it("/items never sends a hidden item, and rejects bad parameters with the spec's error shape", async () => {
    const everything = await (await call("/api/catalogue/items?page=1")).text();
    const second = await (await call("/api/catalogue/items?page=2")).text();
    for (const text of [everything, second]) {
      expect(text).not.toContain(HIDDEN.slug);
      expect(text).not.toContain("Zephyr Secret");
    }
    for (const bad of ["locale=de", "page=0", "page=abc", "category=Not%20A%20Slug", `q=${"x".repeat(101)}`]) {
      const response = await call(`/api/catalogue/items?${bad}`);
      expect(response.status, bad).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid-argument" } });
    }
  });

  it("/items/by-ids answers for a cart, hidden items as unavailable without details", async () => {
    const response = await call(`/api/catalogue/items/by-ids?ids=item-low-poly-moose,${HIDDEN.id}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(HIDDEN.translations.en.name);
    expect(JSON.parse(text)).toEqual({
      items: [
        expect.objectContaining({ id: "item-low-poly-moose", available: true, stock: 3, priceCents: 2499 }),
        { id: HIDDEN.id, available: false },
      ],
    });
    expect(await (await call("/api/catalogue/items/by-ids?ids=")).json()).toEqual({ items: [] });
    const tooMany = Array.from({ length: 101 }, (_, i) => `id-${i}`).join(",");
    expect((await call(`/api/catalogue/items/by-ids?ids=${tooMany}`)).status).toBe(400);
  });

  it("/categories lists the categories in the asked language", async () => {
    const body = await (await call("/api/catalogue/categories?locale=fr")).json();
    expect(body.categories.map((c: { slug: string }) => c.slug)).toContain("home-decor");
    expect(body.categories.find((c: { slug: string }) => c.slug === "home-decor").name).toBe("Déco maison");
  });
});

describe("a large catalogue", () => {
  it("searches, filters and pages thousands of items in the database, using the search index", async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into inventory_items (id, slug, category_id, price_cents, stock, images, translations, created_at)
      select 'bulk-' || n, 'bulk-' || n, 'cat-materials', 1000 + n, n % 20, '{"main":"/a.svg","gallery":[]}'::jsonb,
        jsonb_build_object('en', jsonb_build_object('name', 'Bulk spool ' || n, 'description', case when n % 100 = 0 then 'Rare Émeraude colour' else 'Plain colour' end),
                           'fr', jsonb_build_object('name', 'Bobine ' || n, 'description', 'Couleur'))
        , now() - interval '1 day' - n * interval '1 second'
      from generate_series(1, 5000) as n`);
    const started = performance.now();
    const rare = await listItems({ locale: "en", q: "emeraude", page: 2, pageSize: 24 });
    const elapsed = performance.now() - started;
    expect(rare.total).toBe(50);
    expect(rare.items).toHaveLength(24);
    expect(rare.items[0].slug).toBe("bulk-2500");
    const materials = await listItems({ locale: "en", category: "printing-materials", page: 3 });
    expect(materials.total).toBeGreaterThan(5000);
    expect(materials.items).toHaveLength(24);
    console.log(`search over 5,000 items: ${elapsed.toFixed(1)} ms`);

    await db.execute(sql`analyze inventory_items`);
    await db.execute(sql`set enable_seqscan = off`);
    const plan = await db.execute(
      sql`explain select id from inventory_items where is_visible and search_en @@ to_tsquery('simple', 'emeraude:*')`,
    );
    const fuzzyPlan = await db.execute(sql`explain select id from inventory_items where 'emerade' <% search_text_en`);
    await db.execute(sql`reset enable_seqscan`);
    expect(JSON.stringify(plan)).toContain("inventory_items_search_en_idx");
    expect(JSON.stringify(fuzzyPlan)).toContain("inventory_items_search_text_en_idx");
    // A typo finds the same rare items among thousands.
    expect((await listItems({ locale: "en", q: "emerade" })).total).toBe(50);
  });
});
