import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { call } from "../../tests/support/api.ts";
import { seedItems } from "../../tests/support/shop.ts";

beforeAll(async () => {
  await seedItems([{ id: "bust", stock: 5, priceCents: 8900 }]);
  const db = await getDb();
  await db.update(tables.inventoryItems).set({ weightGrams: 650 }).where(eq(tables.inventoryItems.id, "bust"));
});

const address = {
  fullName: "Marie Tremblay",
  line1: "1234 rue Saint-Denis",
  city: "Montréal",
  province: "QC",
  postalCode: "h2x 3k8",
};
const price = (body: unknown, locale = "en-CA") =>
  call("/api/checkout/price", { body, headers: { "accept-language": locale } });
const fields = async (response: Response) =>
  ((await response.json()) as { error: { message: string; fields?: Record<string, string> } }).error;

describe("POST /api/checkout/price", () => {
  it("refuses to ship an item without a weight, in the buyer's language, and still prices its pickup", async () => {
    await seedItems([{ id: "unweighed", stock: 5, priceCents: 1000 }]);
    const db = await getDb();
    await db.update(tables.inventoryItems).set({ weightGrams: 0 }).where(eq(tables.inventoryItems.id, "unweighed"));
    const lines = [{ itemId: "unweighed", quantity: 1, unitPriceCents: 1000 }];
    const refused = await price({ lines, method: "ship", address });
    expect(refused.status).toBe(409);
    expect((await fields(refused)).message).toBe(
      "We cannot work out the shipping of one of these items yet. Choose pickup, or contact us and we will ship it.",
    );
    const french = await price({ lines, method: "ship", address }, "fr-CA");
    expect((await fields(french)).message).toContain("Nous ne pouvons pas encore calculer la livraison");
    expect((await price({ lines, method: "pickup" })).status).toBe(200);
  });

  it("an item's weight changes its shipping price", async () => {
    await seedItems([{ id: "heavy", stock: 5, priceCents: 1000 }]);
    const lines = [{ itemId: "heavy", quantity: 1, unitPriceCents: 1000 }];
    const shipping = async () =>
      ((await (await price({ lines, method: "ship", address })).json()) as { shippingCents: number }).shippingCents;
    const light = await shipping();
    const db = await getDb();
    await db.update(tables.inventoryItems).set({ weightGrams: 5000 }).where(eq(tables.inventoryItems.id, "heavy"));
    expect(await shipping()).toBeGreaterThan(light);
  });

  it("prices delivery to Quebec with GST and QST on goods and shipping, from the server's prices and weights", async () => {
    const response = await price({
      lines: [{ itemId: "bust", quantity: 1, unitPriceCents: 1 }],
      method: "ship",
      address,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      subtotalCents: 8900,
      shippingCents: 1495,
      weightGrams: 650,
      placeOfSupply: "QC",
      taxCents: 520 + 1037,
      totalCents: 8900 + 1495 + 520 + 1037,
    });
    expect((body.taxes as { label: string }[]).map((t) => t.label)).toEqual(["GST (5%)", "QST (9.975%)"]);
    expect((body.address as { postalCode: string }).postalCode).toBe("H2X 3K8");
  });

  it("prices a pickup at the studio's province, without shipping, in French", async () => {
    const response = await price({ lines: [{ itemId: "bust", quantity: 2 }], method: "pickup" }, "fr-CA");
    const body = (await response.json()) as { shippingCents: number; taxes: { label: string; amountCents: number }[] };
    expect(body.shippingCents).toBe(0);
    expect(body.taxes.map((t) => [t.label, t.amountCents])).toEqual([
      ["TPS (5\u00a0%)", 890],
      ["TVQ (9,975\u00a0%)", 1776],
    ]);
  });

  it("says what is wrong with the postal code, in each language", async () => {
    const en = await price({
      lines: [{ itemId: "bust", quantity: 1 }],
      method: "ship",
      address: { ...address, postalCode: "12345" },
    });
    expect(en.status).toBe(400);
    expect(await fields(en)).toEqual({
      code: "invalid-argument",
      message: "Please check the delivery address.",
      fields: { postalCode: "Enter a Canadian postal code, like A1A 1A1" },
      reason: "checkout.invalid_address",
    });
    const fr = await price(
      { lines: [{ itemId: "bust", quantity: 1 }], method: "ship", address: { ...address, postalCode: "M5V 2T6" } },
      "fr-CA",
    );
    expect(await fields(fr)).toEqual({
      code: "invalid-argument",
      message: "Veuillez vérifier l’adresse de livraison.",
      fields: { postalCode: "Ce code postal n’est pas dans la province choisie" },
      reason: "checkout.invalid_address",
    });
  });

  it("refuses a province that is not one, a foreign address and missing fields, with clear words", async () => {
    const province = await price({
      lines: [{ itemId: "bust", quantity: 1 }],
      method: "ship",
      address: { ...address, province: "NY" },
    });
    expect((await fields(province)).fields).toEqual({ province: "Choose a province or territory" });
    const foreign = await price(
      { lines: [{ itemId: "bust", quantity: 1 }], method: "ship", address: { ...address, country: "USA" } },
      "fr-CA",
    );
    expect((await fields(foreign)).fields).toEqual({
      country: "Nous livrons au Canada seulement. Pour une livraison ailleurs, écrivez-nous.",
    });
    const missing = await price({
      lines: [{ itemId: "bust", quantity: 1 }],
      method: "ship",
      address: { province: "QC" },
    });
    expect((await fields(missing)).fields).toEqual({
      fullName: "This field is required",
      line1: "This field is required",
      city: "This field is required",
      postalCode: "This field is required",
    });
    const none = await price({ lines: [{ itemId: "bust", quantity: 1 }], method: "ship" });
    expect(none.status).toBe(400);
  });

  it("refuses a missing delivery choice, an empty cart and unknown items; never a 500", async () => {
    expect((await fields(await price({ lines: [{ itemId: "bust", quantity: 1 }] }))).message).toBe(
      "Choose delivery or pickup.",
    );
    expect((await fields(await price({ lines: [], method: "pickup" }))).message).toBe("Your cart is empty");
    expect((await price({ lines: [{ itemId: "nope", quantity: 1 }], method: "pickup" })).status).toBe(400);
    expect((await price({ lines: [{ itemId: "bust", quantity: -1 }], method: "pickup" })).status).toBe(400);
    expect((await price("nonsense")).status).toBe(400);
    expect(
      (
        await price({
          lines: [{ itemId: "bust", quantity: 1 }],
          method: "ship",
          address: { ...address, fullName: "x".repeat(40_000) },
        })
      ).status,
    ).toBe(400);
  });
});
