import { inArray } from "drizzle-orm";
import { addressErrorMessages, validateAddress, type Address } from "../../app/lib/address.ts";
import type { Locale } from "../../app/lib/locale.ts";
import { priceOrder, type Delivery, type OrderPrice } from "../../app/lib/pricing.ts";
import { ShippingUnavailable } from "../../app/lib/shipping.ts";
import { taxLabel } from "../../app/lib/tax.ts";
import { getDb } from "../db/index.ts";
import { inventoryItems } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { getPricingInputs } from "../settings/shop-settings.ts";
import type { WantedLine } from "./stock.ts";

/**
 * Prices a checkout from the server's own data (decision 029): item prices and weights from the
 * catalogue, the delivery choice and address as the buyer gave them, validated here. Checkout
 * calls it to show the quote and again when placing the order (then `recordOrderPricing`).
 */
export type CheckoutPrice = OrderPrice & { delivery: Delivery; address: Address | null; taxLabels: string[] };

const ADDRESS_INVALID = { en: "Please check the delivery address.", fr: "Veuillez vérifier l’adresse de livraison." } as const;
const NO_ZONE = { en: "We cannot ship to this province yet. Choose pickup or contact us.", fr: "Nous ne livrons pas encore dans cette province. Choisissez le retrait ou écrivez-nous." } as const;
const BAD_METHOD = { en: "Choose delivery or pickup.", fr: "Choisissez la livraison ou le retrait." } as const;

/** A line priced elsewhere (a custom print at its quote's price), with its shipping weight. */
export type PricedLine = { unitPriceCents: number; quantity: number; weightGrams: number };

export async function priceCheckout(input: {
  lines: WantedLine[];
  customLines?: PricedLine[];
  method: unknown;
  address?: unknown;
  locale: Locale;
  at?: Date;
}): Promise<CheckoutPrice> {
  const { locale } = input;
  if (input.method !== "ship" && input.method !== "pickup") throw new ApiError(400, BAD_METHOD[locale], { method: BAD_METHOD[locale] });
  let address: Address | null = null;
  let delivery: Delivery = { method: "pickup" };
  if (input.method === "ship") {
    const checked = validateAddress(input.address ?? {});
    if (!checked.ok) throw new ApiError(400, ADDRESS_INVALID[locale], addressErrorMessages(checked.errors, locale) as Record<string, string>);
    address = checked.value;
    delivery = { method: "ship", province: address.province };
  }
  const db = await getDb();
  const ids = input.lines.map((line) => line.itemId);
  const items = ids.length === 0 ? [] : await db.select({ id: inventoryItems.id, priceCents: inventoryItems.priceCents, weightGrams: inventoryItems.weightGrams, isVisible: inventoryItems.isVisible }).from(inventoryItems).where(inArray(inventoryItems.id, ids));
  const lines = input.lines.map((line) => {
    const item = items.find((i) => i.id === line.itemId && i.isVisible);
    if (!item) throw new ApiError(400, "Invalid order");
    return { unitPriceCents: item.priceCents, quantity: line.quantity, weightGrams: item.weightGrams };
  });
  lines.push(...(input.customLines ?? []));
  try {
    const price = priceOrder({ ...(await getPricingInputs()), lines, delivery, at: input.at ?? new Date() });
    return { ...price, delivery, address, taxLabels: price.taxes.map((t) => taxLabel(t, locale)) };
  } catch (error) {
    if (error instanceof ShippingUnavailable) throw new ApiError(400, NO_ZONE[locale], { province: NO_ZONE[locale] });
    throw error;
  }
}
