import { describe, expect, it } from "vitest";
import { check, cleanTranslations, newItemSchema, parseDollars } from "./inventory.ts";
import { slugify, SLUG_PATTERN } from "./slug.ts";

describe("slugs", () => {
  it("suggests a slug from a name", () => {
    expect(slugify("Crystal Dragon Bust")).toBe("crystal-dragon-bust");
    expect(slugify("  Élfe & Épée (grande)! ")).toBe("elfe-and-epee-grande");
    expect(slugify("---")).toBe("");
    expect(SLUG_PATTERN.test(slugify("Mug -- Holder 2000"))).toBe(true);
  });

  it.each(["a", "dragon-bust", "v2-helmet-3"])("accepts %s", (slug) => expect(SLUG_PATTERN.test(slug)).toBe(true));
  it.each(["Dragon", "dragon bust", "-dragon", "dragon-", "dragon--bust", "drägon", "dragon_bust"])(
    "refuses %s",
    (slug) => expect(SLUG_PATTERN.test(slug)).toBe(false),
  );
});

describe("prices in dollars", () => {
  it.each([
    ["24", 2400],
    ["24.5", 2450],
    ["24,50", 2450],
    ["$ 1 299.99", 129999],
    ["0", 0],
    [19.99, 1999],
    [0.1 + 0.2, 30],
  ])("%s → %i cents", (input, cents) => expect(parseDollars(input)).toBe(cents));

  it.each(["-1", "1.999", "abc", "", "1e3", -2, Number.NaN, 1.005])("refuses %s", (input) =>
    expect(parseDollars(input)).toBeNull(),
  );
});

describe("the item schema", () => {
  const valid = {
    translations: { en: { name: "Dragon" } },
    categoryId: "cat",
    price: "10",
    stock: "4",
    images: { main: "/media/0e7c1d3a-6f0b-4a55-9a4e-1c2d3e4f5a6b/640.webp" },
  };
  it("fills the defaults: visible, empty slug, empty gallery", () => {
    expect(check(newItemSchema, valid)).toEqual({
      ok: true,
      value: {
        ...valid,
        translations: { en: { name: "Dragon", description: "" } },
        price: 1000,
        stock: 4,
        images: { ...valid.images, gallery: [] },
        isVisible: true,
        slug: "",
      },
    });
  });
  it("refuses pictures from elsewhere", () => {
    expect(check(newItemSchema, { ...valid, images: { main: "https://evil.example/x.png" } })).toEqual({
      ok: false,
      fields: { "images.main": "pictureInvalid" },
    });
    expect(check(newItemSchema, { ...valid, images: { main: "/media/../../etc/passwd" } })).toMatchObject({
      ok: false,
    });
  });
  it("keeps French only where it was typed", () => {
    expect(cleanTranslations({ en: { name: "A", description: "" }, fr: { name: "", description: "Desc" } })).toEqual({
      en: { name: "A", description: "" },
      fr: { description: "Desc" },
    });
  });
});
