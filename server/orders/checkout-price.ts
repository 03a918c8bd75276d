import { inArray } from "drizzle-orm";
import { validateAddress, type Address } from "../../domain/address.ts";
import type { Locale } from "../../domain/locale.ts";
import { priceOrder, type Delivery, type OrderPrice } from "../../domain/pricing.ts";
import { ShippingUnavailable } from "../../domain/shipping.ts";
import { taxLabel } from "../../domain/tax.ts";
import { getDb } from "../db/index.ts";
import { inventoryItems } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { getPricingInputs } from "../settings/shop-settings.ts";
import type { WantedLine } from "./stock.ts";
import { choosePromotionsFor, discountableLines, type Buyer, type PromotionChoice } from "../promotions/apply.ts";

/**
 * Prices a checkout from the server's own data (decision 029): item prices and weights from the
 * catalogue, the delivery choice and address as the buyer gave them, validated here. Checkout
 * calls it to show the quote and again when placing the order (then `recordOrderPricing`).
 */
export type CheckoutPrice = OrderPrice & {
  delivery: Delivery;
  address: Address | null;
  taxLabels: string[];
  /** The promotions it gets and what became of the code typed; null when none was asked for. */
  promotion: PromotionChoice | null;
};

/** A line priced elsewhere (a custom print at its quote's price), with its shipping weight. */
export type PricedLine = { unitPriceCents: number; quantity: number; weightGrams: number; quoteId?: string };

export async function priceCheckout(input: {
  lines: WantedLine[];
  customLines?: PricedLine[];
  method: unknown;
  address?: unknown;
  locale: Locale;
  at?: Date;
  /** Who buys and the code they typed: the promotions are shown as the order will get them (nothing is held). */
  discount?: { code: unknown; buyer: Buyer };
}): Promise<CheckoutPrice> {
  const { locale } = input;
  if (input.method !== "ship" && input.method !== "pickup")
    throw new DomainError("checkout.invalid_method", { field: "method" });
  let address: Address | null = null;
  let delivery: Delivery = { method: "pickup" };
  if (input.method === "ship") {
    const checked = validateAddress(input.address ?? {});
    if (!checked.ok)
      throw new DomainError("checkout.invalid_address", { fields: checked.errors as Record<string, string> });
    address = checked.value;
    delivery = { method: "ship", province: address.province };
  }
  const db = await getDb();
  const ids = input.lines.map((line) => line.itemId);
  const items =
    ids.length === 0
      ? []
      : await db
          .select({
            id: inventoryItems.id,
            priceCents: inventoryItems.priceCents,
            weightGrams: inventoryItems.weightGrams,
            isVisible: inventoryItems.isVisible,
          })
          .from(inventoryItems)
          .where(inArray(inventoryItems.id, ids));
  const lines = input.lines.map((line) => {
    const item = items.find((i) => i.id === line.itemId && i.isVisible);
    if (!item) throw new DomainError("checkout.invalid_order");
    // Never priced as 0 g: an item the owner has not weighed cannot be shipped yet.
    if (delivery.method === "ship" && item.weightGrams <= 0)
      throw new DomainError("checkout.item_without_weight", { field: "method" });
    return { unitPriceCents: item.priceCents, quantity: line.quantity, weightGrams: item.weightGrams };
  });
  const customLines = input.customLines ?? [];
  lines.push(...customLines);
  const at = input.at ?? new Date();
  try {
    const pricing = await getPricingInputs();
    let price = priceOrder({ ...pricing, lines, delivery, at });
    let promotion: PromotionChoice | null = null;
    if (input.discount) {
      const discountable = await discountableLines(
        db,
        input.lines.map((line, i) => ({ itemId: line.itemId, totalCents: lines[i]!.unitPriceCents * line.quantity })),
        customLines.map((line, i) => ({
          quoteId: line.quoteId ?? String(i),
          totalCents: line.unitPriceCents * line.quantity,
        })),
      );
      promotion = await choosePromotionsFor(db, {
        ...input.discount,
        lines: discountable,
        shippingCents: price.shippingCents,
        now: at,
      });
      const { goodsCents, shippingCents } = promotion;
      if (promotion.totalCents > 0)
        price = priceOrder({ ...pricing, lines, delivery, at, discount: () => ({ goodsCents, shippingCents }) });
    }
    return { ...price, delivery, address, taxLabels: price.taxes.map((t) => taxLabel(t, locale)), promotion };
  } catch (error) {
    if (error instanceof ShippingUnavailable) throw new DomainError("checkout.no_shipping_zone", { field: "province" });
    throw error;
  }
}
