import type { Province } from "./provinces.ts";
import { shippingQuote, type ShippingZone } from "./shipping.ts";
import { taxesFor, taxLines, type TaxLine, type TaxRate, type TaxRegistration } from "./tax.ts";

/** What an order costs: goods, shipping and each sales tax (decision 029). Pure, so the browser shows the server's figures. */
export type PricedLine = { unitPriceCents: number; quantity: number; weightGrams: number };
export type Delivery = { method: "pickup" } | { method: "ship"; province: Province };
export type PricingSettings = {
  /** The studio's province: the place of supply of a pickup. */
  province: Province;
  freeShippingThresholdCents: number | null;
  zones: readonly ShippingZone[];
};

export type OrderPrice = {
  /** The goods at their prices, before any discount. */
  subtotalCents: number;
  /** What the studio's promotions take off the goods (spread over the lines) and off the shipping. */
  discountCents: number;
  shippingDiscountCents: number;
  /** The shipping charged, its discount already taken off. */
  shippingCents: number;
  freeShipping: boolean;
  weightGrams: number;
  placeOfSupply: Province;
  taxes: TaxLine[];
  taxCents: number;
  totalCents: number;
};

function assertCount(value: number, what: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${what} must be an integer ≥ ${min}, got ${value}`);
}

export function priceOrder(input: {
  lines: readonly PricedLine[];
  delivery: Delivery;
  settings: PricingSettings;
  rates: readonly TaxRate[];
  registrations: readonly TaxRegistration[];
  at: Date | string;
  /**
   * The studio's discount (domain/discounts.ts): on the goods (at most the subtotal) and on the
   * shipping, given what the shipping costs before it.
   */
  discount?: (shippingCents: number) => { goodsCents: number; shippingCents: number };
}): OrderPrice {
  let subtotalCents = 0;
  let weightGrams = 0;
  for (const line of input.lines) {
    assertCount(line.unitPriceCents, "unitPriceCents", 0);
    assertCount(line.quantity, "quantity", 1);
    assertCount(line.weightGrams, "weightGrams", 0);
    subtotalCents += line.unitPriceCents * line.quantity;
    weightGrams += line.weightGrams * line.quantity;
  }
  const { delivery, settings } = input;
  let shippingCents = 0;
  let freeShipping = false;
  if (delivery.method === "ship") {
    const quote = shippingQuote({
      province: delivery.province,
      weightGrams,
      subtotalCents,
      zones: settings.zones,
      freeShippingThresholdCents: settings.freeShippingThresholdCents,
    });
    shippingCents = quote.shippingCents;
    freeShipping = quote.free;
  }
  const discount = input.discount?.(shippingCents) ?? { goodsCents: 0, shippingCents: 0 };
  const discountCents = Math.min(Math.max(discount.goodsCents, 0), subtotalCents);
  const shippingDiscountCents = Math.min(Math.max(discount.shippingCents, 0), shippingCents);
  shippingCents -= shippingDiscountCents;
  const goodsCents = subtotalCents - discountCents;
  // Place of supply: where the goods are delivered; the studio's own province for a pickup.
  const placeOfSupply = delivery.method === "ship" ? delivery.province : settings.province;
  // Shipping follows the goods: it is taxed as they are. A discount the studio gives lowers the
  // price the taxes are charged on.
  const taxes = taxLines(
    goodsCents + shippingCents,
    taxesFor(placeOfSupply, input.rates, input.registrations, input.at),
  );
  const taxCents = taxes.reduce((sum, line) => sum + line.amountCents, 0);
  return {
    subtotalCents,
    discountCents,
    shippingDiscountCents,
    shippingCents,
    freeShipping,
    weightGrams,
    placeOfSupply,
    taxes,
    taxCents,
    totalCents: goodsCents + shippingCents + taxCents,
  };
}
