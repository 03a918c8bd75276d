import type { Hono } from "hono";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSampleProjects } from "../../server/content/portfolio.ts";
import { getDb, tables } from "../../server/db/index.ts";
import { siteChanged } from "../../server/db/site-changes.ts";
import { emailContext } from "../../server/mail/emails/compose.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { placeOrderCall, seedItems } from "../support/shop.ts";
import { loadSite } from "../support/site.ts";

/** Issue 35: the public words that were fixed in the code are the studio's settings now. */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

const get = (path: string) => site.app.request(`${ORIGIN}${path}`, { headers: { cookie: admin.cookie } });
const post = (path: string, body: URLSearchParams | FormData) =>
  site.app.request(`${ORIGIN}${path}`, { method: "POST", headers: { origin: ORIGIN, cookie: admin.cookie }, body });
const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/**
 * The site runs here as its own instance of the modules, as another app server would: what this
 * test reads directly (the API, the e-mails) is told of the change as NOTIFY tells other servers.
 */
async function changed(response: Response) {
  siteChanged("settings");
  return response;
}

async function saveIdentity(fields: Record<string, string>) {
  const db = await getDb();
  const [identity] = await db.select().from(tables.studioIdentity);
  return changed(
    await post(
      "/admin/settings",
      new URLSearchParams({
        intent: "identity",
        loadedAt: identity!.updatedAt.toISOString(),
        name: "Atelier Lune",
        phone: "+1 418 555 0199",
        email: "bonjour@atelierlune.example",
        city: "Québec, QC",
        ...Object.fromEntries(days.map((day) => [`hours.${day}.closed`, "on"])),
        ...fields,
      }),
    ),
  );
}

describe("the studio's own words", () => {
  it("shows the footer tagline and the line after the hours in each language, and hides them when blank", async () => {
    const saved = await saveIdentity({
      "tagline.en": "Small parts, made with care",
      "tagline.fr": "De petites pièces, faites avec soin",
      "hoursNote.en": "Walk-ins welcome on Saturdays",
      "hoursNote.fr": "Sans rendez-vous le samedi",
      orderPrefix: "LUN",
    });
    expect(await saved.text()).toContain("Saved.");
    const english = await (await get("/contact")).text();
    expect(english).toContain("Small parts, made with care");
    expect(english).toContain("Walk-ins welcome on Saturdays");
    expect(english).not.toContain("Consultations by appointment");
    expect(english).toContain('<meta name="description" content="Write to Atelier Lune about a scan');
    expect(english).not.toContain("Forge &amp; Filament");
    // The drawn link preview names the sample studio: a renamed studio's pages do not use it.
    expect(english).not.toContain("/og-image.png");
    expect(english).toContain('<meta name="twitter:card" content="summary"/>');
    const french = await (await get("/fr/contact")).text();
    expect(french).toContain("De petites pièces, faites avec soin");
    expect(french).toContain("Sans rendez-vous le samedi");
    expect(await (await get("/")).text()).toContain("<title>Atelier Lune · Small parts, made with care</title>");

    await saveIdentity({
      "tagline.en": "",
      "tagline.fr": "",
      "hoursNote.en": "",
      "hoursNote.fr": "",
      orderPrefix: "LUN",
    });
    const blank = await (await get("/contact")).text();
    expect(blank).not.toContain("Small parts, made with care");
    expect(blank).not.toContain("Walk-ins welcome");
    expect(await (await get("/")).text()).toContain("<title>Atelier Lune</title>");
  });

  it("numbers new orders with the studio's prefix, and refuses a prefix that is not 1 to 4 letters or digits", async () => {
    const refused = await saveIdentity({ orderPrefix: "LU-N" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Use 1 to 4 letters or digits, like FF");
    await saveIdentity({ orderPrefix: "al2" });
    await seedItems([{ id: "words-item", stock: 3, priceCents: 1500 }]);
    const buyer = await signUpUser();
    const placed = await placeOrderCall(buyer, [{ itemId: "words-item", quantity: 1 }]);
    expect(placed.status).toBe(201);
    expect(placed.body.order.id).toMatch(/^AL2-[0-9A-Z]{10}$/);
  });

  it("counts the projects on /inspirations", async () => {
    const db = await getDb();
    expect(await (await get("/inspirations")).text()).toContain("The studio&#x27;s projects will be shown here soon.");
    await seedSampleProjects(db);
    const shown = (await db.select().from(tables.portfolioProjects)).filter((p) => p.published).length;
    expect(await (await get("/inspirations")).text()).toContain(`${shown} projects from the studio.`);
    expect(await (await get("/fr/inspirations")).text()).toContain(`${shown}\u00a0projets de l’atelier.`);
  });
});

/** A phone's photo: 12 megapixels, a few megabytes, far over the 64 KB of a text form (issue 51). */
async function phonePhoto(): Promise<File> {
  const photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: "gaussian", mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 75 })
    .toBuffer();
  expect(photo.byteLength).toBeGreaterThan(2 * 1024 * 1024);
  return new File([new Uint8Array(photo)], "IMG_0412.jpg", { type: "image/jpeg" });
}

describe("real-size pictures in the admin's page forms (issue 51)", () => {
  it("takes a phone's photo as the logo and as an About section's picture", async () => {
    const logo = new FormData();
    logo.set("intent", "logo");
    logo.set("logo", await phonePhoto());
    const saved = await changed(await post("/admin/settings", logo));
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Logo saved.");
    const [identity] = await (await getDb()).select().from(tables.studioIdentity);
    const served = await get(identity!.logo!);
    expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).width).toBe(640);

    const section = new FormData();
    for (const [name, value] of Object.entries({
      intent: "preview",
      kind: "member",
      titleEn: "Léa Gagnon",
      titleFr: "Léa Gagnon",
      subtitleEn: "Founder",
      subtitleFr: "Fondatrice",
      textEn: "Prints since 2015.",
      textFr: "Imprime depuis 2015.",
    }))
      section.set(name, value);
    section.set("pictureFile", await phonePhoto());
    const previewed = await post("/fr/admin/about", section);
    expect(previewed.status).toBe(200);
    expect(await previewed.text()).toMatch(/\/media\/[0-9a-f-]{36}\/640\.webp/);
  }, 60_000);

  it("still refuses a text form over 64 KB on an admin page", async () => {
    const response = await post(
      "/admin/settings",
      new URLSearchParams({ intent: "identity", name: "x".repeat(70 * 1024) }),
    );
    expect(response.status).toBe(413);
  });
});

describe("the studio's logo", () => {
  it("is uploaded in Admin → Settings, shows in the header and e-mails, and can be removed", async () => {
    const picture = await sharp({
      create: { width: 400, height: 200, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "logo");
    form.set("logo", new File([new Uint8Array(picture)], "logo.png", { type: "image/png" }));
    const saved = await changed(await post("/admin/settings", form));
    expect(await saved.text()).toContain("Logo saved.");

    const db = await getDb();
    const [identity] = await db.select().from(tables.studioIdentity).where(eq(tables.studioIdentity.id, 1));
    expect(identity!.logo).toMatch(/^\/media\/[0-9a-f-]{36}\/640\.webp$/);
    expect(await (await get("/store")).text()).toContain(`<img src="${identity!.logo}" alt=""`);

    const store = await (await get("/store")).text();
    expect(store).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/media\/[0-9a-f-]{36}\/320\.png"\/>/);
    const { logoUrl } = await emailContext("en");
    expect(logoUrl).toMatch(/^https?:\/\/[^/]+\/media\/[0-9a-f-]{36}\/320\.png$/);
    const png = await get(new URL(logoUrl!).pathname);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect((await sharp(new Uint8Array(await png.arrayBuffer())).metadata()).format).toBe("png");

    const notPicture = new FormData();
    notPicture.set("intent", "logo");
    notPicture.set("logo", new File(["not a picture at all"], "logo.png", { type: "image/png" }));
    const refused = await post("/admin/settings", notPicture);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose a PNG, WebP or JPEG picture");

    const remove = new FormData();
    remove.set("intent", "logoRemove");
    expect(await (await changed(await post("/admin/settings", remove))).text()).toContain("Logo removed.");
    expect((await emailContext("en")).logoUrl).toBeNull();
    expect(await (await get("/store")).text()).not.toContain(identity!.logo!);
  });
});
