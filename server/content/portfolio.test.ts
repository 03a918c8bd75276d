import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { onSiteChanged, type SiteChange } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import { errorText } from "../http/error-text.ts";
import { sitemapXml } from "../seo/sitemap.ts";
import { loadSite } from "../../tests/support/site.ts";
import {
  createProject,
  deleteProject,
  featuredProjects,
  getAdminProject,
  listAdminProjects,
  listPublicProjects,
  moveProject,
  seedSampleProjects,
  setFeatured,
  setPublished,
  updateProject,
} from "./portfolio.ts";
import { sampleProjects } from "./sample-projects.ts";

// The database is this file's own clone of the migrated template (tests/support/per-file-database.ts).

const changes: SiteChange[] = [];
onSiteChanged((change) => changes.push(change));

const picture = { src: "/images/portfolio/leaf-lamp.svg", alt: { en: "A lamp", fr: "Une lampe" } };
function project(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    slug,
    category: "decoration",
    published: true,
    en: { title: `EN ${slug}`, description: "English **words**.", materials: ["PLA"], process: ["Print"] },
    fr: { title: `FR ${slug}`, description: "Des mots\u202f!", materials: [], process: [] },
    pictures: [picture],
    ...overrides,
  };
}
async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

beforeEach(async () => {
  const db = await getDb();
  await db.delete(tables.portfolioProjects);
  await db.delete(tables.sampleContentOffers);
  changes.length = 0;
});

describe("the sample portfolio", () => {
  it("seeds the six projects once, published, in order, the first three featured", async () => {
    const db = await getDb();
    expect(await seedSampleProjects(db)).toBe(6);
    expect(await seedSampleProjects(db)).toBe(0);
    // Offered once: deleting them all does not bring them back at the next start.
    await db.delete(tables.portfolioProjects);
    expect(await seedSampleProjects(db)).toBe(0);
    await db.delete(tables.sampleContentOffers);
    expect(await seedSampleProjects(db)).toBe(6);
    const en = await listPublicProjects("en");
    expect(en.map((p) => p.slug)).toEqual([
      "modern-sculpture",
      "cosplay-pistol",
      "elven-armor",
      "leaf-lamp",
      "pylon-charger",
      "mech-stand",
    ]);
    expect((await featuredProjects("en")).map((p) => p.title)).toEqual([
      "Modern sculpture",
      "Cosplay pistol",
      "Elven armor",
    ]);
    const fr = await listPublicProjects("fr");
    expect(fr.map((p) => p.title)).toEqual(sampleProjects.map((p) => p.translations.fr.title));
    const armour = en.find((p) => p.slug === "elven-armor")!;
    expect(armour.image.alt).toBe("A green and gold elven chest plate decorated with overlapping leaves");
    expect(armour.gallery.map((p) => p.alt)).toEqual([
      "The chest plate fresh off the printer, before painting",
      "Close-up of the gold leaf detailing",
    ]);
    expect(armour.descriptionHtml).toBe(`<p>${sampleProjects[2].translations.en.description}</p>\n`);
  });
});

describe("the portfolio's service", () => {
  it("creates a project last in the order, with its Markdown rendered, and announces the change", async () => {
    await createProject(project("first"));
    const created = await createProject(project("second", { en: { ...project("x").en, challenge: "1. one\n2. two" } }));
    expect(created.position).toBe(1);
    expect(created.version).toBe(1);
    const [, second] = await listPublicProjects("en");
    expect(second.descriptionHtml).toBe("<p>English <strong>words</strong>.</p>\n");
    expect(second.challengeHtml).toContain("<ol>");
    expect(changes).toEqual(["content", "content"]);
  });

  it("validates on the server: a bad field, a taken slug", async () => {
    const bad = await refusal(createProject(project("bad", { en: { title: "x".repeat(121), description: "d" } })));
    expect(bad.code).toBe("portfolio.invalid");
    expect(errorText(bad, "fr").fields).toEqual({ "en.title": "Trop long." });
    await createProject(project("taken"));
    const taken = await refusal(createProject(project("taken")));
    expect(errorText(taken, "en").fields).toEqual({ slug: "Another project already has this address." });
  });

  it("edits over the version it was loaded at, and refuses a stale save", async () => {
    const created = await createProject(project("edited"));
    const saved = await updateProject(created.id, created.version, project("edited", { category: "cosplay" }));
    expect(saved.version).toBe(2);
    expect(saved.category).toBe("cosplay");
    // A second admin still has version 1 on screen.
    const stale = await refusal(
      updateProject(created.id, created.version, project("edited", { category: "functional" })),
    );
    expect(stale.code).toBe("portfolio.stale");
    expect(stale.status).toBe(409);
    expect(errorText(stale, "en").message).toMatch(/Someone else saved this project/);
    expect((await getAdminProject(created.id))!.category).toBe("cosplay");
    expect((await refusal(updateProject("nope", 1, project("ghost")))).code).toBe("portfolio.not_found");
  });

  it("reorders with up and down, publishes and unpublishes, deletes", async () => {
    const a = await createProject(project("a"));
    const b = await createProject(project("b"));
    const c = await createProject(project("c"));
    await moveProject(c.id, "up");
    expect((await listAdminProjects()).map((p) => p.slug)).toEqual(["a", "c", "b"]);
    await moveProject(a.id, "up");
    await moveProject(a.id, "down");
    expect((await listAdminProjects()).map((p) => p.slug)).toEqual(["c", "a", "b"]);
    await setPublished(b.id, false);
    expect((await listPublicProjects("en")).map((p) => p.slug)).toEqual(["c", "a"]);
    await setPublished(b.id, true);
    await deleteProject(a.id);
    expect((await listPublicProjects("en")).map((p) => p.slug)).toEqual(["c", "b"]);
    expect((await refusal(deleteProject(a.id))).code).toBe("portfolio.not_found");
    // Three created, two moves (the first project going up moves nothing), two publications, one deletion.
    expect(changes.length).toBe(3 + 2 + 2 + 1);
  });

  it("features up to three projects", async () => {
    const ids = [];
    for (const slug of ["p1", "p2", "p3", "p4"]) ids.push((await createProject(project(slug))).id);
    for (const id of ids.slice(0, 3)) await setFeatured(id, true);
    const tooMany = await refusal(setFeatured(ids[3], true));
    expect(tooMany.code).toBe("portfolio.too_many_featured");
    expect(errorText(tooMany, "en").message).toBe(
      "Only 3 projects can be featured on the home page: take one off first.",
    );
    await setFeatured(ids[0], false);
    await setFeatured(ids[3], true);
    expect((await featuredProjects("en")).map((p) => p.slug)).toEqual(["p2", "p3", "p4"]);
  });

  it("a project missing its French words is listed in English only, and says so to the admin", async () => {
    await createProject(project("bilingual"));
    const english = await createProject(project("english-only", { fr: { title: "Seulement le titre" } }));
    expect(english.frenchMissing).toEqual(["description"]);
    expect((await listPublicProjects("en")).map((p) => p.slug)).toEqual(["bilingual", "english-only"]);
    expect((await listPublicProjects("fr")).map((p) => p.slug)).toEqual(["bilingual"]);
    await setFeatured(english.id, true);
    expect(await featuredProjects("fr")).toEqual([]);
  });

  it("the sitemap lists the published projects, in the languages they are shown in", async () => {
    await createProject(project("shown"));
    await createProject(project("hidden", { published: false }));
    await createProject(project("english-only", { fr: {} }));
    const locs = [...(await sitemapXml("https://studio.example")).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    const projectLocs = locs.filter((loc) => loc.includes("/inspirations/"));
    expect(projectLocs).toEqual([
      "https://studio.example/inspirations/english-only",
      "https://studio.example/inspirations/shown",
      "https://studio.example/fr/inspirations/shown",
    ]);
  });
});

describe("the public pages", () => {
  const site = loadSite();
  afterAll(async () => (await site).close());

  it("show a description's <script> as text, and answer 404 for an unpublished project or one without French in French", async () => {
    await createProject(
      project("scripted", {
        en: { title: "Scripted", description: "Hello <script>alert(1)</script> **there**", materials: [], process: [] },
      }),
    );
    await createProject(project("draft", { published: false }));
    await createProject(project("english-only", { fr: {} }));
    const { app } = await site;
    const page = await app.request("/inspirations/scripted");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt; <strong>there</strong>");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect((await app.request("/inspirations/draft")).status).toBe(404);
    const englishOnly = await app.request("/inspirations/english-only");
    expect(englishOnly.status).toBe(200);
    // Its hreflang links name no French page.
    const head = await englishOnly.text();
    expect(head).toMatch(/<link rel="alternate" hreflang="en"/i);
    expect(head).not.toMatch(/<link rel="alternate" hreflang="fr"/i);
    expect(html).toMatch(/<link rel="alternate" hreflang="fr" href="[^"]*\/fr\/inspirations\/scripted"/i);
    expect((await app.request("/fr/inspirations/english-only")).status).toBe(404);
    const french = await (await app.request("/fr/inspirations")).text();
    expect(french).toContain("FR scripted");
    expect(french).not.toContain("EN english-only");
  }, 90_000);
});
