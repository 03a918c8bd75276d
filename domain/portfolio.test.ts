import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { frenchMissing, projectFormSchema, shownIn, type ProjectTranslations } from "./portfolio.ts";

const valid = {
  slug: "moon-lamp",
  category: "decoration",
  published: true,
  en: { title: "Moon lamp", description: "A lamp.", materials: ["PLA"], process: [] },
  fr: { title: "Lampe lune", description: "Une lampe.", materials: [], process: [] },
  pictures: [{ src: "/images/portfolio/leaf-lamp.svg", alt: { en: "A lamp", fr: "Une lampe" } }],
};
const problems = (input: unknown) => {
  const result = projectFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};
const long = (n: number) => "x".repeat(n);

describe("projectFormSchema", () => {
  it("accepts a whole project, uploaded or sample pictures", () => {
    expect(problems(valid)).toEqual({});
    const upload = "/media/0d6c2d5e-9b1c-4c43-9f7e-2b5a1c3d4e5f/640.webp";
    expect(problems({ ...valid, pictures: [{ src: upload, alt: { en: "Up" } }] })).toEqual({});
  });

  it("requires the English title and description, and limits every text", () => {
    expect(problems({ ...valid, en: { ...valid.en, title: " " } })).toEqual({ "en.title": "required" });
    expect(problems({ ...valid, en: { ...valid.en, description: undefined } })).toEqual({
      "en.description": "required",
    });
    expect(problems({ ...valid, en: { ...valid.en, title: long(121) } })).toEqual({ "en.title": "tooLong" });
    expect(problems({ ...valid, en: { ...valid.en, title: long(120) } })).toEqual({});
    expect(problems({ ...valid, fr: { ...valid.fr, description: long(5001) } })).toEqual({
      "fr.description": "tooLong",
    });
    expect(problems({ ...valid, en: { ...valid.en, challenge: long(5001) } })).toEqual({ "en.challenge": "tooLong" });
    expect(problems({ ...valid, en: { ...valid.en, solution: long(5000) } })).toEqual({});
    expect(problems({ ...valid, en: { ...valid.en, client: long(201) } })).toEqual({ "en.client": "tooLong" });
    expect(problems({ ...valid, en: { ...valid.en, duration: long(201) } })).toEqual({ "en.duration": "tooLong" });
  });

  it("limits lists to 20 entries of 200 characters, typed one per line", () => {
    expect(
      projectFormSchema.parse({ ...valid, en: { ...valid.en, materials: "PLA\n\n  Steel  \r\nResin" } }).en.materials,
    ).toEqual(["PLA", "Steel", "Resin"]);
    expect(problems({ ...valid, en: { ...valid.en, process: Array(21).fill("step").join("\n") } })).toEqual({
      "en.process": "tooManyEntries",
    });
    expect(problems({ ...valid, en: { ...valid.en, materials: long(201) } })).toEqual({
      "en.materials.0": "entryTooLong",
    });
  });

  it("checks the slug, the category and the pictures", () => {
    expect(problems({ ...valid, slug: "Moon Lamp" })).toEqual({ slug: "slugFormat" });
    expect(problems({ ...valid, slug: "" })).toEqual({ slug: "required" });
    expect(problems({ ...valid, category: "weapons" })).toEqual({ category: "categoryInvalid" });
    expect(problems({ ...valid, pictures: [] })).toEqual({ pictures: "pictureRequired" });
    expect(problems({ ...valid, pictures: [{ src: "https://evil.example/x.png", alt: { en: "x" } }] })).toEqual({
      "pictures.0.src": "pictureInvalid",
    });
    expect(problems({ ...valid, pictures: [{ src: "/images/portfolio/leaf-lamp.svg", alt: { en: "" } }] })).toEqual({
      "pictures.0.alt.en": "required",
    });
    expect(problems({ ...valid, pictures: Array(14).fill(valid.pictures[0]) })).toEqual({
      pictures: "tooManyPictures",
    });
    expect(problems({ ...valid, pictures: Array(13).fill(valid.pictures[0]) })).toEqual({});
  });

  it("reads the form's fields (Conform): a check box, empty French", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      slug: "moon-lamp",
      category: "cosplay",
      published: "on",
      "en.title": "Moon",
      "en.description": "Text",
      "en.materials": "PLA\nSteel",
      "fr.title": "",
      "pictures[0].src": "/images/portfolio/leaf-lamp.svg",
      "pictures[0].alt.en": "Lamp",
    }))
      form.set(name, value);
    const submission = parseWithZod(form, { schema: projectFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.published).toBe(true);
    expect(submission.value.en.materials).toEqual(["PLA", "Steel"]);
    expect(submission.value.fr.title).toBeUndefined();
  });
});

describe("French", () => {
  const translations = (fr: ProjectTranslations["fr"]): ProjectTranslations => ({ en: { ...valid.en }, fr });
  it("a project missing its French title or description is not shown in French", () => {
    expect(frenchMissing(translations({ title: "Titre", description: "Texte" }))).toEqual([]);
    expect(frenchMissing(translations({ title: "Titre" }))).toEqual(["description"]);
    expect(frenchMissing(translations({}))).toEqual(["title", "description"]);
    expect(shownIn(translations({}), "en")).toBe(true);
    expect(shownIn(translations({}), "fr")).toBe(false);
  });
});
