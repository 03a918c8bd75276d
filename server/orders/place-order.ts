import { DomainError } from "../errors.ts";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "../../domain/locale.ts";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { carts, inventoryItems, orderEvents, orderLines, orders, user } from "../db/schema.ts";
import type { Tx } from "../db/transaction.ts";
import type { CartOwner } from "../cart/cart-view.ts";
import type { ContactDetails } from "../../domain/guest-checkout.ts";
import { accountContact, recordOrderContact } from "./contact.ts";
import { cartChanged } from "../cart/cart-cache.ts";
import { freezeOrderQuotes } from "../quotes/workflow.ts";
import { newOrderId } from "./ids.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";
import { isSafeId } from "../http/safe-id.ts";
import { availableUnits } from "../inventory/availability.ts";
import { holdStock, mergeLines, type ReservedLine, type WantedLine } from "./stock.ts";
import { recordOrderPricing } from "./fulfilment.ts";
import { addressTag, checkUnitsHeldFrom, releaseGuestsOtherOrders, unpaidHoldUntil } from "./hold-limits.ts";
import { cancelOpenIntents } from "./release.ts";
import type { Address } from "../../domain/address.ts";
import type { ItemLineSummary } from "../../domain/cart-view.ts";
import type { Delivery, OrderPrice } from "../../domain/pricing.ts";
import {
  choosePromotionsFor,
  customLineKey,
  discountableLines,
  holdPromotionUses,
  itemLineKey,
  refusalError,
  type PromotionChoice,
} from "../promotions/apply.ts";

/**
 * Prices the lines as held (the server's prices, read under the hold) and the custom prints at
 * their quotes' prices, with the delivery: decision 029.
 */
export type OrderPricer = (
  reserved: ReservedLine[],
  custom: CustomOrderLine[],
  discount?: OrderDiscount,
) => { delivery: Delivery; address: Address | null; price: OrderPrice };

/** The studio's discount on an order, given its shipping before it (domain/pricing.ts). */
export type OrderDiscount = (shippingCents: number) => { goodsCents: number; shippingCents: number };

export const MAX_LINES = 100;
export const MAX_QUANTITY = 999;

/** Only ids and quantities are read: prices, names or totals sent by the browser are ignored. */
const lineSchema = z.object({
  itemId: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});
const orderSchema = z.object({ lines: z.array(z.unknown()).max(MAX_LINES) });
/** The checkout's discount field: as many characters as the page takes (a code itself is at most 32). */
export const MAX_TYPED_CODE = 100;
const discountCodeSchema = z.string().trim().max(MAX_TYPED_CODE).nullish();

/**
 * The discount code a JSON client sent (`discountCode`, optional): trimmed, and refused as the page
 * refuses a code it does not know when it is not a string or too long. Empty is no code.
 */
export function parseDiscountCode(input: unknown): string | undefined {
  const parsed = discountCodeSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("discount.unknown", { field: "discountCode" });
  return parsed.data || undefined;
}

/** Validates the browser's lines: 400 'Invalid quantity' (by item id) / 'Your cart is empty'. */
export function parseLines(input: unknown): WantedLine[] {
  const parsed = orderSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("checkout.invalid_order");
  if (parsed.data.lines.length === 0) throw new DomainError("cart.empty");
  const lines: WantedLine[] = [];
  const fields: Record<string, string> = {};
  for (const raw of parsed.data.lines) {
    const line = lineSchema.safeParse(raw);
    if (line.success && !isSafeId(line.data.itemId)) throw new DomainError("checkout.invalid_order");
    if (line.success) {
      lines.push(line.data);
      continue;
    }
    const id = (raw as { itemId?: unknown })?.itemId;
    if (!isSafeId(id) || id.length > 100) throw new DomainError("checkout.invalid_order");
    fields[id] = "invalid_quantity";
  }
  if (Object.keys(fields).length > 0) throw new DomainError("cart.invalid_quantity", { fields });
  const merged = mergeLines(lines);
  if (merged.some((line) => line.quantity > MAX_QUANTITY)) throw new DomainError("cart.invalid_quantity");
  return merged;
}

/**
 * A custom print as ordered: one line for the quote's parts at the quote's price (its quantity
 * discount included), so the line's quantity is 1 and the name says how many parts.
 */
export type CustomOrderLine = {
  quoteId: string;
  name: string;
  quantity: number;
  totalCents: number;
  /** All its parts; null when nobody weighed them (an older hand-priced quote). */ weightGrams: number | null;
};

export function customOrderLineValues(orderId: string, line: CustomOrderLine) {
  const parts = line.quantity > 1 ? ` × ${line.quantity}` : "";
  return {
    orderId,
    kind: "custom_print" as const,
    quoteId: line.quoteId,
    itemId: null,
    itemSlug: "custom-print",
    itemName: { en: `Custom print: ${line.name}${parts}`, fr: `Impression sur mesure\u00a0: ${line.name}${parts}` },
    unitPriceCents: line.totalCents,
    quantity: 1,
  };
}

/** Another placement by the same buyer finished while this one waited: read the cart's orders again. */
export class PlacedMeanwhile extends Error {}

export type PlacedOrder = { id: string; totalCents: number; currency: string; status: "pending"; reservedUntil: Date };

/**
 * Places an order in one transaction: reserves each line's stock with a conditional update, takes
 * the server's prices, computes the total, and writes the order (pending, held until
 * reservedUntil: a short while until its buyer starts paying), its lines and its first event. Any line failing rolls everything back.
 */
export async function placeOrder(input: {
  /** The account; null for a guest's order, which then needs its cart and its contact. */
  userId: string | null;
  /** The cart the order comes from: paying takes its lines out of it. */
  cart?: PlacingCart | null;
  /** Whom to write to about it; an account's own address (and the delivery's name and phone) when not given. */
  contact?: ContactDetails;
  locale: Locale;
  lines: WantedLine[];
  customLines?: CustomOrderLine[];
  now?: Date;
  pricer?: OrderPricer;
  /** The cart's path: the buyer has no other unpaid order (it resumed or cancelled them first). */
  onlyUnpaidOrder?: boolean;
  /** Written in the order's own transaction (a guest's access key and link), so that no order is without it. */
  onPlaced?: (tx: Tx, order: PlacedOrder) => Promise<void>;
  /** The client address that places it (hold-limits.ts): what one address holds unpaid is capped. */
  clientAddress?: string;
  /** The discount code the buyer typed, if any; automatic promotions apply to a priced order anyway. */
  discountCode?: unknown;
}): Promise<PlacedOrder> {
  const db = await getDb();
  const now = input.now ?? new Date();
  const id = newOrderId((await getStudioIdentity()).orderPrefix);
  const reservedUntil = unpaidHoldUntil(now);
  const placedFrom = input.clientAddress ? addressTag(input.clientAddress) : null;
  const cartId = input.cart?.id ?? null;
  if (input.userId === null && (!cartId || !input.contact))
    throw new Error("A guest's order needs its cart and contact");
  const replaced: string[] = [];
  const placed = await db.transaction(async (tx) => {
    // One placement at a time per buyer (an account, or a guest's cart): a double click or two tabs
    // wait here, and the second finds the first's order (PlacedMeanwhile) instead of holding twice.
    let account: { email: string; username: string } | undefined;
    if (input.userId) {
      [account] = await tx
        .select({ email: user.email, username: user.username })
        .from(user)
        .where(eq(user.id, input.userId))
        .for("update");
      if (!account) throw new DomainError("account.not_found");
    } else await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId!)).for("update");
    if (input.onlyUnpaidOrder) {
      const [other] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(ordersOfBuyer(input.userId, cartId), eq(orders.status, "pending"), gt(orders.reservedUntil, now)))
        .limit(1);
      if (other) throw new PlacedMeanwhile();
    }
    if (input.userId === null)
      replaced.push(...(await releaseGuestsOtherOrders(tx, { email: input.contact!.email, cartId: cartId!, now })));
    // The order first (its holds refer to it), its total once the holds gave the server's prices.
    await tx.insert(orders).values({
      id,
      userId: input.userId,
      cartId,
      status: "pending",
      totalCents: 0,
      currency: config.currency,
      locale: input.locale,
      reservedUntil,
      placedFrom,
      createdAt: now,
      updatedAt: now,
    });
    const reserved = input.lines.length > 0 ? await holdStock(tx, id, input.lines) : [];
    const customLines = input.customLines ?? [];
    let priced = input.pricer?.(reserved, customLines);
    let promotion: PromotionChoice | null = null;
    const buyer = { userId: input.userId, email: input.contact?.email ?? null };
    if (priced) {
      // The promotions are chosen under their rows' locks, on the prices read under the stock's holds.
      const discountable = await discountableLines(
        tx,
        reserved.map((line) => ({ itemId: line.itemId, totalCents: line.unitPriceCents * line.quantity })),
        customLines.map((line) => ({ quoteId: line.quoteId, totalCents: line.totalCents })),
      );
      promotion = await choosePromotionsFor(tx, {
        code: input.discountCode,
        buyer,
        lines: discountable,
        shippingCents: priced.price.shippingCents,
        now,
        lock: true,
      });
      if (promotion.codeRefusal) throw refusalError(promotion.codeRefusal);
      const { goodsCents, shippingCents } = promotion;
      if (promotion.totalCents > 0)
        priced = input.pricer!(reserved, customLines, () => ({ goodsCents, shippingCents }));
    }
    const totalCents = priced
      ? priced.price.totalCents
      : reserved.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0) +
        customLines.reduce((sum, line) => sum + line.totalCents, 0);
    // Past the bound the order is refused (and rolled back) before its total is written.
    if (totalCents > config.orderMaxTotalCents) throw new DomainError("order.total_over_limit");
    const codeUsed = promotion?.applied.some((d) => promotion.promotions.get(d.promotionId)?.code) ?? false;
    await tx
      .update(orders)
      .set({
        totalCents,
        discountCents: promotion?.totalCents ?? 0,
        discountCode: codeUsed ? promotion!.code : null,
      })
      .where(eq(orders.id, id));
    // The cart's drawer now says its lines sit in this order, awaiting payment.
    if (input.cart) cartChanged(input.cart.owner);
    else if (input.userId) cartChanged({ userId: input.userId });
    await tx.insert(orderLines).values([
      ...reserved.map((line) => ({
        orderId: id,
        itemId: line.itemId,
        itemSlug: line.slug,
        itemName: line.name,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        discountCents: promotion?.lines.get(itemLineKey(line.itemId)) ?? 0,
      })),
      ...customLines.map((line) => ({
        ...customOrderLineValues(id, line),
        discountCents: promotion?.lines.get(customLineKey(line.quoteId)) ?? 0,
      })),
    ]);
    if (promotion) await holdPromotionUses(tx, id, buyer, promotion);
    // What its client address holds unpaid, this order's lines included (refused, all is rolled back).
    if (placedFrom) await checkUnitsHeldFrom(tx, placedFrom, now);
    if (priced) await recordOrderPricing(tx, id, priced);
    await recordOrderContact(tx, id, input.contact ?? accountContact(account!, priced?.address ?? null));
    await freezeOrderQuotes(
      tx,
      id,
      customLines.map((line) => ({ quoteId: line.quoteId, totalCents: line.totalCents })),
      now,
    );
    await tx
      .insert(orderEvents)
      .values({ orderId: id, status: "pending", actorUserId: input.userId, reason: "placed", createdAt: now });
    const placed = { id, totalCents, currency: config.currency, status: "pending" as const, reservedUntil };
    await input.onPlaced?.(tx, placed);
    return placed;
  });
  for (const orderId of replaced) await cancelOpenIntents(orderId);
  return placed;
}

/** The cart an order is placed from, and whose header shows it. */
export type PlacingCart = { id: string; owner: CartOwner };

/** An account's orders, or a guest's placed from this cart (a guest's orders belong to no account). */
export function ordersOfBuyer(userId: string | null, cartId: string | null) {
  return userId ? eq(orders.userId, userId) : and(isNull(orders.userId), eq(orders.cartId, cartId ?? ""));
}

export type QuoteLine = ItemLineSummary & {
  stock: number;
  available: boolean;
};

/** The cart priced by the server, for the review before the order is placed (nothing is held). */
export async function quoteLines(
  lines: WantedLine[],
): Promise<{ lines: QuoteLine[]; totalCents: number; currency: string }> {
  const db = await getDb();
  const merged = mergeLines(lines);
  const items = merged.length
    ? await db
        .select()
        .from(inventoryItems)
        .where(
          inArray(
            inventoryItems.id,
            merged.map((l) => l.itemId),
          ),
        )
    : [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const available = await availableUnits(
    db,
    merged.map((l) => l.itemId),
  );
  const out: QuoteLine[] = [];
  for (const line of merged) {
    const item = byId.get(line.itemId);
    // Hidden items never leave the server: they show only as unavailable.
    if (!item || !item.isVisible) {
      out.push({
        itemId: line.itemId,
        slug: "",
        name: { en: "", fr: "" },
        image: "",
        unitPriceCents: 0,
        quantity: line.quantity,
        stock: 0,
        available: false,
      });
      continue;
    }
    out.push({
      itemId: item.id,
      slug: item.slug,
      name: { en: item.translations.en.name, fr: item.translations.fr?.name || item.translations.en.name },
      image: item.images.main,
      unitPriceCents: item.priceCents,
      quantity: line.quantity,
      stock: available.get(item.id) ?? 0,
      available: (available.get(item.id) ?? 0) >= line.quantity,
    });
  }
  const totalCents = out.filter((l) => l.available).reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return { lines: out, totalCents, currency: config.currency };
}
