import { describe, expect, it } from "vitest";
import { addressLines, normalisePostalCode, validateAddress, ADDRESS_ERROR_MESSAGES } from "./address.ts";
import { priceOrder, type PricingSettings } from "./pricing.ts";
import { PROVINCES, type Province } from "./provinces.ts";
import { bandPrice, ShippingUnavailable, type ShippingZone } from "./shipping.ts";
import { formatRate, percentToPpm, taxAmount, taxDate, taxLabel, type TaxRate, type TaxRegistration } from "./tax.ts";

// The rates seeded by the migration (drizzle/0003_canada_taxes_shipping.sql).
const RATES: TaxRate[] = [
  { jurisdiction: "CA", code: "GST", ratePpm: 50_000, effectiveFrom: "2008-01-01" },
  { jurisdiction: "ON", code: "HST", ratePpm: 130_000, effectiveFrom: "2010-07-01" },
  { jurisdiction: "NB", code: "HST", ratePpm: 150_000, effectiveFrom: "2016-07-01" },
  { jurisdiction: "NL", code: "HST", ratePpm: 150_000, effectiveFrom: "2016-07-01" },
  { jurisdiction: "PE", code: "HST", ratePpm: 150_000, effectiveFrom: "2016-10-01" },
  { jurisdiction: "NS", code: "HST", ratePpm: 150_000, effectiveFrom: "2010-07-01" },
  { jurisdiction: "NS", code: "HST", ratePpm: 140_000, effectiveFrom: "2025-04-01" },
  { jurisdiction: "QC", code: "QST", ratePpm: 99_750, effectiveFrom: "2013-01-01" },
  { jurisdiction: "BC", code: "PST", ratePpm: 70_000, effectiveFrom: "2013-04-01" },
  { jurisdiction: "SK", code: "PST", ratePpm: 60_000, effectiveFrom: "2017-03-23" },
  { jurisdiction: "MB", code: "PST", ratePpm: 70_000, effectiveFrom: "2019-07-01" },
];
const ALL_REGISTERED: TaxRegistration[] = ["QC", "BC", "SK", "MB"].map((jurisdiction) => ({
  jurisdiction,
  registered: true,
}));
const NONE_REGISTERED: TaxRegistration[] = ALL_REGISTERED.map((r) => ({ ...r, registered: false }));

const bands = (...prices: number[]) =>
  [500, 1000, 2000, 5000, 10_000].map((maxGrams, i) => ({ maxGrams, priceCents: prices[i]! }));
const ZONES: ShippingZone[] = [
  { id: "quebec", name: { en: "Quebec", fr: "Québec" }, provinces: ["QC"], bands: bands(1195, 1495, 1895, 2495, 3495) },
  {
    id: "ontario",
    name: { en: "Ontario", fr: "Ontario" },
    provinces: ["ON"],
    bands: bands(1395, 1695, 2195, 2895, 3995),
  },
  {
    id: "atlantic",
    name: { en: "Atlantic", fr: "Atlantique" },
    provinces: ["NB", "NS", "PE", "NL"],
    bands: bands(1595, 1995, 2595, 3495, 4795),
  },
  {
    id: "west",
    name: { en: "West", fr: "Ouest" },
    provinces: ["MB", "SK", "AB", "BC"],
    bands: bands(1795, 2295, 2995, 3995, 5495),
  },
  {
    id: "territories",
    name: { en: "Territories", fr: "Territoires" },
    provinces: ["YT", "NT", "NU"],
    bands: bands(2995, 3995, 5495, 7495, 9995),
  },
];
const SETTINGS: PricingSettings = { province: "QC", freeShippingThresholdCents: 15_000, zones: ZONES };
const TODAY = "2026-11-23";

function price(
  province: Province | "pickup",
  lines = [{ unitPriceCents: 10_000, quantity: 1, weightGrams: 400 }],
  extra: Partial<Parameters<typeof priceOrder>[0]> = {},
) {
  return priceOrder({
    lines,
    delivery: province === "pickup" ? { method: "pickup" } : { method: "ship", province },
    settings: SETTINGS,
    rates: RATES,
    registrations: ALL_REGISTERED,
    at: TODAY,
    ...extra,
  });
}

const summary = (taxes: { code: string; jurisdiction: string; ratePpm: number; amountCents: number }[]) =>
  taxes.map((t) => `${t.code}-${t.jurisdiction}@${t.ratePpm}=${t.amountCents}`);

describe("taxes by place of supply (every province and territory)", () => {
  // $100.00 of goods, 400 g: shipping is the zone's first band, and it is taxed with the goods.
  const expected: Record<Province, { shipping: number; taxes: string[] }> = {
    QC: { shipping: 1195, taxes: ["GST-CA@50000=560", "QST-QC@99750=1117"] }, // 11195 × 9.975 % = 1116.70 → 1117
    ON: { shipping: 1395, taxes: ["HST-ON@130000=1481"] }, // 11395 × 13 % = 1481.35
    NB: { shipping: 1595, taxes: ["HST-NB@150000=1739"] }, // 11595 × 15 % = 1739.25
    NL: { shipping: 1595, taxes: ["HST-NL@150000=1739"] },
    PE: { shipping: 1595, taxes: ["HST-PE@150000=1739"] },
    NS: { shipping: 1595, taxes: ["HST-NS@140000=1623"] }, // 11595 × 14 % = 1623.30
    BC: { shipping: 1795, taxes: ["GST-CA@50000=590", "PST-BC@70000=826"] }, // 11795 × 5 % = 589.75; × 7 % = 825.65
    SK: { shipping: 1795, taxes: ["GST-CA@50000=590", "PST-SK@60000=708"] }, // × 6 % = 707.70
    MB: { shipping: 1795, taxes: ["GST-CA@50000=590", "PST-MB@70000=826"] },
    AB: { shipping: 1795, taxes: ["GST-CA@50000=590"] },
    YT: { shipping: 2995, taxes: ["GST-CA@50000=650"] }, // 12995 × 5 % = 649.75
    NT: { shipping: 2995, taxes: ["GST-CA@50000=650"] },
    NU: { shipping: 2995, taxes: ["GST-CA@50000=650"] },
  };
  it.each(PROVINCES)("%s", (province) => {
    const result = price(province);
    expect(result.shippingCents).toBe(expected[province].shipping);
    expect(result.placeOfSupply).toBe(province);
    expect(summary(result.taxes)).toEqual(expected[province].taxes);
    for (const line of result.taxes) expect(line.taxableBaseCents).toBe(10_000 + expected[province].shipping);
    expect(result.totalCents).toBe(10_000 + result.shippingCents + result.taxes.reduce((s, t) => s + t.amountCents, 0));
  });
});

describe("pickup", () => {
  it("charges no shipping and taxes at the studio's province", () => {
    const result = price("pickup");
    expect(result.shippingCents).toBe(0);
    expect(result.placeOfSupply).toBe("QC");
    expect(summary(result.taxes)).toEqual(["GST-CA@50000=500", "QST-QC@99750=998"]); // 997.50 → 998
    expect(result.totalCents).toBe(11_498);
  });
  it("follows the studio when it moves to Ontario", () => {
    const result = price("pickup", undefined, { settings: { ...SETTINGS, province: "ON" } });
    expect(summary(result.taxes)).toEqual(["HST-ON@130000=1300"]);
  });
});

describe("registrations", () => {
  it("charges no QST or PST where the studio is not registered, GST still", () => {
    for (const province of ["QC", "BC", "SK", "MB"] as const) {
      const result = price(province, undefined, { registrations: NONE_REGISTERED });
      expect(result.taxes.map((t) => t.code)).toEqual(["GST"]);
    }
  });
  it("a missing registration row counts as not registered", () => {
    expect(price("BC", undefined, { registrations: [] }).taxes.map((t) => t.code)).toEqual(["GST"]);
  });
  it("HST is charged whatever the registrations say", () => {
    expect(price("ON", undefined, { registrations: [] }).taxes.map((t) => t.code)).toEqual(["HST"]);
  });
});

describe("a rate change by date (Nova Scotia's HST, 15 % → 14 % on 2025-04-01)", () => {
  const at = (when: string | Date) =>
    summary(price("NS", [{ unitPriceCents: 10_000, quantity: 1, weightGrams: 400 }], { at: when }).taxes);
  it("uses 15 % the day before and 14 % from the day", () => {
    expect(at("2025-03-31")).toEqual(["HST-NS@150000=1739"]);
    expect(at("2025-04-01")).toEqual(["HST-NS@140000=1623"]);
  });
  it("reads the day in the studio's time zone (Eastern)", () => {
    // 03:30 UTC on April 1st is still March 31st in Halifax's and Montréal's evening.
    expect(at(new Date("2025-04-01T03:30:00Z"))).toEqual(["HST-NS@150000=1739"]);
    expect(at(new Date("2025-04-01T05:00:00Z"))).toEqual(["HST-NS@140000=1623"]);
    expect(taxDate(new Date("2025-04-01T03:30:00Z"))).toBe("2025-03-31");
  });
  it("a rate in the future is not used yet", () => {
    const rates = [
      ...RATES,
      { jurisdiction: "CA", code: "GST" as const, ratePpm: 60_000, effectiveFrom: "2030-01-01" },
    ];
    expect(price("AB", undefined, { rates }).taxes[0]!.ratePpm).toBe(50_000);
    expect(price("AB", undefined, { rates, at: "2030-01-01" }).taxes[0]!.ratePpm).toBe(60_000);
  });
});

describe("rounding: half-up, once per tax on the whole order", () => {
  it("rounds .5 up and .49 down", () => {
    expect(taxAmount(10, 50_000)).toBe(1); // 0.5 → 1
    expect(taxAmount(9, 50_000)).toBe(0); // 0.45 → 0
    expect(taxAmount(30, 50_000)).toBe(2); // 1.5 → 2
    expect(taxAmount(1, 99_750)).toBe(0); // 0.09975
    expect(taxAmount(5, 99_750)).toBe(0); // 0.49875
    expect(taxAmount(6, 99_750)).toBe(1); // 0.5985
    expect(taxAmount(0, 99_750)).toBe(0);
  });
  it("rounds the order's total base, not each line", () => {
    const seven = Array.from({ length: 7 }, () => ({ unitPriceCents: 10, quantity: 1, weightGrams: 0 }));
    // Each line alone: 0.10 $ × 15 % = 1.5 ¢ → 2 ¢, 14 ¢ in all; on the order: 70 ¢ × 15 % = 10.5 ¢ → 11 ¢.
    expect(price("NB", seven, { settings: { ...SETTINGS, freeShippingThresholdCents: 0 } }).taxes[0]!.amountCents).toBe(
      11,
    );
  });
  it("stays exact on large amounts", () => {
    expect(taxAmount(999_999_999, 99_750)).toBe(99_750_000); // 99 749 999.90025 → 99 750 000
  });
});

describe("shipping", () => {
  it("is free from the threshold on the goods, before taxes", () => {
    const under = price("ON", [{ unitPriceCents: 14_999, quantity: 1, weightGrams: 400 }]);
    expect(under.shippingCents).toBe(1395);
    expect(under.freeShipping).toBe(false);
    const at = price("ON", [{ unitPriceCents: 5_000, quantity: 3, weightGrams: 400 }]);
    expect(at.shippingCents).toBe(0);
    expect(at.freeShipping).toBe(true);
    expect(at.taxes[0]!.taxableBaseCents).toBe(15_000);
  });
  it("has no threshold when the studio sets none", () => {
    const result = price("ON", [{ unitPriceCents: 100_000, quantity: 1, weightGrams: 400 }], {
      settings: { ...SETTINGS, freeShippingThresholdCents: null },
    });
    expect(result.shippingCents).toBe(1395);
  });
  it("takes the lightest band that holds the total weight, quantities included", () => {
    const weigh = (weightGrams: number, quantity = 1) =>
      price("QC", [{ unitPriceCents: 1_000, quantity, weightGrams }]).shippingCents;
    expect(weigh(0)).toBe(1195);
    expect(weigh(500)).toBe(1195);
    expect(weigh(501)).toBe(1495);
    expect(weigh(1000)).toBe(1495);
    expect(weigh(1001)).toBe(1895);
    expect(weigh(250, 3)).toBe(1495); // 750 g
    expect(weigh(10_000)).toBe(3495);
  });
  it("sends an order heavier than the heaviest band as several parcels", () => {
    const quebec = ZONES[0]!.bands;
    expect(bandPrice(quebec, 10_001)).toBe(3495 + 1195);
    expect(bandPrice(quebec, 21_500)).toBe(3495 * 2 + 1895);
  });
  it("refuses a province no zone covers", () => {
    const zones = ZONES.filter((zone) => zone.id !== "territories");
    expect(() => price("NU", undefined, { settings: { ...SETTINGS, zones } })).toThrow(ShippingUnavailable);
    expect(price("pickup", undefined, { settings: { ...SETTINGS, zones } }).shippingCents).toBe(0);
  });
  it("refuses lines that are not whole counts", () => {
    expect(() => price("QC", [{ unitPriceCents: 10.5, quantity: 1, weightGrams: 1 }])).toThrow(RangeError);
    expect(() => price("QC", [{ unitPriceCents: 10, quantity: 0, weightGrams: 1 }])).toThrow(RangeError);
    expect(() => price("QC", [{ unitPriceCents: 10, quantity: 1, weightGrams: -1 }])).toThrow(RangeError);
  });
});

describe("names and rates as people read them", () => {
  it("French names in French", () => {
    expect(taxLabel({ code: "GST", jurisdiction: "CA", ratePpm: 50_000 }, "fr")).toBe("TPS (5\u00a0%)");
    expect(taxLabel({ code: "QST", jurisdiction: "QC", ratePpm: 99_750 }, "fr")).toBe("TVQ (9,975\u00a0%)");
    expect(taxLabel({ code: "HST", jurisdiction: "ON", ratePpm: 130_000 }, "fr")).toBe("TVH ON (13\u00a0%)");
    expect(taxLabel({ code: "PST", jurisdiction: "BC", ratePpm: 70_000 }, "fr")).toBe("TVP BC (7\u00a0%)");
    expect(taxLabel({ code: "QST", jurisdiction: "QC", ratePpm: 99_750 }, "en")).toBe("QST (9.975%)");
    expect(formatRate(140_000, "en")).toBe("14%");
  });
  it("reads a percentage typed by the admin", () => {
    expect(percentToPpm("9.975")).toBe(99_750);
    expect(percentToPpm("9,975 %")).toBe(99_750);
    expect(percentToPpm("14")).toBe(140_000);
    expect(percentToPpm("100")).toBe(1_000_000);
    expect(percentToPpm("100.1")).toBeNull();
    expect(percentToPpm("-1")).toBeNull();
    expect(percentToPpm("1.23456")).toBeNull();
    expect(percentToPpm("abc")).toBeNull();
  });
});

describe("the Canadian address", () => {
  const valid = {
    fullName: "Marie Tremblay",
    line1: "1234 rue Saint-Denis",
    city: "Montréal",
    province: "QC",
    postalCode: " h2x-3k8 ",
  };
  it("normalises the postal code to upper case with one space", () => {
    const result = validateAddress(valid);
    expect(result).toEqual({
      ok: true,
      value: { ...valid, postalCode: "H2X 3K8", line2: undefined, phone: undefined, country: "CA" },
    });
    expect(normalisePostalCode("k1a0b1")).toBe("K1A 0B1");
  });
  it("refuses a postal code of the wrong form, or of another province", () => {
    expect(validateAddress({ ...valid, postalCode: "12345" })).toEqual({
      ok: false,
      errors: { postalCode: "invalidPostalCode" },
    });
    expect(validateAddress({ ...valid, postalCode: "D1A 1A1" })).toEqual({
      ok: false,
      errors: { postalCode: "invalidPostalCode" },
    });
    expect(validateAddress({ ...valid, postalCode: "M5V 2T6" })).toEqual({
      ok: false,
      errors: { postalCode: "postalCodeProvince" },
    });
    expect(validateAddress({ ...valid, province: "ON", postalCode: "M5V 2T6" }).ok).toBe(true);
    expect(validateAddress({ ...valid, province: "NU", postalCode: "X0A 0H0" }).ok).toBe(true);
    expect(validateAddress({ ...valid, province: "NT", postalCode: "X1A 2P3" }).ok).toBe(true);
  });
  it("refuses a province that is not one of the 13", () => {
    expect(validateAddress({ ...valid, province: "XX" })).toEqual({
      ok: false,
      errors: { province: "invalidProvince" },
    });
    expect(validateAddress({ ...valid, province: "" })).toMatchObject({ ok: false, errors: { province: "required" } });
  });
  it("refuses a country other than Canada with a clear message in both languages", () => {
    expect(validateAddress({ ...valid, country: "United States" })).toEqual({
      ok: false,
      errors: { country: "notCanada" },
    });
    expect(validateAddress({ ...valid, country: "Canada" }).ok).toBe(true);
    expect(ADDRESS_ERROR_MESSAGES.en.notCanada).toMatch(/within Canada/);
    expect(ADDRESS_ERROR_MESSAGES.fr.notCanada).toMatch(/au Canada/);
  });
  it("says which fields are missing or too long", () => {
    expect(validateAddress({})).toMatchObject({
      ok: false,
      errors: {
        fullName: "required",
        line1: "required",
        city: "required",
        province: "required",
        postalCode: "required",
      },
    });
    expect(validateAddress({ ...valid, fullName: "x".repeat(101) })).toEqual({
      ok: false,
      errors: { fullName: "tooLong" },
    });
    expect(validateAddress({ ...valid, phone: "call me" })).toEqual({ ok: false, errors: { phone: "invalidPhone" } });
    expect(validateAddress({ ...valid, phone: "+1 (514) 555-0142" }).ok).toBe(true);
    expect(validateAddress("nonsense").ok).toBe(false);
  });
  it("prints as a shipping label", () => {
    const result = validateAddress({ ...valid, line2: "App. 3" });
    if (!result.ok) throw new Error("valid");
    expect(addressLines(result.value)).toEqual([
      "Marie Tremblay",
      "1234 rue Saint-Denis",
      "App. 3",
      "Montréal QC  H2X 3K8",
      "CANADA",
    ]);
  });
});
