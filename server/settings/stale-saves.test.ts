import { describe, expect, it } from "vitest";
import { signUpUser } from "../../tests/support/api.ts";
import { addColour, updateMaterial } from "../quotes/materials.ts";
import { currentTerms } from "../quotes/quotes.ts";
import { getShopSettings, updateZoneBands } from "./shop-settings.ts";

/** Issue 34, A7: shipping bands and materials refuse a save from a page older than the last save. */

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe("stale saves of shipping bands and materials (A7)", () => {
  it("refuses a zone's bands saved from a page that showed older bands", async () => {
    const [a, b] = [await signUpUser("admin"), await signUpUser("admin")];
    const shown = (await getShopSettings()).zones.find((zone) => zone.id === "ontario")!;
    await updateZoneBands(a.id, "ontario", { maxGrams: ["500"], price: ["9.95"] }, shown.version);
    expect(await code(updateZoneBands(b.id, "ontario", { maxGrams: ["500"], price: ["12.95"] }, shown.version))).toBe(
      "settings.stale",
    );
    expect((await getShopSettings()).zones.find((zone) => zone.id === "ontario")!.bands).toEqual([
      { maxGrams: 500, priceCents: 995 },
    ]);
  });

  it("refuses a material's change saved from a page that showed older terms", async () => {
    const [a, b] = [await signUpUser("admin"), await signUpUser("admin")];
    const { version, terms } = await currentTerms();
    const pla = terms.materials[0]!;
    const { name, filamentType, densityGPerCm3, priceCentsPerKg, available } = pla;
    const fields = { name, filamentType, densityGPerCm3, priceCentsPerKg, available };
    await updateMaterial(pla.id, { ...fields, priceCentsPerKg: pla.priceCentsPerKg + 1000 }, a.id, version);
    expect(await code(updateMaterial(pla.id, { ...fields, name: { en: "PLA+", fr: "PLA+" } }, b.id, version))).toBe(
      "settings.stale",
    );
    const colour = { name: { en: "Teal", fr: "Sarcelle" }, hex: "#008080", inStock: true, available: true };
    expect(await code(addColour(pla.id, colour, b.id, version))).toBe("settings.stale");
    const now = (await currentTerms()).terms.materials[0]!;
    expect(now).toMatchObject({ name: pla.name, priceCentsPerKg: pla.priceCentsPerKg + 1000 });
  });
});
