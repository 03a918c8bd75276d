import { afterAll, describe, expect, it } from "vitest";
import { onSiteChanged, type SiteChange } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import { loadSite } from "../../tests/support/site.ts";
import {
  createHomeCard,
  deleteHomeCard,
  getHomeHero,
  listHomeCards,
  moveHomeCard,
  publicHome,
  setHomeCardPublished,
  updateHomeCard,
  updateHomeHero,
} from "./home-content.ts";

// The database is this file's own clone of the migrated template (tests/support/per-file-database.ts).
const changes: SiteChange[] = [];
onSiteChanged((change) => changes.push(change));

const refusedWith = (code: string) => (error: unknown) => error instanceof DomainError && error.code === code;
const heroInput = (hero: Awaited<ReturnType<typeof getHomeHero>>, overrides: Record<string, string> = {}) => ({
  eyebrowEn: hero.eyebrow.en,
  eyebrowFr: hero.eyebrow.fr,
  titleEn: hero.title.en,
  titleFr: hero.title.fr,
  subtitleEn: hero.subtitle.en,
  subtitleFr: hero.subtitle.fr,
  imageAltEn: hero.imageAlt.en,
  imageAltFr: hero.imageAlt.fr,
  ...overrides,
});
const titles = (cards: { title: string }[]) => cards.map((card) => card.title);

describe("the home page's content", () => {
  it("starts with the words the catalogues had: the hero and three published cards per section", async () => {
    const en = await publicHome("en", "Montréal, QC");
    expect(en.hero).toEqual({
      eyebrow: "3D printing studio",
      title: "From idea to object, one layer at a time",
      subtitle:
        "We scan, model, print and finish cosplay armour, film props, décor and custom parts in our Montréal studio.",
      imageAlt: "A 3D printer in the studio printing a leaf-shaped piece, surrounded by finished prints",
    });
    expect(titles(en.services)).toEqual(["3D scanning", "Custom printing", "Material options"]);
    expect(en.services.map((card) => card.icon)).toEqual(["scan", "printer", "spool"]);
    expect(titles(en.industries)).toEqual(["Cosplay", "Film and TV", "Decoration"]);
    const fr = await publicHome("fr", "Ottawa, ON");
    expect(fr.hero.title).toBe("De l’idée à l’objet, une couche à la fois");
    expect(fr.hero.subtitle).toMatch(/^Dans notre atelier d’Ottawa, on numérise/);
    expect(fr.services[2]!.text).toBe(
      "Rigide, souple, résistant à la chaleur ou recyclé\u00a0: on vous aide à choisir.",
    );
    expect(titles(fr.industries)).toEqual(["Cosplay", "Cinéma et télé", "Décoration"]);
  });

  it("adds a card at the end of its section, leaves it off /fr until its French is written, and applies French typography", async () => {
    changes.length = 0;
    const card = await createHomeCard("industries", {
      icon: "spool",
      titleEn: "Schools",
      textEn: "Kits for classrooms.",
      published: true,
    });
    expect(changes).toContain("content");
    expect(card).toMatchObject({ section: "industries", position: 4, version: 1 });
    expect(titles((await publicHome("en", "Montréal")).industries)).toEqual([
      "Cosplay",
      "Film and TV",
      "Decoration",
      "Schools",
    ]);
    expect(titles((await publicHome("fr", "Montréal")).industries)).toEqual([
      "Cosplay",
      "Cinéma et télé",
      "Décoration",
    ]);
    const updated = await updateHomeCard(
      card.id,
      {
        icon: "spool",
        titleEn: "Schools",
        textEn: "Kits.",
        titleFr: "Écoles",
        textFr: "Des trousses pour la classe: essayez!",
        published: true,
      },
      card.version,
    );
    expect(updated.version).toBe(2);
    const fr = (await publicHome("fr", "Montréal")).industries.at(-1)!;
    expect(fr).toMatchObject({ title: "Écoles", text: "Des trousses pour la classe\u00a0: essayez\u202f!" });
    await deleteHomeCard(card.id, updated.version);
    await expect(deleteHomeCard(card.id)).rejects.toSatisfy(refusedWith("home.not_found"));
  });

  it("refuses a save from a page opened before the latest save, for cards and for the hero", async () => {
    const [first] = await listHomeCards();
    const input = {
      icon: first!.icon,
      titleEn: first!.title.en,
      textEn: "Faster scans.",
      titleFr: first!.title.fr,
      textFr: first!.text.fr,
      published: true,
    };
    await updateHomeCard(first!.id, input, first!.version);
    await expect(updateHomeCard(first!.id, { ...input, textEn: "Slower." }, first!.version)).rejects.toSatisfy(
      refusedWith("home.stale"),
    );
    await expect(setHomeCardPublished(first!.id, false, first!.version)).rejects.toSatisfy(refusedWith("home.stale"));
    await expect(deleteHomeCard(first!.id, first!.version)).rejects.toSatisfy(refusedWith("home.stale"));
    expect((await listHomeCards())[0]!.text.en).toBe("Faster scans.");

    const hero = await getHomeHero();
    await updateHomeHero(heroInput(hero, { titleEn: "Layer by layer" }), hero.version);
    await expect(updateHomeHero(heroInput(hero, { titleEn: "Too late" }), hero.version)).rejects.toSatisfy(
      refusedWith("home.stale"),
    );
    expect((await publicHome("en", "Montréal")).hero.title).toBe("Layer by layer");
  });

  it("checks the fields on the server", async () => {
    const hero = await getHomeHero();
    const error = await updateHomeHero(heroInput(hero, { titleFr: " " }), hero.version).catch((e: unknown) => e);
    expect(error).toSatisfy(refusedWith("home.invalid"));
    expect((error as DomainError).fields).toEqual({ titleFr: "required" });
    const card = await createHomeCard("services", { icon: "rocket", titleEn: "", textEn: "x" }).catch(
      (e: unknown) => e,
    );
    expect(card).toSatisfy(refusedWith("home.invalid"));
    expect((card as DomainError).fields).toEqual({ icon: "invalid", titleEn: "required" });
    await expect(createHomeCard("elsewhere", { icon: "lamp", titleEn: "a", textEn: "b" })).rejects.toSatisfy(
      refusedWith("home.invalid"),
    );
  });

  it("moves cards within their section, publishes and unpublishes", async () => {
    const services = (await listHomeCards()).filter((card) => card.section === "services");
    const [a, b, c] = services;
    const order = async () =>
      (await listHomeCards()).filter((card) => card.section === "services").map((card) => card.id);
    await moveHomeCard(c!.id, "up");
    expect(await order()).toEqual([a!.id, c!.id, b!.id]);
    await moveHomeCard(a!.id, "up");
    expect(await order()).toEqual([a!.id, c!.id, b!.id]);
    await moveHomeCard(a!.id, "down");
    expect(await order()).toEqual([c!.id, a!.id, b!.id]);
    // The industries did not move.
    expect(titles((await publicHome("en", "Montréal")).industries)).toEqual(["Cosplay", "Film and TV", "Decoration"]);
    const hidden = await setHomeCardPublished(b!.id, false, b!.version);
    expect((await publicHome("en", "Montréal")).services.map((card) => card.id)).toEqual([c!.id, a!.id]);
    await setHomeCardPublished(b!.id, true, hidden.version);
    expect((await publicHome("fr", "Montréal")).services).toHaveLength(3);
  });

  describe("the pages", () => {
    const site = loadSite();
    afterAll(async () => (await site).close());

    it("show a title's <script> as text, and leave a card without French off /fr", async () => {
      await createHomeCard("services", {
        icon: "lamp",
        titleEn: "Sneaky <script>alert(1)</script>",
        textEn: "<b>bold?</b>",
        published: true,
      });
      const { app } = await site;
      const html = await (await app.request("/")).text();
      expect(html).toContain("Sneaky &lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html).toContain("&lt;b&gt;bold?&lt;/b&gt;");
      expect(html).not.toContain("<script>alert(1)</script>");
      const french = await (await app.request("/fr")).text();
      expect(french).not.toContain("Sneaky");
      expect(french).toContain("Numérisation 3D");
    }, 90_000);
  });
});
