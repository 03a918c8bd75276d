import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromAddress, ORIGIN, signUpUser, type TestUser } from "./support/api.ts";
import { loadSite } from "./support/site.ts";
import { currentTerms } from "../server/quotes/quotes.ts";

/** The admin's materials screen as a browser without JavaScript uses it: plain form posts. */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

/** Posts a form as the page does, with the terms version the page showed (a stale one is refused). */
async function post(path: string, fields: Record<string, string>, cookie = admin.cookie, origin = ORIGIN) {
  const headers = new Headers({ origin, cookie, "content-type": "application/x-www-form-urlencoded" });
  const { version } = await currentTerms();
  const body = new URLSearchParams({ loadedVersion: String(version), ...fields }).toString();
  return site.app.request(`${ORIGIN}${path}`, { method: "POST", headers, body }, fromAddress("192.0.2.77"));
}

const glow = {
  intent: "add-material",
  nameEn: "Glow PLA",
  nameFr: "PLA phosphorescent",
  filamentType: "pla",
  density: "1,25",
  price: "80.00",
  available: "on",
  "colour-nameEn": "Glow green",
  "colour-nameFr": "Vert lumineux",
  "colour-hex": "#7CFC00",
  "colour-inStock": "on",
  "colour-available": "on",
};

describe("/admin/materials", () => {
  it("adds a material with its first colour from a plain form, then shows it", async () => {
    const response = await post("/admin/materials", glow);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/Saved as terms version \d+\. New quotes use it\./);
    expect(html).toContain("Id: glow-pla");
    expect(html).toContain('value="#7cfc00"');
    const terms = (await (await site.app.request(`${ORIGIN}/api/quotes/terms`)).json()) as {
      terms: { materials: { id: string; densityGPerCm3: number; priceCentsPerKg: number }[] };
    };
    expect(terms.terms.materials.find((m) => m.id === "glow-pla")).toMatchObject({
      densityGPerCm3: 1.25,
      priceCentsPerKg: 8000,
    });
  });

  it("answers bad values with 400 and the reasons in the admin's language", async () => {
    const response = await post("/fr/admin/materials", {
      ...glow,
      density: "lourd",
      "colour-hex": "vert",
      nameEn: "x".repeat(5000),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("La densité doit être entre 0,5 et 3 g/cm³.");
    expect(html).toContain("La couleur doit être un code comme #1f1f1f.");
    expect(html).toContain("Le nom anglais doit avoir de 1 à 60 caractères.");
    const quality = await post("/admin/materials", {
      intent: "add-quality",
      nameEn: "Coarse",
      nameFr: "Grossière",
      layerHeight: "0.5",
      rate: "20",
      available: "on",
    });
    expect(quality.status).toBe(400);
    expect(await quality.text()).toContain("The layer height must be within what the printer supports.");
    const unknown = await post("/admin/materials", {
      intent: "material",
      materialId: "no-such-thing",
      nameEn: "A",
      nameFr: "A",
      filamentType: "pla",
      density: "1.2",
      price: "1",
    });
    expect(unknown.status).toBe(404);
  });

  it("is for admins only, from the site's own pages", async () => {
    const user = await signUpUser("user");
    const asUser = await post("/admin/materials", glow, user.cookie);
    expect([302, 303, 403, 404]).toContain(asUser.status);
    // React Router refuses a foreign Origin before our own check does (400); either way nothing is saved.
    expect([400, 403]).toContain((await post("/admin/materials", glow, admin.cookie, "https://evil.example")).status);
    const terms = (await (await site.app.request(`${ORIGIN}/api/quotes/terms`)).json()) as {
      terms: { materials: { id: string }[] };
    };
    expect(terms.terms.materials.filter((m) => m.id.startsWith("glow-pla"))).toHaveLength(1);
  });
});
