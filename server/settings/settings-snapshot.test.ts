import { describe, expect, it } from "vitest";
import { signUpUser } from "../../tests/support/api.ts";
import {
  addTaxRate,
  getPricingInputs,
  getStudioSettings,
  setTaxRegistration,
  updateStudioSettings,
  updateZoneBands,
} from "./shop-settings.ts";

/**
 * The settings every checkout and order page reads are kept in memory (docs/caching.md): each
 * change an admin saves is what the next read answers, with no wait.
 */
describe("the settings kept in memory", () => {
  it("answer every saved change at once: the studio, a zone's bands, a registration, a tax rate", async () => {
    const admin = await signUpUser("admin");
    const before = await getPricingInputs();
    await getStudioSettings();

    await updateStudioSettings(admin.id, {
      province: "QC",
      legalName: "Forge & Filament Inc.",
      pickupAddress: "99 rue Rachel\nMontréal QC  H2J 2H9",
      pickupHoursEn: "Mondays, noon to 5 p.m.",
      pickupHoursFr: "Le lundi, de midi à 17 h",
      freeShippingThreshold: "75",
      gstHstNumber: "",
      qstNumber: "",
    });
    expect((await getStudioSettings()).pickupAddress).toBe("99 rue Rachel\nMontréal QC  H2J 2H9");
    expect((await getPricingInputs()).settings.freeShippingThresholdCents).toBe(7500);

    await updateZoneBands(admin.id, "ontario", { maxGrams: ["700"], price: ["8.15"] });
    const ontario = (await getPricingInputs()).settings.zones.find((zone) => zone.id === "ontario")!;
    expect(ontario.bands).toEqual([{ maxGrams: 700, priceCents: 815 }]);

    const registered = before.registrations.find((r) => r.jurisdiction === "BC")?.registered ?? false;
    await setTaxRegistration(admin.id, "BC", !registered);
    expect((await getPricingInputs()).registrations.find((r) => r.jurisdiction === "BC")?.registered).toBe(!registered);

    const today = new Date().toISOString().slice(0, 10);
    await addTaxRate(admin.id, { tax: "QST-QC", percent: "9.5", effectiveFrom: today });
    expect((await getPricingInputs()).rates).toContainEqual(
      expect.objectContaining({ code: "QST", jurisdiction: "QC", ratePpm: 95_000, effectiveFrom: today }),
    );
  });
});
