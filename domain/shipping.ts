import type { Province } from "./provinces.ts";

/** Shipping priced by zone × weight band, free above the studio's threshold (decision 029). Pure. */
export type WeightBand = { maxGrams: number; priceCents: number };
export type ShippingZone = {
  id: string;
  name: { en: string; fr: string };
  provinces: readonly string[];
  bands: readonly WeightBand[];
};

export class ShippingUnavailable extends Error {
  readonly province: string;
  constructor(province: string) {
    super(`No shipping zone with weight bands covers ${province}`);
    this.name = "ShippingUnavailable";
    this.province = province;
  }
}

export function zoneFor(province: Province, zones: readonly ShippingZone[]): ShippingZone | undefined {
  return zones.find((zone) => zone.provinces.includes(province) && zone.bands.length > 0);
}

/**
 * The price of one parcel of `weightGrams` in a zone: the lightest band that holds it. An order
 * heavier than the heaviest band goes as several parcels: full parcels of the heaviest band, and
 * the rest priced by its own band.
 */
export function bandPrice(bands: readonly WeightBand[], weightGrams: number): number {
  const sorted = [...bands].sort((a, b) => a.maxGrams - b.maxGrams);
  const heaviest = sorted.at(-1);
  if (!heaviest) throw new Error("A zone without weight bands has no price");
  let remaining = Math.max(0, weightGrams);
  let total = 0;
  while (remaining > heaviest.maxGrams) {
    total += heaviest.priceCents;
    remaining -= heaviest.maxGrams;
  }
  const band = sorted.find((b) => remaining <= b.maxGrams)!;
  return total + band.priceCents;
}

export type ShippingQuote = { zoneId: string; shippingCents: number; free: boolean };

export function shippingQuote(input: {
  province: Province;
  weightGrams: number;
  subtotalCents: number;
  zones: readonly ShippingZone[];
  freeShippingThresholdCents: number | null;
}): ShippingQuote {
  const zone = zoneFor(input.province, input.zones);
  if (!zone) throw new ShippingUnavailable(input.province);
  const threshold = input.freeShippingThresholdCents;
  if (threshold !== null && input.subtotalCents >= threshold) return { zoneId: zone.id, shippingCents: 0, free: true };
  return { zoneId: zone.id, shippingCents: bandPrice(zone.bands, input.weightGrams), free: false };
}
