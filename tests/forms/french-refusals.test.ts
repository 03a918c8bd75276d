import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getShopSettings } from "../../server/settings/shop-settings.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/**
 * A refused form posted without JavaScript on a French page: each field the service refused is
 * highlighted with its problem in French, under a French message, never in English.
 */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
}, 60_000);
afterAll(() => site.close());

function post(path: string, fields: [string, string][], cookie: string) {
  return site.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The `<input>` (or `<select>`) named `name`, as the page drew it. */
function control(html: string, name: string): string {
  const tag = new RegExp(`<(?:input|select)[^>]*name="${name.replace(/\./g, "\\.")}"[^>]*>`).exec(html);
  expect(tag, `no control named ${name}`).not.toBeNull();
  return tag![0];
}

describe("Admin → Settings in French", () => {
  it("words each refused field of the studio's form in French and highlights it", async () => {
    const { studio } = await getShopSettings();
    const refused = await post(
      "/fr/admin/settings",
      [
        ["intent", "studio"],
        ["loadedAt", studio.updatedAt.toISOString()],
        ["province", "XX"],
        ["legalName", ""],
        ["pickupAddress", "1 rue du Port"],
        ["pickupHoursEn", ""],
        ["pickupHoursFr", ""],
        ["freeShippingThreshold", "beaucoup"],
        ["gstHstNumber", ""],
        ["qstNumber", ""],
      ],
      admin.cookie,
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Veuillez corriger les champs signalés.");
    expect(html).toContain("Choisissez une province ou un territoire");
    expect(html).toContain("Ce champ est obligatoire");
    expect(html).toContain("Entrez un montant en dollars, comme 12,50");
    expect(html).not.toContain("Please correct the highlighted fields.");
    expect(html).not.toContain("Enter an amount in dollars");
    expect(control(html, "legalName")).toContain('aria-invalid="true"');
    expect(control(html, "freeShippingThreshold")).toContain('aria-invalid="true"');
    expect(control(html, "gstHstNumber")).not.toContain("aria-invalid");
    expect((await getShopSettings()).studio.legalName).toBe(studio.legalName);
  });

  it("words the identity form's own problems in French", async () => {
    const refused = await post(
      "/fr/admin/settings",
      [
        ["intent", "identity"],
        ["loadedAt", new Date().toISOString()],
        ["name", "Atelier Lune"],
        ["phone", "pas un numéro"],
        ["email", "bonjour@atelierlune.example"],
        ["city", "Québec, QC"],
      ],
      admin.cookie,
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Entrez un numéro comme +1 514 555 0142 ou (514) 555-0142");
    expect(html).not.toContain("Enter a phone number");
    expect(control(html, "phone")).toContain('aria-invalid="true"');
  });
});

describe("the address book in French", () => {
  it("words each refused field of a new address in French, highlights it and keeps what was typed", async () => {
    const buyer = await signUpUser();
    const refused = await post(
      "/fr/profile",
      [
        ["intent", "address-add"],
        ["fullName", ""],
        ["line1", "1234 rue Saint-Denis"],
        ["city", "Montréal"],
        ["province", "QC"],
        ["postalCode", "M5X 1A9"],
        ["country", "CA"],
      ],
      buyer.cookie,
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Veuillez corriger les champs signalés.");
    expect(html).toContain("Ce champ est obligatoire");
    expect(html).toContain("Ce code postal n’est pas dans la province choisie");
    expect(html).not.toContain("This field is required");
    expect(html).not.toContain("Please correct the highlighted fields.");
    expect(control(html, "fullName")).toContain('aria-invalid="true"');
    expect(control(html, "postalCode")).toContain('aria-invalid="true"');
    expect(control(html, "line1")).not.toContain("aria-invalid");
    expect(control(html, "line1")).toContain('value="1234 rue Saint-Denis"');
  });

  it("says in French that an address no longer exists, with a 404", async () => {
    const buyer = await signUpUser();
    const refused = await post(
      "/fr/profile",
      [
        ["intent", "address-delete"],
        ["id", "not-an-address"],
      ],
      buyer.cookie,
    );
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("Cette adresse n’existe plus.");
  });
});
