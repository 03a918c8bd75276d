import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSampleCatalogue } from "../../server/catalogue/seed.ts";
import { seedSampleProjects } from "../../server/content/portfolio.ts";
import { getDb, tables } from "../../server/db/index.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** The owner's first steps on /admin (issue 35), as an admin's browser walks them: plain GETs and form posts. */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  // "Back up now" writes to the site's DATA_DIR: a folder of this file's own.
  process.env.DATA_DIR = await mkdtemp(join(tmpdir(), "studio-first-steps-"));
  site = await loadSite();
  admin = await signUpUser("admin");
  const db = await getDb();
  await seedSampleCatalogue(db);
  await seedSampleProjects(db);
}, 60_000);
afterAll(() => site.close());

const get = (path: string) => site.app.request(`${ORIGIN}${path}`, { headers: { cookie: admin.cookie } });
const post = (path: string, fields: Record<string, string>) =>
  site.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

describe("the first steps on /admin", () => {
  it("lists what to do, in both languages, each linked to its screen", async () => {
    const html = await (await get("/admin")).text();
    expect(html).toContain("Before you sell");
    expect(html).toContain("0 of 9 done");
    expect(html).toContain("Legal name and tax registration numbers");
    expect(html).toContain('href="/admin/settings#studio-heading"');
    expect(html).toContain('href="/admin/settings#identity-heading"');
    const french = await (await get("/fr/admin")).text();
    expect(french).toContain("Avant de vendre");
    expect(french).toContain('href="/fr/admin/settings#studio-heading"');
    expect(french).toContain("Retirer le catalogue d’exemple");
  });

  it("asks before removing the samples, then removes each set in one action", async () => {
    const db = await getDb();
    const asked = await post("/admin?index", { intent: "removeSampleCatalogue", id: "sampleCatalogue" });
    expect(await asked.text()).toContain("Remove every sample item");
    expect((await db.select().from(tables.inventoryItems)).length).toBeGreaterThan(0);

    const removed = await post("/admin?index", {
      intent: "removeSampleCatalogue",
      id: "sampleCatalogue",
      confirmed: "yes",
    });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toMatch(/\d+ sample items removed\./);
    expect(await db.select().from(tables.inventoryItems)).toEqual([]);
    expect(await db.select().from(tables.categories)).toEqual([]);

    const projects = await post("/fr/admin?index", {
      intent: "removeSampleProjects",
      id: "sampleProjects",
      confirmed: "yes",
    });
    expect(await projects.text()).toMatch(/\d+ projets d’exemple retirés\./);
    expect(await db.select().from(tables.portfolioProjects)).toEqual([]);
  });

  it("refuses to mark done a step the data settles, in the page's language", async () => {
    const refused = await post("/fr/admin?index", { intent: "acknowledge", id: "legal" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Cette étape ne peut pas être cochée ici.");
  });

  it("is gone once every step is done", async () => {
    const db = await getDb();
    const [identity] = await db.select().from(tables.studioIdentity);
    const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    const savedIdentity = await post("/admin/settings", {
      intent: "identity",
      loadedAt: identity.updatedAt.toISOString(),
      name: "Atelier Lune",
      phone: "+1 418 555 0199",
      email: "bonjour@atelierlune.example",
      street: "12 rue du Pont",
      city: "Québec, QC",
      ...Object.fromEntries(days.map((day) => [`hours.${day}.closed`, "on"])),
    });
    expect(await savedIdentity.text()).toContain("Saved.");
    const [studio] = await db.select().from(tables.studioSettings);
    const savedStudio = await post("/admin/settings", {
      intent: "studio",
      loadedAt: studio.updatedAt.toISOString(),
      province: "QC",
      legalName: "Atelier Lune inc.",
      pickupAddress: "12 rue du Pont\nQuébec QC  G1K 1A1",
      pickupHoursEn: "Weekdays, 9 to 5",
      pickupHoursFr: "En semaine, de 9 h à 17 h",
      freeShippingThreshold: "",
      gstHstNumber: "111111111 RT0001",
      qstNumber: "",
    });
    expect(await savedStudio.text()).toContain("Saved.");
    expect(await (await get("/admin")).text()).toContain("5 of 9 done");
    // About and Services are done once each page shows the studio's own words.
    const about = await post("/admin/about", {
      intent: "save",
      kind: "story",
      titleEn: "Us",
      textEn: "Our words.",
      published: "on",
    });
    expect(about.status).toBe(200);
    expect(await (await get("/admin")).text()).toContain("5 of 9 done");
    await post("/admin/services", {
      intent: "save",
      kind: "offer",
      titleEn: "Prints",
      textEn: "We print.",
      published: "on",
    });
    expect(await (await get("/admin")).text()).toContain("6 of 9 done");
    for (const step of ["mail", "payments"]) {
      const done = await post("/admin?index", { intent: "acknowledge", id: step });
      expect(done.status).toBe(200);
    }
    expect(await (await get("/admin")).text()).toContain("8 of 9 done");
    // A backup that works: until one succeeds, the step stays.
    expect((await post("/admin/backups", { intent: "backup" })).status).toBe(200);
    const html = await (await get("/admin")).text();
    expect(html).not.toContain("Before you sell");
  });
});

describe("signing in", () => {
  it("takes an admin to /admin and a buyer to the home page", async () => {
    const signIn = async (email: string, path: string) =>
      site.app.request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: "correct-horse" }).toString(),
      });
    expect((await signIn(admin.email, "/fr/login")).headers.get("location")).toBe("/fr/admin");
    const buyer = await signUpUser();
    expect((await signIn(buyer.email, "/login")).headers.get("location")).toBe("/");
  });
});
