import { createHash } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import {
  settingsChanges,
  shippingWeightBands,
  shippingZones,
  studioSettings,
  taxRates,
  taxRegistrations,
  user,
} from "../db/schema.ts";
import type { PricingSettings } from "../../domain/pricing.ts";
import { isProvince, type Province } from "../../domain/provinces.ts";
import type { ShippingZone } from "../../domain/shipping.ts";
import { siteChanged } from "../db/site-changes.ts";
import { snapshot } from "../db/snapshot.ts";
import {
  newTaxRateSchema,
  productionCapacitySchema,
  type ProductionCapacity,
  REGISTRABLE,
  settingsErrors,
  studioSettingsSchema,
  zoneBandsSchema,
} from "../../domain/shop-settings.ts";
import { taxDate, type TaxRate, type TaxRegistration } from "../../domain/tax.ts";

// The studio's shipping and tax settings (decision 029): read for pricing, changed by admins with a log.
// A refused change is `settings.invalid` with the problem of each field (a SettingsFieldError, or an
// IdentityFieldError for the studio's identity), worded by the form's own catalogue.

export type StudioSettings = {
  province: Province;
  legalName: string;
  pickupAddress: string;
  pickupHours: { en: string; fr: string };
  freeShippingThresholdCents: number | null;
  gstHstNumber: string | null;
  qstNumber: string | null;
  /** The production capacity (issue 24): printers, hours each runs per working day, handling days. */
  printers: number;
  hoursPerDay: number;
  marginDays: number;
  updatedAt: Date;
};

export type ShopSettings = {
  studio: StudioSettings;
  zones: VersionedZone[];
  registrations: (TaxRegistration & { code: string })[];
  rates: (TaxRate & { id: number; createdAt: Date })[];
};

type Reader = Pick<Awaited<ReturnType<typeof getDb>>, "select">;

/**
 * What every page that prices or shows the studio's terms reads (the checkout, the cart, an order,
 * the pickup address), kept until the settings change here or on another app server (every writer
 * below announces it after its commit), or for `SNAPSHOT_MS` at most. Writers read the rows.
 */
const shop = snapshot<ShopSettings>("settings");

/** `db`: the caller's transaction when there is one (PGlite runs one query at a time: a query beside the transaction would wait for ever). */
export async function getStudioSettings(db: Reader | null = null): Promise<StudioSettings> {
  return db ? readStudioSettings(db) : (await getShopSettings()).studio;
}

async function readStudioSettings(db: Reader): Promise<StudioSettings> {
  const [row] = await db.select().from(studioSettings).where(eq(studioSettings.id, 1));
  if (!row) throw new Error("studio_settings has no row: the migration seeds it");
  const { printerHoursPerDay, handlingDays, ...rest } = row;
  return {
    ...rest,
    hoursPerDay: printerHoursPerDay,
    marginDays: handlingDays,
    province: isProvince(row.province) ? row.province : "QC",
  };
}

/** A zone with the version of its bands as read: a save from a page that showed another version is stale. */
export type VersionedZone = ShippingZone & { version: string };

/** The bands themselves are the version: any save that changed them since changes it. */
function bandsVersion(bands: ShippingZone["bands"]): string {
  return createHash("sha256").update(JSON.stringify(bands)).digest("hex").slice(0, 16);
}

async function readShippingZones(): Promise<VersionedZone[]> {
  const db = await getDb();
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.id));
  const bands = await db.select().from(shippingWeightBands).orderBy(asc(shippingWeightBands.maxGrams));
  return zones.map((zone) => {
    const own = bands
      .filter((band) => band.zoneId === zone.id)
      .map(({ maxGrams, priceCents }) => ({ maxGrams, priceCents }));
    return { id: zone.id, name: zone.name, provinces: zone.provinces, bands: own, version: bandsVersion(own) };
  });
}

export function getShopSettings(): Promise<ShopSettings> {
  return shop.current() ?? shop.keep(readShopSettings());
}

async function readShopSettings(): Promise<ShopSettings> {
  const db = await getDb();
  const [studio, zones, registrations, rates] = [
    await readStudioSettings(db),
    await readShippingZones(),
    await db.select().from(taxRegistrations).orderBy(asc(taxRegistrations.jurisdiction)),
    await db
      .select()
      .from(taxRates)
      .orderBy(asc(taxRates.code), asc(taxRates.jurisdiction), desc(taxRates.effectiveFrom)),
  ];
  return {
    studio,
    zones,
    registrations: registrations.map(({ jurisdiction, code, registered }) => ({ jurisdiction, code, registered })),
    rates: rates.map(({ id, jurisdiction, code, ratePpm, effectiveFrom, createdAt }) => ({
      id,
      jurisdiction,
      code,
      ratePpm,
      effectiveFrom,
      createdAt,
    })),
  };
}

/** Everything priceOrder needs besides the lines, the delivery and the moment. */
export async function getPricingInputs(): Promise<{
  settings: PricingSettings;
  rates: TaxRate[];
  registrations: TaxRegistration[];
}> {
  const shop = await getShopSettings();
  return {
    settings: {
      province: shop.studio.province,
      freeShippingThresholdCents: shop.studio.freeShippingThresholdCents,
      zones: shop.zones,
    },
    rates: shop.rates,
    registrations: shop.registrations,
  };
}

function parsed<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
): T {
  if (!result.success) throw new DomainError("settings.invalid", { fields: settingsErrors(result.error.issues) });
  return result.data;
}

/**
 * `loadedAt` (the settings' updatedAt as the form showed it) refuses a save from a page older than
 * the latest save, which would silently undo another admin's change.
 */
export async function updateStudioSettings(
  actorUserId: string,
  input: unknown,
  loadedAt?: string,
): Promise<StudioSettings> {
  const value = parsed(studioSettingsSchema.safeParse(input));
  const db = await getDb();
  const before = await readStudioSettings(db);
  if (loadedAt !== undefined && new Date(loadedAt).getTime() !== before.updatedAt.getTime())
    throw new DomainError("settings.stale");
  const after = {
    province: value.province,
    legalName: value.legalName,
    pickupAddress: value.pickupAddress,
    pickupHours: { en: value.pickupHoursEn, fr: value.pickupHoursFr },
    freeShippingThresholdCents: value.freeShippingThreshold,
    gstHstNumber: value.gstHstNumber,
    qstNumber: value.qstNumber,
  };
  const changed = Object.fromEntries(
    (Object.keys(after) as (keyof typeof after)[])
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => [key, { from: before[key], to: after[key] }]),
  );
  if (Object.keys(changed).length === 0) return before;
  await db.transaction(async (tx) => {
    // Under the row's lock: a save that landed since this one read the settings makes it stale.
    const [current] = await tx
      .select({ updatedAt: studioSettings.updatedAt })
      .from(studioSettings)
      .where(eq(studioSettings.id, 1))
      .for("update");
    if (loadedAt !== undefined && current && current.updatedAt.getTime() !== before.updatedAt.getTime())
      throw new DomainError("settings.stale");
    await tx
      .update(studioSettings)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(studioSettings.id, 1));
    await tx.insert(settingsChanges).values({ actorUserId, area: "studio", change: changed });
  });
  siteChanged("settings");
  return getStudioSettings();
}

/** The studio's production capacity (issue 24): every quote's ready-by date reads it, from the settings kept in memory. */
export async function getProductionCapacity(): Promise<ProductionCapacity> {
  const { printers, hoursPerDay, marginDays } = await getStudioSettings();
  return { printers, hoursPerDay, marginDays };
}

/** Saves the production capacity (validated by the shared schema), logged like the studio's settings; `loadedAt` as there. */
export async function updateProductionCapacity(
  actorUserId: string,
  input: unknown,
  loadedAt?: string,
): Promise<ProductionCapacity> {
  const after = parsed(productionCapacitySchema.safeParse(input));
  const before = await readStudioSettings(await getDb());
  if (loadedAt !== undefined && new Date(loadedAt).getTime() !== before.updatedAt.getTime())
    throw new DomainError("settings.stale");
  const changed = Object.fromEntries(
    (Object.keys(after) as (keyof ProductionCapacity)[])
      .filter((key) => before[key] !== after[key])
      .map((key) => [key, { from: before[key], to: after[key] }]),
  );
  if (Object.keys(changed).length === 0) return after;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ updatedAt: studioSettings.updatedAt })
      .from(studioSettings)
      .where(eq(studioSettings.id, 1))
      .for("update");
    if (loadedAt !== undefined && current && current.updatedAt.getTime() !== before.updatedAt.getTime())
      throw new DomainError("settings.stale");
    await tx
      .update(studioSettings)
      .set({
        printers: after.printers,
        printerHoursPerDay: after.hoursPerDay,
        handlingDays: after.marginDays,
        updatedAt: new Date(),
      })
      .where(eq(studioSettings.id, 1));
    await tx.insert(settingsChanges).values({ actorUserId, area: "production", change: changed });
  });
  siteChanged("settings");
  return after;
}

/** `loadedVersion` (the zone's version as the form showed it) refuses a save over another admin's, as for the studio. */
export async function updateZoneBands(
  actorUserId: string,
  zoneId: string,
  input: unknown,
  loadedVersion?: string,
): Promise<VersionedZone> {
  const bands = parsed(zoneBandsSchema.safeParse(input));
  const zones = await readShippingZones();
  const zone = zones.find((z) => z.id === zoneId);
  if (!zone) throw new DomainError("settings.not_found", { detail: `No shipping zone ${zoneId}` });
  if (loadedVersion !== undefined && loadedVersion !== zone.version) throw new DomainError("settings.stale");
  if (JSON.stringify(zone.bands) === JSON.stringify(bands)) return zone;
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Under the zone's lock: bands saved since this one read them make it stale.
    await tx.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.id, zoneId)).for("update");
    const current = await tx
      .select({ maxGrams: shippingWeightBands.maxGrams, priceCents: shippingWeightBands.priceCents })
      .from(shippingWeightBands)
      .where(eq(shippingWeightBands.zoneId, zoneId))
      .orderBy(asc(shippingWeightBands.maxGrams));
    if (loadedVersion !== undefined && bandsVersion(current) !== loadedVersion) throw new DomainError("settings.stale");
    await tx.delete(shippingWeightBands).where(eq(shippingWeightBands.zoneId, zoneId));
    await tx.insert(shippingWeightBands).values(bands.map((band) => ({ zoneId, ...band })));
    await tx
      .insert(settingsChanges)
      .values({ actorUserId, area: `zone:${zoneId}`, change: { bands: { from: zone.bands, to: bands } } });
  });
  siteChanged("settings");
  return { ...zone, bands, version: bandsVersion(bands) };
}

export async function setTaxRegistration(
  actorUserId: string,
  jurisdiction: string,
  registered: boolean,
): Promise<void> {
  const tax = REGISTRABLE.find((r) => r.jurisdiction === jurisdiction);
  if (!tax)
    throw new DomainError("settings.not_found", { detail: `No provincial tax to register for in ${jurisdiction}` });
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(taxRegistrations).where(eq(taxRegistrations.jurisdiction, jurisdiction));
    if (current?.registered === registered) return;
    await tx
      .insert(taxRegistrations)
      .values({ jurisdiction, code: tax.code, registered })
      .onConflictDoUpdate({ target: taxRegistrations.jurisdiction, set: { registered, updatedAt: new Date() } });
    await tx.insert(settingsChanges).values({
      actorUserId,
      area: `registration:${jurisdiction}`,
      change: { registered: { from: current?.registered ?? false, to: registered } },
    });
  });
  siteChanged("settings");
}

/** A rate change is a new row from a date not before today: past orders and quotes keep theirs. */
export async function addTaxRate(actorUserId: string, input: unknown, now = new Date()): Promise<TaxRate> {
  const rate = parsed(newTaxRateSchema(taxDate(now)).safeParse(input));
  const db = await getDb();
  const [existing] = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.jurisdiction, rate.jurisdiction),
        eq(taxRates.code, rate.code),
        eq(taxRates.effectiveFrom, rate.effectiveFrom),
      ),
    );
  if (existing) throw new DomainError("settings.invalid", { fields: { effectiveFrom: "duplicateDate" } });
  await db.transaction(async (tx) => {
    await tx.insert(taxRates).values({ ...rate, createdBy: actorUserId });
    await tx
      .insert(settingsChanges)
      .values({ actorUserId, area: `tax:${rate.code}-${rate.jurisdiction}`, change: { added: rate } });
  });
  siteChanged("settings");
  return rate;
}

export type SettingsChange = {
  id: number;
  area: string;
  change: Record<string, unknown>;
  actor: string | null;
  createdAt: Date;
};

export async function listSettingsChanges(limit = 30): Promise<SettingsChange[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: settingsChanges.id,
      area: settingsChanges.area,
      change: settingsChanges.change,
      actor: user.username,
      createdAt: settingsChanges.createdAt,
    })
    .from(settingsChanges)
    .leftJoin(user, eq(user.id, settingsChanges.actorUserId))
    .orderBy(desc(settingsChanges.createdAt), desc(settingsChanges.id))
    .limit(limit);
  return rows;
}
