import { describe, expect, it } from "vitest";
import { getDb } from "../db/index.ts";
import { onSiteChanged } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import {
  createSection,
  deleteSampleSections,
  deleteSection,
  listSections,
  moveSection,
  pagesWithSampleWords,
  publishedSections,
  seedSamplePages,
  setSectionPublished,
  updateSection,
} from "./page-sections.ts";

const refusedWith = (code: string, fields?: Record<string, string>) => (error: unknown) =>
  error instanceof DomainError &&
  error.code === code &&
  (!fields || JSON.stringify(error.fields) === JSON.stringify(fields));

const offer = (title: string, extra: Record<string, unknown> = {}) => ({
  kind: "offer",
  titleEn: title,
  textEn: `All about ${title}.`,
  published: true,
  ...extra,
});

describe("the sample About and Services", () => {
  it("are offered once, marked as samples, and stay gone once removed", async () => {
    const db = await getDb();
    expect(await seedSamplePages(db)).toBe(8);
    const about = await listSections("about");
    expect(about.map((section) => [section.kind, section.title.en])).toEqual([
      ["story", "Our story"],
      ["story", "What we care about"],
      ["story", "How a project unfolds"],
      ["member", "Camille Tremblay"],
      ["member", "Samir Haddad"],
    ]);
    expect(await pagesWithSampleWords()).toEqual(["about", "services"]);
    const services = await publishedSections("services", "fr");
    expect(services.map((section) => section.title)).toEqual([
      "Numérisation 3D",
      "Impression 3D sur mesure",
      "Choix de matériaux",
    ]);
    // The sample claimed a bed the printers do not have; /services now says the printer's own.
    expect(JSON.stringify(await listSections("services"))).not.toContain("350");

    expect(await deleteSampleSections("about")).toBe(5);
    expect(await listSections("about")).toEqual([]);
    expect(await pagesWithSampleWords()).toEqual(["services"]);
    expect(await seedSamplePages(db)).toBe(0);
    expect(await listSections("about")).toEqual([]);
    await deleteSampleSections("services");
  });
});

describe("a page's sections", () => {
  it("adds an offer with its price, renders its Markdown without raw HTML, and announces the change", async () => {
    const changes: string[] = [];
    onSiteChanged((change) => changes.push(change));
    const created = await createSection(
      "services",
      offer("Repairs", {
        textEn: "We **mend** parts. <script>alert(1)</script>",
        titleFr: "Réparations",
        textFr: "On **répare** tout : vite.",
        price: "19,50",
      }),
    );
    expect(changes).toContain("content");
    expect(created).toMatchObject({ kind: "offer", priceCents: 1950, published: true, sample: false });
    const [en] = await publishedSections("services", "en");
    expect(en!.textHtml).toContain("<strong>mend</strong>");
    expect(en!.textHtml).toContain("&lt;script&gt;");
    // The French page reads the French words, with French typography.
    const [fr] = await publishedSections("services", "fr");
    expect(fr!.textHtml).toMatch(/On <strong>répare<\/strong> tout[\u00a0\u202f]: vite\./);
    await deleteSection("services", created.id);
  });

  it("leaves a section without its French off the French page", async () => {
    const english = await createSection("about", {
      kind: "story",
      titleEn: "Hello",
      textEn: "Only English.",
      published: true,
    });
    expect((await publishedSections("about", "en")).map((s) => s.title)).toContain("Hello");
    expect((await publishedSections("about", "fr")).map((s) => s.title)).not.toContain("Hello");
    await updateSection("about", english.id, {
      kind: "story",
      titleEn: "Hello",
      titleFr: "Bonjour",
      textEn: "Only English.",
      textFr: "En français.",
      published: true,
    });
    expect((await publishedSections("about", "fr")).map((s) => s.title)).toContain("Bonjour");
    await deleteSection("about", english.id);
  });

  it("refuses bad input field by field, a kind of another page, and a price that is not one", async () => {
    await expect(createSection("services", { kind: "offer", titleEn: "", textEn: "" })).rejects.toSatisfy(
      refusedWith("pages.invalid", { titleEn: "required", textEn: "required" }),
    );
    await expect(createSection("services", offer("x".repeat(121)))).rejects.toSatisfy(
      refusedWith("pages.invalid", { titleEn: "tooLong" }),
    );
    await expect(createSection("services", offer("Scan", { price: "-3" }))).rejects.toSatisfy(
      refusedWith("pages.invalid", { price: "invalidPrice" }),
    );
    await expect(
      createSection("services", offer("Scan", { picture: "https://elsewhere.example/x.png" })),
    ).rejects.toSatisfy(refusedWith("pages.invalid", { picture: "invalidPicture" }));
    await expect(createSection("services", { kind: "member", titleEn: "Ana" })).rejects.toSatisfy(
      refusedWith("pages.invalid", { kind: "required" }),
    );
    // A team member may be a name alone.
    const member = await createSection("about", { kind: "member", titleEn: "Ana", subtitleEn: "Printer" });
    expect(member).toMatchObject({ kind: "member", published: false, picture: null });
    await deleteSection("about", member.id);
  });

  it("refuses a save over a newer one, and ids that are not a section of this page", async () => {
    const first = await createSection("services", offer("Painting"));
    const loadedAt = first.updatedAt;
    await updateSection("services", first.id, offer("Painting by hand"), loadedAt);
    await expect(updateSection("services", first.id, offer("Painted"), loadedAt)).rejects.toSatisfy(
      refusedWith("pages.stale"),
    );
    await expect(setSectionPublished("services", first.id, false, loadedAt)).rejects.toSatisfy(
      refusedWith("pages.stale"),
    );
    for (const id of [Number.NaN, 1.5, -1, 0, 2 ** 31, Number.MAX_VALUE]) {
      await expect(updateSection("services", id, offer("Any"))).rejects.toSatisfy(refusedWith("pages.not_found"));
      await expect(deleteSection("services", id)).rejects.toSatisfy(refusedWith("pages.not_found"));
    }
    await expect(deleteSection("about", first.id)).rejects.toSatisfy(refusedWith("pages.not_found"));
    await deleteSection("services", first.id);
  });

  it("moves a section up and down within its page", async () => {
    const a = await createSection("services", offer("A"));
    const b = await createSection("services", offer("B"));
    await moveSection("services", b.id, "up");
    expect((await listSections("services")).map((section) => section.title.en)).toEqual(["B", "A"]);
    await moveSection("services", b.id, "up");
    expect((await listSections("services")).map((section) => section.title.en)).toEqual(["B", "A"]);
    await deleteSection("services", a.id);
    await deleteSection("services", b.id);
  });
});
