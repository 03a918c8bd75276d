import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { priceOrder } from "../../domain/pricing.ts";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { addTaxRate, getPricingInputs, getShopSettings, listSettingsChanges } from "./shop-settings.ts";

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await signUpUser("admin");
  customer = await signUpUser("user");
});

const studio = {
  province: "QC",
  legalName: "Forge & Filament Inc.",
  pickupAddress: "1234 rue Saint-Denis\nMontréal QC  H2X 3K8",
  pickupHoursEn: "Tuesday to Saturday, 10 a.m. to 6 p.m.",
  pickupHoursFr: "Du mardi au samedi, de 10 h à 18 h",
  freeShippingThreshold: "150",
  gstHstNumber: "123456789 RT0001",
  qstNumber: "1234567890 TQ0001",
};

/** What a client read and sends back with its change (issue 34, A7): the settings' updatedAt, a zone's version. */
async function loadedAt(): Promise<string> {
  return new Date((await getShopSettings()).studio.updatedAt).toISOString();
}
async function zoneVersion(id: string): Promise<string> {
  return (await getShopSettings()).zones.find((zone) => zone.id === id)!.version;
}

describe("the seeded settings", () => {
  it("has today's rates, the five zones with bands, and the studio in Quebec registered for QST", async () => {
    const shop = await getShopSettings();
    expect(shop.zones.map((zone) => zone.id)).toEqual(["quebec", "ontario", "atlantic", "west", "territories"]);
    const covered = shop.zones.flatMap((zone) => zone.provinces).sort();
    expect(covered).toEqual(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]);
    for (const zone of shop.zones) expect(zone.bands.length).toBeGreaterThan(0);
    expect(shop.studio).toMatchObject({ province: "QC", freeShippingThresholdCents: 15_000 });
    expect(shop.registrations.find((r) => r.jurisdiction === "QC")?.registered).toBe(true);
    expect(shop.registrations.find((r) => r.jurisdiction === "BC")?.registered).toBe(false);
  });

  it("prices a Quebec order as the engine does, from the database", async () => {
    const inputs = await getPricingInputs();
    const price = priceOrder({
      ...inputs,
      lines: [{ unitPriceCents: 8900, quantity: 1, weightGrams: 650 }],
      delivery: { method: "ship", province: "QC" },
      at: "2026-11-23",
    });
    // 89.00 + 14.95 (Quebec, 501–1000 g) = 103.95; GST 5.20 (5.1975); QST 10.37 (10.369…)
    expect(price.shippingCents).toBe(1495);
    expect(price.taxes.map((t) => [t.code, t.amountCents])).toEqual([
      ["GST", 520],
      ["QST", 1037],
    ]);
    expect(price.totalCents).toBe(10_395 + 520 + 1037);
    const ns = (at: string) =>
      priceOrder({
        ...inputs,
        lines: [{ unitPriceCents: 10_000, quantity: 1, weightGrams: 100 }],
        delivery: { method: "ship", province: "NS" },
        at,
      }).taxes[0]!.ratePpm;
    expect(ns("2025-03-31")).toBe(150_000);
    expect(ns("2025-04-01")).toBe(140_000);
  });

  it("gives every sample item a shipping weight", async () => {
    const db = await getDb();
    const { seedSampleCatalogue } = await import("../catalogue/seed.ts");
    await seedSampleCatalogue(db);
    const items = await db
      .select({ slug: tables.inventoryItems.slug, grams: tables.inventoryItems.weightGrams })
      .from(tables.inventoryItems);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.grams, item.slug).toBeGreaterThan(0);
  });
});

describe("/api/admin/settings", () => {
  const ENDPOINTS: [string, string, unknown?][] = [
    ["GET", "/api/admin/settings"],
    ["PUT", "/api/admin/settings/studio", studio],
    ["PUT", "/api/admin/settings/capacity", { printers: 3, hoursPerDay: 12, marginDays: 1 }],
    ["PUT", "/api/admin/settings/zones/quebec", { maxGrams: ["500"], price: ["11.95"] }],
    ["PUT", "/api/admin/settings/registrations/BC", { registered: false }],
    ["POST", "/api/admin/settings/tax-rates", { tax: "GST-CA", percent: "5", effectiveFrom: "2099-01-01" }],
  ];
  it.each(ENDPOINTS)("%s %s: 401 anonymous, 403 customer", async (method, path, body) => {
    expect((await call(path, { method, body })).status).toBe(401);
    expect((await call(path, { method, body, cookie: customer.cookie })).status).toBe(403);
  });

  it("changes the studio's details, and logs who changed what", async () => {
    const response = await call("/api/admin/settings/studio", {
      method: "PUT",
      body: { ...studio, freeShippingThreshold: "200,00 $", province: "ON", loadedAt: await loadedAt() },
      cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { studio: unknown }).studio).toMatchObject({
      province: "ON",
      freeShippingThresholdCents: 20_000,
    });
    const [latest] = await listSettingsChanges(1);
    expect(latest).toMatchObject({ area: "studio", actor: admin.email.split("@")[0] });
    // A new install starts with no legal name, pickup address or registration number (issue 35).
    expect(latest!.change).toEqual({
      province: { from: "QC", to: "ON" },
      legalName: { from: "", to: studio.legalName },
      pickupAddress: { from: "", to: studio.pickupAddress },
      gstHstNumber: { from: null, to: studio.gstHstNumber },
      qstNumber: { from: null, to: studio.qstNumber },
      freeShippingThresholdCents: { from: 15_000, to: 20_000 },
    });
    expect((await getPricingInputs()).settings).toMatchObject({ province: "ON", freeShippingThresholdCents: 20_000 });

    // Blank threshold: no free shipping.
    await call("/api/admin/settings/studio", {
      method: "PUT",
      body: { ...studio, freeShippingThreshold: "", loadedAt: await loadedAt() },
      cookie: admin.cookie,
    });
    expect((await getShopSettings()).studio.freeShippingThresholdCents).toBeNull();
  });

  it("refuses bad studio details with each field's words, in French for a French page", async () => {
    const bad = {
      ...studio,
      province: "ZZ",
      legalName: "",
      freeShippingThreshold: "cheap",
      qstNumber: "x".repeat(31),
      loadedAt: await loadedAt(),
    };
    const response = await call("/api/admin/settings/studio", {
      method: "PUT",
      body: bad,
      cookie: admin.cookie,
      headers: { "accept-language": "fr-CA" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "invalid-argument",
        message: "Veuillez corriger les champs signalés.",
        fields: {
          province: "Choisissez une province ou un territoire",
          legalName: "Ce champ est obligatoire",
          freeShippingThreshold: "Entrez un montant en dollars, comme 12,50",
          qstNumber: "Ce texte est trop long",
        },
        reason: "settings.invalid",
      },
    });
    const english = await call("/api/admin/settings/studio", { method: "PUT", body: "nonsense", cookie: admin.cookie });
    expect(english.status).toBe(400);
    // Not even the version it was read at: said first, in English without Accept-Language.
    expect(((await english.json()) as { error: { fields: Record<string, string> } }).error.fields.loadedAt).toMatch(
      /^Say which version you are changing/,
    );
    const empty = await call("/api/admin/settings/studio", {
      method: "PUT",
      body: { loadedAt: await loadedAt() },
      cookie: admin.cookie,
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { fields: Record<string, string> } }).error.fields.province).toBe(
      "This field is required",
    );
  });

  it("sets the production capacity, refusing no printer with the field's words", async () => {
    const ok = await call("/api/admin/settings/capacity", {
      method: "PUT",
      body: { printers: 3, hoursPerDay: "12", marginDays: 0, loadedAt: await loadedAt() },
      cookie: admin.cookie,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ capacity: { printers: 3, hoursPerDay: 12, marginDays: 0 } });
    expect((await getShopSettings()).studio).toMatchObject({ printers: 3, hoursPerDay: 12, marginDays: 0 });
    const [latest] = await listSettingsChanges(1);
    expect(latest).toMatchObject({
      area: "production",
      change: { printers: { from: 2, to: 3 }, hoursPerDay: { from: 10, to: 12 }, marginDays: { from: 1, to: 0 } },
    });
    const bad = await call("/api/admin/settings/capacity", {
      method: "PUT",
      body: { printers: 0, hoursPerDay: 25, marginDays: "", loadedAt: await loadedAt() },
      cookie: admin.cookie,
      headers: { "accept-language": "fr-CA" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      printers: "Entrez un nombre entier d’imprimantes de 1 à 100",
      hoursPerDay: "Entrez un nombre entier d’heures de 1 à 24",
      marginDays: "Ce champ est obligatoire",
    });
  });

  it("replaces a zone's bands, sorted, and refuses bad rows", async () => {
    const ok = await call("/api/admin/settings/zones/ontario", {
      method: "PUT",
      body: { maxGrams: ["2000", "", "500"], price: ["21.95", "", "13"], loadedVersion: await zoneVersion("ontario") },
      cookie: admin.cookie,
    });
    expect(ok.status).toBe(200);
    expect((await getShopSettings()).zones.find((z) => z.id === "ontario")!.bands).toEqual([
      { maxGrams: 500, priceCents: 1300 },
      { maxGrams: 2000, priceCents: 2195 },
    ]);
    const bad = await call("/api/admin/settings/zones/ontario", {
      method: "PUT",
      body: { maxGrams: ["0", "500", "500"], price: ["1", "x", "2"], loadedVersion: await zoneVersion("ontario") },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      "maxGrams.0": "Enter a weight in grams, a whole number above 0",
      "price.1": "Enter an amount in dollars, like 12.50",
    });
    const empty = await call("/api/admin/settings/zones/ontario", {
      method: "PUT",
      body: { maxGrams: [], price: [], loadedVersion: await zoneVersion("ontario") },
      cookie: admin.cookie,
    });
    expect(((await empty.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      bands: "A zone needs at least one band",
    });
    expect(
      (
        await call("/api/admin/settings/zones/mars", {
          method: "PUT",
          body: { maxGrams: ["1"], price: ["1"], loadedVersion: "any" },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
  });

  it("turns a registration on and off: BC's PST is charged only while registered", async () => {
    const price = async () => {
      const inputs = await getPricingInputs();
      return priceOrder({
        ...inputs,
        lines: [{ unitPriceCents: 10_000, quantity: 1, weightGrams: 100 }],
        delivery: { method: "ship", province: "BC" },
        at: "2026-11-23",
      }).taxes.map((t) => t.code);
    };
    expect(await price()).toEqual(["GST"]);
    expect(
      (
        await call("/api/admin/settings/registrations/BC", {
          method: "PUT",
          body: { registered: true },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(200);
    expect(await price()).toEqual(["GST", "PST"]);
    expect((await listSettingsChanges(1))[0]).toMatchObject({
      area: "registration:BC",
      change: { registered: { from: false, to: true } },
    });
    await call("/api/admin/settings/registrations/BC", {
      method: "PUT",
      body: { registered: false },
      cookie: admin.cookie,
    });
    expect(await price()).toEqual(["GST"]);
    expect(
      (
        await call("/api/admin/settings/registrations/ON", {
          method: "PUT",
          body: { registered: true },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call("/api/admin/settings/registrations/BC", {
          method: "PUT",
          body: { registered: "yes" },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400);
  });

  it("adds a rate from a date without touching the rates before it", async () => {
    const response = await call("/api/admin/settings/tax-rates", {
      method: "POST",
      body: { tax: "HST-ON", percent: "14", effectiveFrom: "2099-07-01" },
      cookie: admin.cookie,
    });
    expect(response.status).toBe(201);
    const inputs = await getPricingInputs();
    const on = (at: string) =>
      priceOrder({
        ...inputs,
        lines: [{ unitPriceCents: 10_000, quantity: 1, weightGrams: 100 }],
        delivery: { method: "pickup" },
        settings: { ...inputs.settings, province: "ON" },
        at,
      }).taxes[0]!.ratePpm;
    expect(on("2099-06-30")).toBe(130_000);
    expect(on("2099-07-01")).toBe(140_000);
    const again = await call("/api/admin/settings/tax-rates", {
      method: "POST",
      body: { tax: "HST-ON", percent: "15", effectiveFrom: "2099-07-01" },
      cookie: admin.cookie,
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      effectiveFrom: "This tax already has a rate from that date",
    });
  });

  it("refuses a rate in the past, a tax in the wrong place and a percentage out of range", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    await expect(
      addTaxRate(admin.id, { tax: "GST-CA", percent: "6", effectiveFrom: "2026-11-22" }, now),
    ).rejects.toMatchObject({ code: "settings.invalid", fields: { effectiveFrom: "dateInPast" } });
    await expect(
      addTaxRate(admin.id, { tax: "GST-QC", percent: "6", effectiveFrom: "2026-12-01" }, now),
    ).rejects.toMatchObject({ code: "settings.invalid", fields: { tax: "invalidTax" } });
    await expect(
      addTaxRate(admin.id, { tax: "QST-QC", percent: "101", effectiveFrom: "2026-12-01" }, now),
    ).rejects.toMatchObject({ code: "settings.invalid", fields: { percent: "invalidPercent" } });
    await expect(
      addTaxRate(admin.id, { tax: "QST-QC", percent: "9.975", effectiveFrom: "2026-02-30" }, now),
    ).rejects.toSatisfy((error) => error instanceof DomainError && error.code === "settings.invalid");
    const added = await addTaxRate(admin.id, { tax: "QST-QC", percent: "9,975", effectiveFrom: "2026-11-23" }, now);
    expect(added).toEqual({ code: "QST", jurisdiction: "QC", ratePpm: 99_750, effectiveFrom: "2026-11-23" });
    const db = await getDb();
    const rows = await db.select().from(tables.taxRates).where(eq(tables.taxRates.jurisdiction, "QC"));
    expect(rows.map((r) => r.effectiveFrom).sort()).toEqual(["2013-01-01", "2026-11-23"]);
  });
});
